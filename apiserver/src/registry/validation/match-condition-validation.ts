// matchConditions of admission webhooks and policies (admissionregistration.k8s.io/v1): at most 64,
// each with a qualified name (unique in its list) and a non-empty CEL expression.

import { fieldDuplicate, fieldInvalid, fieldRequired, fieldTooMany, type FieldError } from '@capstan/common';
import { objectsAt, stringOf } from '../defaulting/json-fields.ts';
import type { JsonObject } from '../object-meta.ts';
import { isQualifiedName } from './value-formats.ts';

const maxMatchConditions = 64;

/** The conditions at `parent[key]`, reported under `path`. */
export function matchConditionsErrors(parent: JsonObject, key: string, path: string): FieldError[] {
  const conditions = objectsAt(parent, key);
  const errors: FieldError[] = conditions.length > maxMatchConditions ? [fieldTooMany(path, conditions.length, maxMatchConditions)] : [];
  const names = new Set<string>();
  conditions.forEach((condition, i) => {
    const at = `${path}[${i}]`;
    const expression = typeof condition.expression === 'string' ? condition.expression.trim() : '';
    // kube compiles a non-empty expression here and reports its CEL errors; CEL is not checked yet.
    if (expression === '') errors.push(fieldRequired(`${at}.expression`));
    const name = stringOf(condition.name);
    if (name === '') errors.push(fieldRequired(`${at}.name`));
    else for (const message of isQualifiedName(name)) errors.push(fieldInvalid(`${at}.name`, name, message));
    if (name !== '' && names.has(name)) errors.push(fieldDuplicate(`${at}.name`, name));
    names.add(name);
  });
  return errors;
}
