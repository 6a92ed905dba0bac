// CEL's equality and ordering. Numbers compare by value across int, uint and double (1 == 1u ==
// 1.0); values of other different types are unequal, not an error; lists and maps compare member
// by member. Ordering exists for numbers, strings (by code point), bytes, bools, timestamps and
// durations; anything else has no `<` overload. Lists and objects of a schema with their own
// equality (set and map lists, converted objects: schema-lists.ts, schema-objects.ts) decide it
// when they are the left operand, as in Kubernetes.

import { CelDouble, CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelType, CelUint, isPlainMap, type CelValue, fromJson } from './values.ts';
import { mapLookup, mapSize } from './maps.ts';
import { keyedItems } from './schema-lists.ts';
import { byCodePoint } from '../../text/code-point-order.ts';
import { equalSchemaObjects, schemaObjectSource } from './schema-objects.ts';

/** A numeric value as a comparable pair: its bigint part when integral, or its double. */
function numberOf(value: unknown): number | bigint | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (value instanceof CelUint) return value.value;
  if (value instanceof CelDouble) return value.value;
  return undefined;
}

/**
 * -1, 0, 1 for two numbers of any CEL numeric kind; NaN when a double is NaN. Ints and uints compare
 * exactly; a double against an int or uint compares as doubles, as cel-go does (so int64 max equals
 * 2^63 as a double). A bigint is beyond the safe integers, so converting it keeps its order
 * against any safe integer: comparing as doubles is exact whenever neither side is a double.
 */
export function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareTimes(a: { seconds: bigint; nanos: number }, b: { seconds: bigint; nanos: number }): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return a.nanos === b.nanos ? 0 : a.nanos < b.nanos ? -1 : 1;
}

/** The ordering of two values, or a CelError when CEL has no `<` for them. */
export function compareValues(a: CelValue, b: CelValue): number | CelError {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return compareNumbers(x, y);
  if (typeof a === 'string' && typeof b === 'string') return byCodePoint(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  if (a instanceof CelTimestamp && b instanceof CelTimestamp) return compareTimes(a, b);
  if (a instanceof CelDuration && b instanceof CelDuration) return compareTimes(a, b);
  return new CelError('no such overload');
}

/** CEL's `==`: true, false, or the error one of the operands is. */
export function equalValues(a: CelValue, b: CelValue): boolean | CelError {
  if (a instanceof CelError) return a;
  if (b instanceof CelError) return b;
  // A list or map is compared even with itself: it may hold a NaN, or a set that is not equal to itself.
  if (a === b && (typeof a !== 'object' || a === null)) return typeof a !== 'number' || !Number.isNaN(a);
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return compareNumbers(x, y) === 0;
  if (typeof a !== 'object' || a === null || x !== undefined) return false;
  if (Array.isArray(a)) {
    const items = keyedItems(a);
    return items !== undefined ? items.equal(a, b, equalValues) : Array.isArray(b) && equalLists(a, b);
  }
  if (isPlainMap(a)) {
    const source = schemaObjectSource(a);
    if (source !== undefined) return equalSchemaObjects(a, source, b, equalValues);
    return (b instanceof CelMap || isPlainMap(b)) && equalMaps(a, b);
  }
  if (typeof b !== 'object' || b === null || y !== undefined) return false;
  if (a instanceof CelMap) return (b instanceof CelMap || isPlainMap(b)) && equalMaps(a, b);
  if (a instanceof Uint8Array || b instanceof Uint8Array) return a instanceof Uint8Array && b instanceof Uint8Array && compareBytes(a, b) === 0;
  if (a instanceof CelTimestamp && b instanceof CelTimestamp) return compareTimes(a, b) === 0;
  if (a instanceof CelDuration && b instanceof CelDuration) return compareTimes(a, b) === 0;
  if (a instanceof CelType && b instanceof CelType) return a.name === b.name;
  if (a instanceof CelOptional && b instanceof CelOptional) {
    if (a.value === undefined || b.value === undefined) return a.value === b.value;
    return equalValues(a.value, b.value);
  }
  if (hasEquals(a)) return a.equals(b);
  return false;
}

/** A value of a library type that says itself whether it equals another (a quantity, an IP). */
const hasEquals = (value: unknown): value is { equals(other: unknown): boolean } =>
  typeof value === 'object' && value !== null && 'equals' in value && typeof value.equals === 'function';

function equalLists(a: readonly unknown[], b: readonly unknown[]): boolean | CelError {
  if (a.length !== b.length) return false;
  let error: CelError | undefined;
  for (let i = 0; i < a.length; i++) {
    const equal = equalValues(fromJson(a[i]), fromJson(b[i]));
    if (equal === false) return false;
    if (equal instanceof CelError) error ??= equal;
  }
  return error ?? true;
}

function equalMaps(a: CelMap | { readonly [key: string]: unknown }, b: CelMap | { readonly [key: string]: unknown }): boolean | CelError {
  if (mapSize(a) !== mapSize(b)) return false;
  let error: CelError | undefined;
  const compare = (key: CelValue, value: CelValue): boolean => {
    const other = mapLookup(b, key);
    if (other === undefined) return false;
    const equal = equalValues(value, other);
    if (equal instanceof CelError) error ??= equal;
    return equal !== false;
  };
  if (a instanceof CelMap) {
    for (const [key, value] of a.entries.values()) if (!compare(key, value)) return false;
  } else {
    // Plain objects (JSON) are walked without the generator mapEntries would make.
    for (const key of Object.keys(a)) if (!compare(key, fromJson(a[key]))) return false;
  }
  return error ?? true;
}
