// The invariants of x-kubernetes-list-type set and map lists (apiextensions-apiserver's
// schema/listtype): no item of a set twice, no two items of a map list with the same keys, each
// repeat reported as kube's Duplicate value at its index.

import { type FieldError, fieldDuplicate, fieldInvalid, goJson } from '@capstan/common';
import { fieldErrorValue } from './value-formats.ts';
import { isJsonMap, isRawNumber, type JsonMap, type Structural } from './structural-schema.ts';

/** The list-type errors of a custom object, with kube's paths (map values as `[key]`). */
export function listTypeErrors(object: unknown, schema: Structural | undefined): FieldError[] {
  if (schema === undefined || !isJsonMap(object)) return [];
  return objectErrors(object, schema, '');
}

const child = (path: string, name: string): string => (path === '' ? name : `${path}.${name}`);

function objectErrors(object: JsonMap, schema: Structural, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof schema.additionalProperties === 'object') {
    for (const key of Object.keys(object)) errors.push(...valueErrors(object[key], schema.additionalProperties, `${path}[${key}]`));
  }
  if (schema.properties !== undefined) {
    for (const key of Object.keys(object)) {
      const property = schema.properties.get(key);
      if (property !== undefined) errors.push(...valueErrors(object[key], property, child(path, key)));
    }
  }
  return errors;
}

function valueErrors(value: unknown, schema: Structural, path: string): FieldError[] {
  if (isJsonMap(value)) return objectErrors(value, schema, path);
  if (!Array.isArray(value)) return [];
  const errors: FieldError[] = [];
  if (schema.listType === 'set') for (const i of repeatedIndexes(value)) errors.push(fieldDuplicate(`${path}[${i}]`, fieldErrorValue(value[i])));
  else if (schema.listType === 'map') errors.push(...mapListErrors(value, schema, path));
  const items = schema.items;
  if (items !== undefined) value.forEach((item, i) => errors.push(...valueErrors(item, items, `${path}[${i}]`)));
  return errors;
}

/**
 * The identity of a value as a Go map key for scalars (an int64 and a float64 differ) and as its
 * JSON for objects and lists; undefined keys (an unset map-list key) are one identity.
 */
function identityOf(value: unknown): string {
  if (value === undefined) return 'unset';
  if (value === null) return 'nil';
  if (typeof value === 'number') return Number.isInteger(value) ? `i${value}` : `f${value}`;
  if (isRawNumber(value)) return `r${(value as { rawJSON: string }).rawJSON}`;
  if (typeof value === 'object') return `j${goJson(value)}`;
  return `${typeof value}:${String(value)}`;
}

/** The index of each item that repeats an earlier one, once per repeated value (at its second occurrence). */
function repeatedIndexes(values: readonly unknown[]): number[] {
  const seen = new Map<string, number>();
  const repeated: number[] = [];
  values.forEach((value, i) => {
    const identity = identityOf(value);
    const times = seen.get(identity) ?? 0;
    if (times === 1) repeated.push(i);
    seen.set(identity, times + 1);
  });
  return repeated;
}

function mapListErrors(list: readonly unknown[], schema: Structural, path: string): FieldError[] {
  const notObject = list.findIndex((item) => item !== null && !isJsonMap(item));
  if (notObject >= 0) return [fieldInvalid(`${path}[${notObject}]`, fieldErrorValue(list[notObject]), 'must be an object for an array of list-type map')];
  if (list.length <= 1) return [];
  const keyFields = schema.listMapKeys ?? [];
  const keys = list.map((item): JsonMap | undefined => {
    const key: JsonMap = {};
    for (const field of keyFields) if (isJsonMap(item) && Object.hasOwn(item, field)) key[field] = item[field];
    // With one key field, an item without it is "unspecified", unlike any value it could have.
    return keyFields.length === 1 && Object.keys(key).length === 0 ? undefined : key;
  });
  const identities = keys.map((key) => (key === undefined ? undefined : keyFields.length === 1 ? key[keyFields[0] as string] : key));
  return repeatedIndexes(identities).map((i) => fieldDuplicate(`${path}[${i}]`, fieldErrorValue(keys[i] ?? {})));
}
