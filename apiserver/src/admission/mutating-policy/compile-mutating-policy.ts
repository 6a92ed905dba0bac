// A MutatingAdmissionPolicy compiled for evaluation, as kube's mutating plugin compiles it when the
// policy changes: its match conditions and variables as a validating policy's, and each mutation's
// expression with the patch types (`Object{...}` and `JSONPatch{...}`) declared. An expression that
// does not compile is kept with its error, which its evaluation then reports.

import { admissionTypeIdentifiers, admissionVariables, VariableComposition, kubernetesEnvSet, type CelType } from '@capstan/common/cel';
import { policyMatchCriteria, type MatchCriteria } from '../matching/match-request.ts';
import { compile, compileTyped, type CompiledExpression } from '../policy/compile-policy.ts';
import { compileMutationExpression } from './mutation-expression.ts';

/** The fields of a MutatingAdmissionPolicy (admissionregistration.k8s.io/v1beta1) the plugin reads. */
export interface MutatingAdmissionPolicyObject {
  readonly metadata?: { readonly name?: string };
  readonly spec?: {
    readonly paramKind?: { readonly apiVersion?: string; readonly kind?: string } | null;
    readonly matchConstraints?: Parameters<typeof policyMatchCriteria>[0];
    readonly variables?: readonly { readonly name: string; readonly expression: string }[];
    readonly mutations?: readonly {
      readonly patchType: string;
      readonly applyConfiguration?: { readonly expression?: string };
      readonly jsonPatch?: { readonly expression?: string };
    }[];
    readonly failurePolicy?: string;
    readonly matchConditions?: readonly { readonly name: string; readonly expression: string }[];
    readonly reinvocationPolicy?: string;
  };
}

export type PatchType = 'ApplyConfiguration' | 'JSONPatch';

export interface CompiledMutation {
  readonly patchType: PatchType;
  readonly expression: CompiledExpression;
}

export interface CompiledMutatingPolicy {
  readonly name: string;
  readonly failurePolicy: 'Fail' | 'Ignore';
  readonly paramKind: { readonly apiVersion: string; readonly kind: string } | undefined;
  readonly matchConstraints: MatchCriteria | undefined;
  readonly matchConditions: readonly (CompiledExpression & { readonly name: string })[];
  /** In the order they are declared: each sees the ones before it. */
  readonly variables: readonly (CompiledExpression & { readonly name: string })[];
  readonly mutations: readonly CompiledMutation[];
  readonly reinvocationPolicy: 'Never' | 'IfNeeded';
}

type Declarations = ReadonlyMap<string, CelType>;

export function compileMutatingPolicy(policy: MutatingAdmissionPolicyObject): CompiledMutatingPolicy {
  const spec = policy.spec ?? {};
  const hasParams = spec.paramKind !== undefined && spec.paramKind !== null;
  const variables = spec.variables ?? [];
  const typeIdentifiers = admissionTypeIdentifiers(variables.length > 0);
  const withAuthorizer = admissionVariables({ hasParams, hasAuthorizer: true });
  const declared = (declarations: Declarations): Declarations => new Map([...admissionTypeIdentifiers(false), ...declarations]);
  // Variables are declared one by one: each compiles against the ones before it.
  const composition = new VariableComposition(kubernetesEnvSet().storedExpressions, withAuthorizer);
  const compiledVariables = variables.map((variable) => {
    const { compiled, type } = compileTyped(variable.expression, new Map([...typeIdentifiers, ...composition.declarations()]));
    composition.declare(variable.name, type);
    return { ...compiled, name: variable.name };
  });
  const composed = variables.length === 0 ? declared(withAuthorizer) : new Map([...typeIdentifiers, ...composition.declarations(withAuthorizer)]);
  return {
    name: policy.metadata?.name ?? '',
    failurePolicy: spec.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail',
    paramKind: hasParams ? { apiVersion: spec.paramKind?.apiVersion ?? '', kind: spec.paramKind?.kind ?? '' } : undefined,
    matchConstraints: spec.matchConstraints === undefined ? undefined : policyMatchCriteria(spec.matchConstraints),
    matchConditions: (spec.matchConditions ?? []).map((condition) => ({ ...compile(condition.expression, declared(withAuthorizer)), name: condition.name })),
    variables: compiledVariables,
    mutations: (spec.mutations ?? []).map((mutation): CompiledMutation => {
      const patchType: PatchType = mutation.patchType === 'JSONPatch' ? 'JSONPatch' : 'ApplyConfiguration';
      const expression = (patchType === 'JSONPatch' ? mutation.jsonPatch?.expression : mutation.applyConfiguration?.expression) ?? '';
      return { patchType, expression: compileMutationExpression(patchType, expression.trim(), composed) };
    }),
    reinvocationPolicy: spec.reinvocationPolicy === 'IfNeeded' ? 'IfNeeded' : 'Never',
  };
}
