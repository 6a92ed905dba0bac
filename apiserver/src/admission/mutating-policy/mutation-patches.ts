// One mutation of a MutatingAdmissionPolicy applied to the object as its policy sees it (kube's
// ApplyConfiguration and JSONPatch patchers): its expression evaluated within the runtime cost
// budget, its result read as an apply configuration merged into the object, or as JSON patch
// operations applied to it (a failed `test` operation leaves the object as it was).

import { cloneJson } from '@capstan/common';
import { outOfCostBudgetMessage, runtimeCelCostBudget, type CelValue } from '@capstan/common/cel';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { TypedResource } from '../../apply/declared-types.ts';
import { applyJsonPatch, JsonPatchError, JsonPatchTestFailed } from '../../patch/json-patch.ts';
import { runExpression, type PolicyActivation } from '../policy/policy-activation.ts';
import { applyConfiguration, ApplyConfigurationError } from './apply-configuration.ts';
import type { CompiledMutation } from './compile-mutating-policy.ts';
import { applyConfigurationOf, jsonPatchOperationsOf } from './mutation-expression.ts';

/** Why a mutation could not be applied; its message is kube's, which the policy's failurePolicy decides about. */
export class MutationError extends Error {
  override name = 'MutationError';
}

/** The value of a mutation's expression, evaluated within the runtime cost budget; or kube's error for it. */
export function evaluateMutation(mutation: CompiledMutation, activation: PolicyActivation): { readonly value: CelValue } | { readonly error: string } {
  const { expression } = mutation;
  if ('error' in expression) return { error: expression.error };
  const result = runExpression(expression, activation.variables);
  if (activation.compositionCost + result.cost > runtimeCelCostBudget) return { error: outOfCostBudgetMessage };
  return result;
}

/** The object with a mutation's result applied (a new object; `object` is left as it is). */
export async function patchObject(mutation: CompiledMutation, value: CelValue, object: JsonObject, resource: TypedResource): Promise<JsonObject> {
  if (mutation.patchType === 'ApplyConfiguration') {
    const configuration = applyConfigurationOf(value);
    if ('error' in configuration) throw new MutationError(configuration.error);
    try {
      return cloneJson(await applyConfiguration(object, configuration.object, resource));
    } catch (error) {
      if (error instanceof ApplyConfigurationError) throw new MutationError(`error applying patch: ${error.message}`);
      throw error;
    }
  }
  const operations = jsonPatchOperationsOf(value);
  if ('error' in operations) throw new MutationError(operations.error);
  try {
    return applyJsonPatch(object, operations.operations) as JsonObject;
  } catch (error) {
    if (error instanceof JsonPatchTestFailed) return object;
    if (error instanceof JsonPatchError) throw new MutationError(`JSON Patch: ${error.message}`);
    throw error;
  }
}
