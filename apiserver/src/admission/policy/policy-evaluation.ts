// One evaluation of a ValidatingAdmissionPolicy for one binding and parameter (kube's
// validator.Validate): the match conditions, then the validations, their messageExpressions and the
// audit annotations, within the runtime cost budget. An error follows the failure policy: Fail
// denies with it, Ignore admits.

import { maxEvaluatedMessageExpressionSizeBytes, outOfCostBudgetMessage, runtimeCelCostBudget, runtimeCelCostBudgetMatchConditions } from '@capstan/common/cel';
import type { CompiledExpression, CompiledPolicy } from './compile-policy.ts';
import { PolicyActivation, runExpression, type ExpressionResult, type PolicyInput } from './policy-activation.ts';
import { withSettledAuthorizer } from './policy-authorizer.ts';

export type PolicyDecision =
  | { readonly action: 'admit' }
  /** `index` is the validation's (kube's expressionIndex); undefined for errors of the whole evaluation. */
  | { readonly action: 'deny'; readonly message: string; readonly reason: string | undefined; readonly index: number | undefined };

export type AuditAnnotationResult = { readonly key: string; readonly value: string } | { readonly key: string; readonly error: string };

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
): { results: ExpressionResult[]; remaining: number } | { outOfBudget: true } {
  const results: ExpressionResult[] = [];
  let remaining = budget;
  for (const expression of expressions) {
    const result = runExpression(expression, activation.variables);
    // Variables first evaluated by this expression are charged to it, as kube's composition does.
    const composition = activation.compositionCost;
    activation.compositionCost = 0;
    if (composition > remaining) return { outOfBudget: true };
    remaining -= composition;
    if (result.cost > remaining) return { outOfBudget: true };
    remaining -= result.cost;
    results.push(result);
  }
  return { results, remaining };
}

const errorDecision = (policy: CompiledPolicy, message: string, index?: number): PolicyDecision =>
  policy.failurePolicy === 'Ignore' ? { action: 'admit' } : { action: 'deny', message, reason: undefined, index };

/** kube's matchConditions matcher (of policies and webhooks): any false condition skips the policy; else errors follow the failure policy. */
export function matchConditions(conditions: CompiledPolicy['matchConditions'], input: PolicyInput): 'match' | 'skip' | { readonly error: string } {
  if (conditions.length === 0) return 'match';
  const pass = evaluatePass(conditions, new PolicyActivation(input, { authorizer: true, variables: [] }), runtimeCelCostBudgetMatchConditions);
  if ('outOfBudget' in pass) return { error: outOfCostBudgetMessage };
  const errors: string[] = [];
  for (const result of pass.results) {
    if ('error' in result) errors.push(result.error);
    else if (result.value === false) return 'skip';
  }
  if (errors.length === 0) return 'match';
  return { error: errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]` };
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
  if ('outOfBudget' in pass) return [errorDecision(policy, outOfCostBudgetMessage)];
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
    if ('error' in result) return errorDecision(policy, result.error, i);
    if ('outOfBudget' in messagePass) return errorDecision(policy, `failed messageExpression: ${outOfCostBudgetMessage}`, i);
    if (result.value === true) return { action: 'admit' };
    return { action: 'deny', message: failureMessage(validation, messageResults.get(i)), reason: validation.reason ?? 'Invalid', index: i };
  });
}

function auditAnnotations(policy: CompiledPolicy, input: PolicyInput): AuditAnnotationResult[] | { readonly error: string } {
  if (policy.auditAnnotations.length === 0) return [];
  // kube binds no authorizer to audit annotations.
  const pass = evaluatePass(policy.auditAnnotations, new PolicyActivation(input, { authorizer: false, variables: policy.variables }), runtimeCelCostBudget);
  if ('outOfBudget' in pass) return { error: outOfCostBudgetMessage };
  return pass.results.flatMap((result, i): AuditAnnotationResult[] => {
    const { key, expression } = policy.auditAnnotations[i] as CompiledPolicy['auditAnnotations'][number];
    if ('error' in result) return policy.failurePolicy === 'Ignore' ? [] : [{ key, error: result.error }];
    if (result.value === null) return [];
    if (typeof result.value !== 'string') {
      return [{ key, error: `valueExpression '${expression}' resulted in unsupported return type: ${typeof result.value}. Return type must be either string or null.` }];
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
    if (matched !== 'match') return { decisions: [errorDecision(policy, matched.error)], auditAnnotations: [] };
    const decisions = validate(policy, input);
    const annotations = auditAnnotations(policy, input);
    if ('error' in annotations) return { decisions: [errorDecision(policy, annotations.error)], auditAnnotations: [] };
    return { decisions, auditAnnotations: annotations };
  });
}
