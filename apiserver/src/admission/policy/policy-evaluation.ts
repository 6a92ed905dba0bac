// One evaluation of a ValidatingAdmissionPolicy for one binding and parameter (kube's
// validator.Validate): the match conditions, then the validations, their messageExpressions and the
// audit annotations, within the runtime cost budget. An error follows the failure policy: Fail
// denies with it, Ignore admits.

import { maxEvaluatedMessageExpressionSizeBytes, outOfCostBudgetMessage, runtimeCelCostBudget, runtimeCelCostBudgetMatchConditions } from '@capstan/common/cel';
import type { CompiledExpression, CompiledPolicy } from './compile-policy.ts';
import { PolicyActivation, runExpression, type ExpressionResult, type PolicyInput } from './policy-activation.ts';
import { withSettledAuthorizer } from './policy-authorizer.ts';

/** `elapsed`: the seconds its expression took (apiserver_validating_admission_policy_check_duration_seconds). */
export type PolicyDecision =
  /** `error`: the evaluation failed and failurePolicy Ignore let the request pass. */
  | { readonly action: 'admit'; readonly error?: string; readonly elapsed: number }
  /** `index` is the validation's (kube's expressionIndex); undefined for errors of the whole evaluation. */
  | { readonly action: 'deny'; readonly message: string; readonly reason: string | undefined; readonly index: number | undefined; readonly elapsed: number };

export type AuditAnnotationResult = { readonly key: string; readonly value: string } | { readonly key: string; readonly error: string; readonly elapsed: number };

export interface PolicyEvaluation {
  readonly decisions: readonly PolicyDecision[];
  readonly auditAnnotations: readonly AuditAnnotationResult[];
}

const nothing: PolicyEvaluation = { decisions: [], auditAnnotations: [] };

/** Expressions evaluated in order against one budget; past it, the whole pass fails (kube's ForInput error). */
function evaluatePass(
  expressions: readonly CompiledExpression[],
  activation: PolicyActivation,
  budget: number,
): { results: ExpressionResult[]; elapsed: number[]; remaining: number } | { outOfBudget: true; elapsed: number } {
  const results: ExpressionResult[] = [];
  const elapsed: number[] = [];
  let remaining = budget;
  const passStarted = performance.now();
  for (const expression of expressions) {
    const started = performance.now();
    const result = runExpression(expression, activation.variables);
    elapsed.push((performance.now() - started) / 1000);
    // Variables first evaluated by this expression are charged to it, as kube's composition does.
    const composition = activation.compositionCost;
    activation.compositionCost = 0;
    if (composition > remaining || result.cost > remaining) return { outOfBudget: true, elapsed: (performance.now() - passStarted) / 1000 };
    remaining -= composition + result.cost;
    results.push(result);
  }
  return { results, elapsed, remaining };
}

const errorDecision = (policy: CompiledPolicy, message: string, elapsed: number, index?: number): PolicyDecision =>
  policy.failurePolicy === 'Ignore' ? { action: 'admit', error: message, elapsed } : { action: 'deny', message, reason: undefined, index, elapsed };

/** kube's matchConditions matcher (of policies and webhooks): any false condition skips the policy; else errors follow the failure policy. */
export function matchConditions(conditions: CompiledPolicy['matchConditions'], input: PolicyInput): 'match' | 'skip' | { readonly error: string; readonly elapsed: number } {
  if (conditions.length === 0) return 'match';
  const pass = evaluatePass(conditions, new PolicyActivation(input, { authorizer: true, variables: [] }), runtimeCelCostBudgetMatchConditions);
  if ('outOfBudget' in pass) return { error: outOfCostBudgetMessage, elapsed: pass.elapsed };
  const errors: string[] = [];
  for (const result of pass.results) {
    if ('error' in result) errors.push(result.error);
    else if (result.value === false) return 'skip';
  }
  if (errors.length === 0) return 'match';
  return { error: errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`, elapsed: pass.elapsed.reduce((sum, seconds) => sum + seconds, 0) };
}

/** The message of a failed validation: its messageExpression's (one line, not too long), its message, or the expression. */
function failureMessage(validation: CompiledPolicy['validations'][number], messageResult: ExpressionResult | undefined): string {
  if (messageResult !== undefined && 'value' in messageResult && typeof messageResult.value === 'string') {
    const message = messageResult.value.trim();
    if (message !== '' && Buffer.byteLength(message) <= maxEvaluatedMessageExpressionSizeBytes && !message.includes('\n')) return message;
  }
  if (validation.message.trim() !== '') return validation.message.trim();
  return `failed expression: ${validation.condition.expression.trim()}`;
}

function validate(policy: CompiledPolicy, input: PolicyInput): PolicyDecision[] {
  const pass = evaluatePass(
    policy.validations.map((validation) => validation.condition),
    new PolicyActivation(input, { authorizer: true, variables: policy.variables }),
    runtimeCelCostBudget,
  );
  if ('outOfBudget' in pass) return [errorDecision(policy, outOfCostBudgetMessage, pass.elapsed)];
  // Every messageExpression is evaluated, on what the validations left of the budget.
  const withMessages = policy.validations.flatMap((validation, i) => (validation.messageExpression === undefined ? [] : [{ i, expression: validation.messageExpression }]));
  const messagePass = evaluatePass(
    withMessages.map(({ expression }) => expression),
    new PolicyActivation(input, { authorizer: false, variables: policy.variables }),
    pass.remaining,
  );
  const messageResults = new Map<number, ExpressionResult>('outOfBudget' in messagePass ? [] : withMessages.map(({ i }, j) => [i, messagePass.results[j] as ExpressionResult]));
  return pass.results.map((result, i): PolicyDecision => {
    const validation = policy.validations[i] as CompiledPolicy['validations'][number];
    const elapsed = pass.elapsed[i] ?? 0;
    if ('error' in result) return errorDecision(policy, result.error, elapsed, i);
    if ('outOfBudget' in messagePass) return errorDecision(policy, `failed messageExpression: ${outOfCostBudgetMessage}`, elapsed, i);
    if (result.value === true) return { action: 'admit', elapsed };
    return { action: 'deny', message: failureMessage(validation, messageResults.get(i)), reason: validation.reason ?? 'Invalid', index: i, elapsed };
  });
}

function auditAnnotations(policy: CompiledPolicy, input: PolicyInput): AuditAnnotationResult[] | { readonly error: string; readonly elapsed: number } {
  if (policy.auditAnnotations.length === 0) return [];
  // kube binds no authorizer to audit annotations.
  const pass = evaluatePass(policy.auditAnnotations, new PolicyActivation(input, { authorizer: false, variables: policy.variables }), runtimeCelCostBudget);
  if ('outOfBudget' in pass) return { error: outOfCostBudgetMessage, elapsed: pass.elapsed };
  return pass.results.flatMap((result, i): AuditAnnotationResult[] => {
    const { key, expression } = policy.auditAnnotations[i] as CompiledPolicy['auditAnnotations'][number];
    const elapsed = pass.elapsed[i] ?? 0;
    if ('error' in result) return policy.failurePolicy === 'Ignore' ? [] : [{ key, error: result.error, elapsed }];
    if (result.value === null) return [];
    if (typeof result.value !== 'string') {
      return [{ key, error: `valueExpression '${expression}' resulted in unsupported return type: ${typeof result.value}. Return type must be either string or null.`, elapsed }];
    }
    const value = result.value.trim();
    return value === '' ? [] : [{ key, value }];
  });
}

/** The policy's decisions and audit annotations for one binding and parameter. */
export async function evaluatePolicy(policy: CompiledPolicy, input: PolicyInput): Promise<PolicyEvaluation> {
  return withSettledAuthorizer(input.authorizer, () => {
    const matched = matchConditions(policy.matchConditions, input);
    if (matched === 'skip') return nothing;
    if (matched !== 'match') return { decisions: [errorDecision(policy, matched.error, matched.elapsed)], auditAnnotations: [] };
    const decisions = validate(policy, input);
    const annotations = auditAnnotations(policy, input);
    if ('error' in annotations) return { decisions: [errorDecision(policy, annotations.error, annotations.elapsed)], auditAnnotations: [] };
    return { decisions, auditAnnotations: annotations };
  });
}
