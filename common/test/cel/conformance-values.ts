// cel.expr.Value in its JSON form (what the conformance tests bind and expect) read into Capstan's
// CEL values, and the check that a result is the expected value of the expected kind. Test-only.

import { equalValues } from '../../src/cel/values/compare.ts';
import { CelDouble, CelError, CelMap, CelOptional, CelType, CelUint, makeInt, type CelValue, typeOf } from '../../src/cel/values/values.ts';
import { mapKey } from '../../src/cel/values/maps.ts';

type Json = Record<string, any>;

/** Undefined for values Capstan's tests cannot build (protobuf messages, enums). */
export function fromExprValue(value: Json): CelValue | undefined {
  if ('nullValue' in value) return null;
  if ('boolValue' in value) return value.boolValue as boolean;
  if ('int64Value' in value) return makeInt(BigInt(value.int64Value)) as CelValue;
  if ('uint64Value' in value) return new CelUint(BigInt(value.uint64Value) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value.uint64Value) : BigInt(value.uint64Value));
  if ('doubleValue' in value) return new CelDouble(Number(value.doubleValue));
  if ('stringValue' in value) return value.stringValue as string;
  if ('bytesValue' in value) return new Uint8Array(Buffer.from(value.bytesValue as string, 'base64'));
  if ('typeValue' in value) return new CelType(value.typeValue as string);
  if ('listValue' in value) {
    const items = ((value.listValue.values ?? []) as Json[]).map(fromExprValue);
    return items.some((item) => item === undefined) ? undefined : (items as CelValue[]);
  }
  if ('mapValue' in value) {
    const entries = new Map<string, readonly [CelValue, CelValue]>();
    for (const entry of (value.mapValue.entries ?? []) as Json[]) {
      const key = fromExprValue(entry.key);
      const item = fromExprValue(entry.value);
      if (key === undefined || item === undefined) return undefined;
      entries.set(mapKey(key) as string, [key, item]);
    }
    return new CelMap(entries);
  }
  if ('objectValue' in value) return fromWellKnown(value.objectValue as Json);
  return undefined;
}

/** google.protobuf wrappers and Values that CEL reads as plain values; other messages are out of reach. */
function fromWellKnown(any: Json): CelValue | undefined {
  const type = String(any['@type'] ?? '');
  const inner = any.value;
  switch (type) {
    case 'type.googleapis.com/google.protobuf.Int64Value':
    case 'type.googleapis.com/google.protobuf.Int32Value':
      return makeInt(BigInt(inner ?? 0)) as CelValue;
    case 'type.googleapis.com/google.protobuf.StringValue':
      return (inner ?? '') as string;
    case 'type.googleapis.com/google.protobuf.BoolValue':
      return (inner ?? false) as boolean;
    case 'type.googleapis.com/google.protobuf.DoubleValue':
    case 'type.googleapis.com/google.protobuf.FloatValue':
      return new CelDouble(Number(inner ?? 0));
    default:
      return undefined;
  }
}

/** Whether a result is the expected value, of the same CEL type (1 and 1.0 are equal but not the same). */
export function sameValue(actual: CelValue, expected: CelValue): boolean {
  if (actual instanceof CelError) return false;
  if (actual instanceof CelOptional || expected instanceof CelOptional) return equalValues(actual, expected) === true;
  const actualType = typeOf(actual).name;
  const expectedType = typeOf(expected).name;
  if (actualType !== expectedType) return false;
  if (Array.isArray(actual) && Array.isArray(expected)) return actual.length === expected.length && actual.every((item, i) => sameValue(item as CelValue, expected[i] as CelValue));
  if (actual instanceof CelDouble && expected instanceof CelDouble && Number.isNaN(actual.value)) return Number.isNaN(expected.value);
  return equalValues(actual, expected) === true;
}
