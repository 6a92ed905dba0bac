// CEL values as the interpreter holds them. The common cases are plain JavaScript values, so
// that objects read from JSON need no conversion: null, booleans, strings, ints (numbers while
// they are safe integers, bigints beyond, always within int64), lists (arrays) and string-keyed
// maps (plain objects, as JSON decodes them). The rarer kinds are small classes: uint, double,
// bytes (Uint8Array), maps with other keys, timestamps, durations, type values, optionals and
// errors (errors are values, so that `&&` and `||` can absorb them).
//
// A JSON number read from an object is an int when it is integral and a double otherwise, as
// Kubernetes types unstructured values; fromJson() makes that choice when a value is read.

import { isRawJSON } from '../../json/raw-json.ts';

export class CelUint {
  /** A number while safe, a bigint beyond; always within [0, 2^64). */
  readonly value: number | bigint;
  constructor(value: number | bigint) {
    this.value = value;
  }
}

export class CelDouble {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

/** A map whose keys are not all strings: keys are held by their canonical key (see mapKey). */
export class CelMap {
  readonly entries: ReadonlyMap<string, readonly [key: CelValue, value: CelValue]>;
  constructor(entries: ReadonlyMap<string, readonly [CelValue, CelValue]>) {
    this.entries = entries;
  }
}

/** A time as whole seconds and the nanoseconds within the second. */
abstract class SecondsAndNanos {
  readonly seconds: bigint;
  readonly nanos: number;
  constructor(seconds: bigint, nanos: number) {
    this.seconds = seconds;
    this.nanos = nanos;
  }
}

/** Seconds since the Unix epoch, nanoseconds 0 to 999,999,999. */
export class CelTimestamp extends SecondsAndNanos {}

/** Seconds and nanoseconds of the same sign. */
export class CelDuration extends SecondsAndNanos {}

/** A type as a value: what type(x) answers, and what the names int, string, ... denote. */
export class CelType {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

export class CelOptional {
  /** undefined for optional.none(). */
  readonly value: CelValue | undefined;
  constructor(value: CelValue | undefined) {
    this.value = value;
  }
  get hasValue(): boolean {
    return this.value !== undefined;
  }
}

/** An evaluation error carried as a value until something needs its result. */
export class CelError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

export type CelValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | CelUint
  | CelDouble
  | CelMap
  | CelTimestamp
  | CelDuration
  | CelType
  | CelOptional
  | CelError
  | readonly unknown[]
  | { readonly [key: string]: unknown }
  | CelLibraryValue;

/** A value of a library type (quantity, url, ip, cidr, semver, authorizer results): its type name. */
export interface CelLibraryValue {
  readonly celType: CelType;
}

export const types = {
  null: new CelType('null_type'),
  bool: new CelType('bool'),
  int: new CelType('int'),
  uint: new CelType('uint'),
  double: new CelType('double'),
  string: new CelType('string'),
  bytes: new CelType('bytes'),
  list: new CelType('list'),
  map: new CelType('map'),
  type: new CelType('type'),
  timestamp: new CelType('google.protobuf.Timestamp'),
  duration: new CelType('google.protobuf.Duration'),
  optional: new CelType('optional_type'),
  error: new CelType('error'),
} as const;

export const isInt = (value: unknown): value is number | bigint => typeof value === 'number' || typeof value === 'bigint';

export function isLibraryValue(value: unknown): value is CelLibraryValue {
  return typeof value === 'object' && value !== null && 'celType' in value && value.celType instanceof CelType;
}

/** A plain object is a string-keyed CEL map (or an object of a schema type). */
export function isPlainMap(value: unknown): value is { readonly [key: string]: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The CEL type of a value, as type() answers it. */
export function typeOf(value: unknown): CelType {
  switch (typeof value) {
    case 'boolean':
      return types.bool;
    case 'number':
    case 'bigint':
      return types.int;
    case 'string':
      return types.string;
    case 'object':
      if (value === null) return types.null;
      if (Array.isArray(value)) return types.list;
      if (value instanceof CelDouble) return types.double;
      if (value instanceof CelUint) return types.uint;
      if (value instanceof Uint8Array) return types.bytes;
      if (value instanceof CelMap || isPlainMap(value)) return types.map;
      if (value instanceof CelTimestamp) return types.timestamp;
      if (value instanceof CelDuration) return types.duration;
      if (value instanceof CelType) return types.type;
      if (value instanceof CelOptional) return types.optional;
      if (value instanceof CelError) return types.error;
      if (isLibraryValue(value)) return value.celType;
  }
  throw new TypeError(`not a CEL value: ${String(value)}`);
}

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);
const minInt64 = -(2n ** 63n);
const maxInt64 = 2n ** 63n - 1n;

/** An int64 in its canonical form (a number while safe), or an overflow error. */
export function makeInt(value: bigint): number | bigint | CelError {
  if (value < minInt64 || value > maxInt64) return new CelError('integer overflow');
  return value >= -maxSafe && value <= maxSafe ? Number(value) : value;
}

/** A uint64 in its canonical form, or an overflow error. */
export function makeUint(value: bigint): CelUint | CelError {
  if (value < 0n || value >= 2n ** 64n) return new CelError('unsigned integer overflow');
  return new CelUint(value <= maxSafe ? Number(value) : value);
}

/** A value read from JSON (an object's field, a list's item): integral numbers are ints, others doubles. */
export function fromJson(value: unknown): CelValue {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : new CelDouble(value);
  // Integers beyond 2^53 arrive from Capstan's JSON decoding as raw JSON text (see parse-json.ts).
  if (typeof value === 'object' && value !== null && isRawJSON(value)) {
    const text = value.rawJSON;
    return /^-?\d+$/.test(text) ? makeInt(BigInt(text)) : new CelDouble(Number(text));
  }
  return value as CelValue;
}
