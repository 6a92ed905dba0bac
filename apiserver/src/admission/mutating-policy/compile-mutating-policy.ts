// A MutatingAdmissionPolicy compiled for evaluation, as kube's mutating plugin compiles it when the
// policy changes: its match conditions and variables as a validating policy's, and each mutation's
// expression with the patch types (`Object{...}` and `JSONPatch{...}`) declared. An expression that
// does not compile is kept with its error, which its evaluation then reports.

import { admissionVariables } from '@capstan/common/cel';
import { compilePolicyCommon, type CompiledCommonParts, type CompiledExpression, type PolicySpecCommon } from '../policy/compile-policy.ts';
import { compileMutationExpression } from './mutation-expression.ts';

/** The fields of a MutatingAdmissionPolicy (admissionregistration.k8s.io/v1beta1) the plugin reads. */
export interface MutatingAdmissionPolicyObject {
  readonly metadata?: { readonly name?: string };
  readonly spec?: PolicySpecCommon & {
    readonly mutations?: readonly {
      readonly patchType: string;
      readonly applyConfiguration?: { readonly expression?: string };
      readonly jsonPatch?: { readonly expression?: string };
    }[];
    readonly reinvocationPolicy?: string;
  };
}

export type PatchType = 'ApplyConfiguration' | 'JSONPatch';

export interface CompiledMutation {
  readonly patchType: PatchType;
  readonly expression: CompiledExpression;
}

export interface CompiledMutatingPolicy extends Omit<CompiledCommonParts, 'composed' | 'hasParams'> {
  readonly mutations: readonly CompiledMutation[];
  readonly reinvocationPolicy: 'Never' | 'IfNeeded';
}

export function compileMutatingPolicy(policy: MutatingAdmissionPolicyObject): CompiledMutatingPolicy {
  const spec = policy.spec ?? {};
  const { composed, hasParams, ...common } = compilePolicyCommon(policy.metadata?.name ?? '', spec);
  const withAuthorizer = composed(admissionVariables({ hasParams, hasAuthorizer: true }));
  return {
    ...common,
    mutations: (spec.mutations ?? []).map((mutation): CompiledMutation => {
      const patchType: PatchType = mutation.patchType === 'JSONPatch' ? 'JSONPatch' : 'ApplyConfiguration';
      const expression = (patchType === 'JSONPatch' ? mutation.jsonPatch?.expression : mutation.applyConfiguration?.expression) ?? '';
      return { patchType, expression: compileMutationExpression(patchType, expression.trim(), withAuthorizer) };
    }),
    reinvocationPolicy: spec.reinvocationPolicy === 'IfNeeded' ? 'IfNeeded' : 'Never',
  };
}
