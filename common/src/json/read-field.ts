// Reads fields of plain JSON objects (stored objects, selectors inside them), which may lack
// anything or hold the wrong type: a missing or odd field reads as Go's zero value, as kube's typed
// code (printers, selector conversion) would see it.

/** A JSON object as decoded, its values not yet known to be of any type. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a path of object keys, or undefined when any step is missing or not an object. */
export function fieldAt(value: unknown, ...path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isJsonObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

export const recordAt = (value: unknown, ...path: readonly string[]): JsonObject => {
  const found = fieldAt(value, ...path);
  return isJsonObject(found) ? found : {};
};

export const arrayAt = (value: unknown, ...path: readonly string[]): readonly unknown[] => {
  const found = fieldAt(value, ...path);
  return Array.isArray(found) ? found : [];
};

export const stringAt = (value: unknown, ...path: readonly string[]): string => {
  const found = fieldAt(value, ...path);
  return typeof found === 'string' ? found : '';
};

/** A number field, or undefined when absent: for kube's pointer fields, where unset differs from 0. */
export const optionalNumberAt = (value: unknown, ...path: readonly string[]): number | undefined => {
  const found = fieldAt(value, ...path);
  return typeof found === 'number' && Number.isFinite(found) ? Math.trunc(found) : undefined;
};

export const numberAt = (value: unknown, ...path: readonly string[]): number => optionalNumberAt(value, ...path) ?? 0;

/** A string field, or undefined when absent (a pointer field, or one that has a default). */
export const optionalStringAt = (value: unknown, ...path: readonly string[]): string | undefined => {
  const found = fieldAt(value, ...path);
  return typeof found === 'string' ? found : undefined;
};

export const booleanAt = (value: unknown, ...path: readonly string[]): boolean => fieldAt(value, ...path) === true;

/** Whether a field is set at all (kube's non-nil pointer). */
export const hasField = (value: unknown, ...path: readonly string[]): boolean => {
  const found = fieldAt(value, ...path);
  return found !== undefined && found !== null;
};
