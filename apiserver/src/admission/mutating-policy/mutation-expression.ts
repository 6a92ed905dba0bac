// The expression of one mutation: compiled with kube's patch types (`Object{...}`,
// `JSONPatch{...}`, jsonpatch.escapeKey), its result type checked as kube's compiler checks it, and
// its value read as the patch it stands for: an ApplyConfiguration's object, or a JSONPatch's
// RFC 6902 operations.

import {
  celTypeName,
  compileExpression,
  formatIssues,
  JsonPatchOperation,
  kubernetesEnvSet,
  PatchObject,
  patchValueToJson,
  PatchValueError,
  type CelType,
  type CelValue,
} from '@capstan/common/cel';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { CompiledExpression } from '../policy/compile-policy.ts';

const resultTypes = { ApplyConfiguration: 'Object', JSONPatch: 'list(JSONPatch)' } as const;

/** Compiles a mutation's expression in the stored expressions environment with the patch types; an error says why it cannot run. */
export function compileMutationExpression(patchType: keyof typeof resultTypes, expression: string, declarations: ReadonlyMap<string, CelType>): CompiledExpression {
  const environment = kubernetesEnvSet({ patchTypes: true }).storedExpressions;
  const result = compileExpression(expression, { environment, variables: declarations });
  if (!result.ok) return { expression, error: `compilation failed: ${formatIssues(expression, result.issues)}` };
  const got = celTypeName(result.compiled.checked.type);
  if (got !== resultTypes[patchType]) return { expression, error: `must evaluate to ${resultTypes[patchType]} but got ${got}` };
  return { expression, program: result.compiled.program };
}

/** The object an ApplyConfiguration expression gave, or kube's error for what it gave instead. */
export function applyConfigurationOf(value: CelValue): { readonly object: JsonObject } | { readonly error: string } {
  if (!(value instanceof PatchObject)) return { error: `unsupported return type from ApplyConfiguration expression: ${typeof value}` };
  try {
    return { object: patchValueToJson(value) as JsonObject };
  } catch (error) {
    if (error instanceof PatchValueError) return { error: error.message };
    throw error;
  }
}

/** The JSON patch operations a JSONPatch expression gave, or kube's error for what it gave instead. */
export function jsonPatchOperationsOf(value: CelValue): { readonly operations: readonly unknown[] } | { readonly error: string } {
  if (!Array.isArray(value)) return { error: 'type mismatch: JSONPatchType.expression should evaluate to array' };
  if (!value.every((item) => item instanceof JsonPatchOperation)) return { error: 'type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch' };
  try {
    return { operations: patchValueToJson(value) as unknown[] };
  } catch (error) {
    if (error instanceof PatchValueError) return { error: error.message };
    throw error;
  }
}
