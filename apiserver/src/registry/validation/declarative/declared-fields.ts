// Declarative validation: the checks a kind declares on its fields (kube 1.35 writes them as
// +k8s: tags on the API types and generates their code; Capstan declares them as data), run by one
// evaluator. On an update a field whose value did not change is not checked again (ratcheting),
// as the generated validators skip unchanged data.

import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../object-meta.ts';

/**
 * `required`: an optional field with a default that must be there once defaulted (+k8s:required
 * on a defaulted pointer); `minimum`: a number not below the value (+k8s:minimum).
 */
export type DeclaredRule = { readonly rule: 'required' } | { readonly rule: 'minimum'; readonly value: number };

export interface DeclaredField {
  /** The field's path from the object's root, e.g. ['spec', 'replicas']. */
  readonly path: readonly string[];
  /** In order; a `required` that fails stops the field's other checks. */
  readonly rules: readonly DeclaredRule[];
}

const valueAt = (object: unknown, path: readonly string[]): unknown => {
  let value = object;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
};

/** The declared fields' errors of `object`; `old` is the stored object of an update. */
export function validateDeclared(fields: readonly DeclaredField[], object: JsonObject, old?: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  for (const { path, rules } of fields) {
    const value = valueAt(object, path);
    if (old !== undefined && value === valueAt(old, path)) continue;
    const field = path.join('.');
    for (const declared of rules) {
      if (declared.rule === 'required') {
        if (value === undefined || value === null) {
          errors.push(fieldRequired(field));
          break;
        }
      } else if (typeof value === 'number' && value < declared.value) {
        errors.push({ ...fieldInvalid(field, value, `must be greater than or equal to ${declared.value}`), origin: 'minimum' });
      }
    }
  }
  return errors;
}
