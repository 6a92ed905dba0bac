// Small readers and writers of plain JSON objects: the readers take a field as Go would hold it
// once decoded (its zero value when absent or of another type), for validation; the writers
// default it in place.

import type { JsonObject } from '../object-meta.ts';

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object field, or an empty object (not attached to anything) when it is absent. */
export const objectOf = (value: unknown): JsonObject => (isObject(value) ? value : {});

/** A string field, or '' when it is absent. */
export const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A list field read as strings, or none when it is absent. */
export const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** A number field, or 0 when it is absent. */
export const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The object at `key`, created (empty) when absent. */
export function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key];
  if (isObject(value)) return value;
  const created: JsonObject = {};
  parent[key] = created;
  return created;
}

/** The objects of the list at `key` (none when it is absent or not a list). */
export const objectsAt = (parent: JsonObject, key: string): JsonObject[] => (Array.isArray(parent[key]) ? (parent[key] as unknown[]).filter(isObject) : []);

/** Sets `key` to `value` when it is absent (null counts as absent, as Go's nil). */
export function defaultTo(parent: JsonObject, key: string, value: unknown): void {
  if (parent[key] === undefined || parent[key] === null) parent[key] = value;
}

/**
 * Sets `key` to `value` when it holds Go's zero value: for the fields that are not pointers, whose
 * defaulting cannot tell a 0 or '' that was sent from one that was not.
 */
export function defaultZeroTo(parent: JsonObject, key: string, value: unknown): void {
  if (parent[key] === undefined || parent[key] === null || parent[key] === 0 || parent[key] === '') parent[key] = value;
}
