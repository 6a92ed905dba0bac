// matchConditions of admission webhooks and policies (admissionregistration.k8s.io/v1): at most 64,
// each with a qualified name (unique in its list) and a non-empty CEL expression that compiles.

import { fieldDuplicate, fieldInvalid, fieldRequired, fieldTooMany, type FieldError } from '@capstan/common';
import { objectsAt, stringOf } from '../defaulting/json-fields.ts';
import type { JsonObject } from '../object-meta.ts';
import { isQualifiedName } from './value-formats.ts';

const maxMatchConditions = 64;

/** The conditions at `parent[key]`, reported under `path`; `compile` gives the errors of a (trimmed) expression. */
export function matchConditionsErrors(parent: JsonObject, key: string, path: string, compile: (expression: string, path: string) => FieldError[]): FieldError[] {
  const conditions = objectsAt(parent, key);
  const errors: FieldError[] = conditions.length > maxMatchConditions ? [fieldTooMany(path, conditions.length, maxMatchConditions)] : [];
  const names = new Set<string>();
  conditions.forEach((condition, i) => {
    const at = `${path}[${i}]`;
    const expression = typeof condition.expression === 'string' ? condition.expression.trim() : '';
    if (expression === '') errors.push(fieldRequired(`${at}.expression`));
    else errors.push(...compile(expression, `${at}.expression`));
    const name = stringOf(condition.name);
    if (name === '') errors.push(fieldRequired(`${at}.name`));
    else for (const message of isQualifiedName(name)) errors.push(fieldInvalid(`${at}.name`, name, message));
    if (name !== '' && names.has(name)) errors.push(fieldDuplicate(`${at}.name`, name));
    names.add(name);
  });
  return errors;
}
