// The CEL type of a value as the checker writes types ("list(int)", "map(string, dyn)",
// "optional_type(string)", "type(int)"), read from the value itself until the type checker exists:
// a list's or map's element type is the one its elements share, else dyn (also when empty).

import { mapEntries } from '../values/maps.ts';
import { CelMap, CelOptional, CelType, fromJson, isPlainMap, typeOf } from '../values/values.ts';

export function valueTypeName(value: unknown): string {
  const celValue = fromJson(value);
  if (Array.isArray(celValue)) return `list(${sharedTypeName(celValue)})`;
  if (celValue instanceof CelMap || isPlainMap(celValue)) {
    const entries = [...mapEntries(celValue)];
    return `map(${sharedTypeName(entries.map(([key]) => key))}, ${sharedTypeName(entries.map(([, item]) => item))})`;
  }
  if (celValue instanceof CelOptional) return `optional_type(${celValue.value === undefined ? 'dyn' : valueTypeName(celValue.value)})`;
  if (celValue instanceof CelType) return `type(${celValue.name})`;
  return typeOf(celValue).name;
}

function sharedTypeName(values: readonly unknown[]): string {
  const names = new Set(values.map(valueTypeName));
  return names.size === 1 ? (names.values().next().value as string) : 'dyn';
}
