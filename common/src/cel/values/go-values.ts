// The Go values behind the JSON of an object and behind CEL values, as Kubernetes' rule values see
// them: the type name fmt's %T prints in its "invalid data" errors, and the value as a key of a Go
// map, which is how set and map lists match items. A Go map key equals another only of the same
// Go type (the int64 1 from JSON is not the float64 1.0 of a double), some Go values are never
// equal to another (times, errors), and some cannot be keys at all (byte slices, lists, maps:
// Go panics, which cel-go reports as an internal error).

import { goShortestFloat } from '../library/go-float-format.ts';
import { CelDouble, CelDuration, CelError, CelMap, CelTimestamp, CelUint, fromJson, isPlainMap } from './values.ts';

/** The Go type of the value Kubernetes holds for a JSON value (or a CEL value's Go value), as %T names it. */
export function goTypeName(value: unknown): string {
  const plain = fromJson(value);
  switch (typeof plain) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
    case 'bigint':
      return 'int64';
  }
  if (plain === null) return '<nil>';
  if (plain instanceof CelDouble) return 'float64';
  if (plain instanceof CelUint) return 'uint64';
  if (plain instanceof Uint8Array) return '[]uint8';
  if (plain instanceof CelTimestamp) return 'time.Time';
  if (plain instanceof CelDuration) return 'time.Duration';
  if (Array.isArray(plain)) return '[]interface {}';
  if (isPlainMap(plain) || plain instanceof CelMap) return 'map[string]interface {}';
  if (plain instanceof CelError) return '*types.Err';
  return 'ref.Val';
}

/**
 * A string equal for values Go's == finds equal as map keys; undefined for a value no other equals
 * (a key nothing matches); a CelError for a value Go cannot hash.
 */
export function goMapKey(value: unknown): string | undefined | CelError {
  const plain = fromJson(value);
  switch (typeof plain) {
    case 'string':
      return `s${plain}`;
    case 'boolean':
      return plain ? 'true' : 'false';
    case 'number':
    case 'bigint':
      return `i${plain}`;
  }
  if (plain === null) return 'nil';
  // -0 and 0 are one float64 key; NaN is no key's equal.
  if (plain instanceof CelDouble) return Number.isNaN(plain.value) ? undefined : `d${plain.value + 0}`;
  if (plain instanceof CelUint) return `u${plain.value}`;
  if (plain instanceof Uint8Array || Array.isArray(plain) || isPlainMap(plain) || plain instanceof CelMap) {
    return new CelError(`internal error: runtime error: hash of unhashable type ${goTypeName(plain)}`);
  }
  return undefined;
}

/** fmt.Sprint of a Go value from JSON (%v): strings bare, floats in %g, nil as <nil>, maps sorted by key. */
export function goSprint(value: unknown): string {
  const plain = fromJson(value);
  if (plain === null) return '<nil>';
  if (typeof plain === 'string' || typeof plain === 'boolean' || typeof plain === 'number' || typeof plain === 'bigint') return String(plain);
  if (plain instanceof CelDouble) return goShortestFloat(plain.value);
  if (plain instanceof CelUint) return String(plain.value);
  if (Array.isArray(plain)) return `[${plain.map(goSprint).join(' ')}]`;
  if (isPlainMap(plain)) {
    const entries = Object.keys(plain)
      .sort()
      .map((key) => `${key}:${goSprint(plain[key])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(plain);
}
