// The expression of one mutation: compiled with the patch types, and its result read as the patch
// it stands for (an ApplyConfiguration's object, or a JSONPatch's operations).

import type { CelType } from '@capstan/common/cel';
import type { JsonObject } from '../../registry/object-meta.ts';
import { compile, type CompiledExpression } from '../policy/compile-policy.ts';

/** Compiles a mutation's expression (TODO: with the patch types declared, once the CEL checker has them). */
export function compileMutationExpression(expression: string, declarations: ReadonlyMap<string, CelType>): CompiledExpression {
  return compile(expression, declarations);
}

/** The object an ApplyConfiguration expression gave (TODO: read the CEL `Object` value). */
export function applyConfigurationOf(value: unknown): { readonly object: JsonObject } | { readonly error: string } {
  return { error: `unsupported return type from ApplyConfiguration expression: ${typeof value}` };
}

/** The JSON patch operations a JSONPatch expression gave (TODO: read the CEL `JSONPatch` values). */
export function jsonPatchOperationsOf(value: unknown): { readonly operations: readonly unknown[] } | { readonly error: string } {
  if (!Array.isArray(value)) return { error: 'type mismatch: JSONPatchType.expression should evaluate to array' };
  return { error: 'type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch' };
}
