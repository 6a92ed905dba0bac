// A ValidatingAdmissionPolicy compiled for evaluation, as kube's validating plugin compiles it when
// the policy changes: every expression in the stored expressions environment (what was written
// once keeps working), with the variables of its use. An expression that does not compile is kept
// with its error, which its evaluation then reports (kube's "compilation error: ...").

import {
  admissionTypeIdentifiers,
  admissionVariables,
  compileExpression,
  formatIssues,
  kubernetesEnvSet,
  VariableComposition,
  type CelProgram,
  type CelType,
} from '@capstan/common/cel';
import type { ValidatingAdmissionPolicy } from '@capstan/common/api-types/admissionregistration-v1';
import { policyMatchCriteria, type MatchCriteria } from '../matching/match-request.ts';

/** One expression: its program, or why it has none. */
export type CompiledExpression = { readonly expression: string; readonly program: CelProgram } | { readonly expression: string; readonly error: string };

export interface CompiledValidation {
  readonly condition: CompiledExpression;
  readonly message: string;
  readonly messageExpression: CompiledExpression | undefined;
  readonly reason: string | undefined;
}

export interface CompiledPolicy {
  readonly name: string;
  readonly failurePolicy: 'Fail' | 'Ignore';
  readonly paramKind: { readonly apiVersion: string; readonly kind: string } | undefined;
  readonly matchConstraints: MatchCriteria | undefined;
  readonly matchConditions: readonly (CompiledExpression & { readonly name: string })[];
  /** In the order they are declared: each sees the ones before it. */
  readonly variables: readonly (CompiledExpression & { readonly name: string })[];
  readonly validations: readonly CompiledValidation[];
  readonly auditAnnotations: readonly (CompiledExpression & { readonly key: string })[];
}

type Declarations = ReadonlyMap<string, CelType>;

/** The expression compiled, with its checked type (undefined when it did not compile). */
function compileTyped(expression: string, declarations: Declarations): { readonly compiled: CompiledExpression; readonly type: CelType | undefined } {
  const environment = kubernetesEnvSet().storedExpressions;
  const result = compileExpression(expression, { environment, variables: declarations });
  if (!result.ok) return { compiled: { expression, error: `compilation failed: ${formatIssues(expression, result.issues)}` }, type: undefined };
  return { compiled: { expression, program: result.compiled.program }, type: result.compiled.checked.type };
}

export const compile = (expression: string, declarations: Declarations): CompiledExpression => compileTyped(expression, declarations).compiled;

/** The fields validating and mutating policies share, as both plugins read them. */
export interface PolicySpecCommon {
  readonly paramKind?: { readonly apiVersion?: string; readonly kind?: string } | null;
  readonly matchConstraints?: Parameters<typeof policyMatchCriteria>[0];
  readonly variables?: readonly { readonly name: string; readonly expression: string }[];
  readonly failurePolicy?: string;
  readonly matchConditions?: readonly { readonly name: string; readonly expression: string }[];
}

/** What both kinds of policy compile alike, and how their own expressions are declared. */
export interface CompiledCommonParts extends Omit<CompiledPolicy, 'validations' | 'auditAnnotations'> {
  /** The declarations of an expression that sees `variables` (when the policy has some) and the given variables. */
  readonly composed: (declarations: Declarations) => Declarations;
  readonly hasParams: boolean;
}

/** Compiles a policy's match conditions and its variables, in order, each seeing the ones before it. */
export function compilePolicyCommon(name: string, spec: PolicySpecCommon): CompiledCommonParts {
  const hasParams = spec.paramKind !== undefined && spec.paramKind !== null;
  const variables = spec.variables ?? [];
  const typeIdentifiers = admissionTypeIdentifiers(variables.length > 0);
  const withAuthorizer = admissionVariables({ hasParams, hasAuthorizer: true });
  const declared = (declarations: Declarations): Declarations => new Map([...admissionTypeIdentifiers(false), ...declarations]);
  const composition = new VariableComposition(kubernetesEnvSet().storedExpressions, withAuthorizer);
  const compiledVariables = variables.map((variable) => {
    const { compiled, type } = compileTyped(variable.expression, new Map([...typeIdentifiers, ...composition.declarations()]));
    composition.declare(variable.name, type);
    return { ...compiled, name: variable.name };
  });
  return {
    name,
    hasParams,
    failurePolicy: spec.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail',
    paramKind: hasParams ? { apiVersion: spec.paramKind?.apiVersion ?? '', kind: spec.paramKind?.kind ?? '' } : undefined,
    matchConstraints: spec.matchConstraints === undefined ? undefined : policyMatchCriteria(spec.matchConstraints),
    matchConditions: (spec.matchConditions ?? []).map((condition) => ({ ...compile(condition.expression, declared(withAuthorizer)), name: condition.name })),
    variables: compiledVariables,
    composed: (declarations) => (variables.length === 0 ? declared(declarations) : new Map([...typeIdentifiers, ...composition.declarations(declarations)])),
  };
}

export function compilePolicy(policy: ValidatingAdmissionPolicy): CompiledPolicy {
  const spec = policy.spec ?? {};
  const { composed, hasParams, ...common } = compilePolicyCommon(policy.metadata?.name ?? '', spec);
  const withAuthorizer = admissionVariables({ hasParams, hasAuthorizer: true });
  const withoutAuthorizer = admissionVariables({ hasParams, hasAuthorizer: false });
  return {
    ...common,
    validations: (spec.validations ?? []).map((validation) => ({
      condition: compile(validation.expression, composed(withAuthorizer)),
      message: validation.message ?? '',
      messageExpression:
        validation.messageExpression === undefined || validation.messageExpression === '' ? undefined : compile(validation.messageExpression, composed(withoutAuthorizer)),
      reason: validation.reason,
    })),
    auditAnnotations: (spec.auditAnnotations ?? []).map((annotation) => ({ ...compile(annotation.valueExpression.trim(), composed(withAuthorizer)), key: annotation.key })),
  };
}
