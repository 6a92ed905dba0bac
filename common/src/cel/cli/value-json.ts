// A CEL value as `capstan cel eval` prints it in JSON: ints and uints as numbers (as strings when
// beyond 2^53), doubles as numbers (NaN and the infinities as the strings proto3 JSON uses), bytes
// in base64, timestamps in RFC 3339, durations as Go writes them ("1h2m3s"), none as null, types
// by name, library values (quantity, url, ip, cidr, semver) by their string form, an Object{...} as
// its fields and a JSONPatch{...} as its RFC 6902 operation.

import type { RawJSON } from '../../json/raw-json.ts';
import { formatGoDuration } from '../library/time-go-duration.ts';
import { formatTimestamp } from '../library/time-rfc3339.ts';
import { mapEntries } from '../values/maps.ts';
import { JsonPatchOperation, PatchObject } from '../values/patch-values.ts';
import { CelDouble, CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelType, CelUint, fromJson, isLibraryValue, isPlainMap } from '../values/values.ts';

/** A JSON value; a RawJSON is a number written as its own digits (an integer beyond 2^53). */
export type JsonValue = null | boolean | number | string | RawJSON | JsonValue[] | { [key: string]: JsonValue };

/** Thrown when a value holds an error below its top (only inputs can: an int beyond int64 in a list). */
export class NestedCelError extends Error {}

export function celValueJson(value: unknown): JsonValue {
  const celValue = fromJson(value);
  if (celValue === null || typeof celValue === 'boolean' || typeof celValue === 'string') return celValue;
  if (typeof celValue === 'number') return celValue;
  if (typeof celValue === 'bigint') return String(celValue);
  if (celValue instanceof CelUint) return typeof celValue.value === 'number' ? celValue.value : String(celValue.value);
  if (celValue instanceof CelDouble) return Number.isFinite(celValue.value) ? celValue.value : String(celValue.value);
  if (celValue instanceof Uint8Array) return Buffer.from(celValue.buffer, celValue.byteOffset, celValue.byteLength).toString('base64');
  if (Array.isArray(celValue)) return celValue.map(celValueJson);
  if (celValue instanceof CelMap || isPlainMap(celValue)) {
    const object: { [key: string]: JsonValue } = {};
    for (const [key, item] of mapEntries(celValue)) object[mapKeyText(key)] = celValueJson(item);
    return object;
  }
  if (celValue instanceof CelTimestamp) return formatTimestamp(celValue);
  if (celValue instanceof CelDuration) return formatGoDuration(celValue);
  if (celValue instanceof CelType) return celValue.name;
  if (celValue instanceof CelOptional) return celValue.value === undefined ? null : celValueJson(celValue.value);
  if (celValue instanceof CelError) throw new NestedCelError(celValue.message);
  if (celValue instanceof PatchObject) return Object.fromEntries([...celValue.fields].map(([name, item]) => [name, celValueJson(item)]));
  if (celValue instanceof JsonPatchOperation) {
    const { op, path, from, value } = celValue;
    return { op, path, ...(from === '' ? {} : { from }), ...(value === undefined ? {} : { value: celValueJson(value) }) };
  }
  if (isLibraryValue(celValue)) return hasOwnStringForm(celValue) ? String(celValue) : celValue.celType.name;
  throw new TypeError(`not a CEL value: ${String(celValue)}`);
}

/** A JSON object key for a map key (string, bool, int or uint), as proto3 JSON writes map keys. */
function mapKeyText(key: unknown): string {
  return key instanceof CelUint ? String(key.value) : String(key);
}

function hasOwnStringForm(value: object): boolean {
  return value.toString !== Object.prototype.toString;
}
