// Small readers and writers for defaulting plain JSON objects in place.

import type { JsonObject } from '../object-meta.ts';

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

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
