// The JSON a mutation's result stands for, as Kubernetes' mutating admission policy plugin reads
// it: an ApplyConfiguration expression's `Object{...}` is the partial object to merge (after the
// check that each nested object literal is named after its field path: `Object.spec{...}` under
// `spec`), and a JSONPatch expression's list of `JSONPatch{...}` is a list of RFC 6902 operations
// (`from` only when not empty, `value` only when set). Values convert as cel-go converts them to
// JSON (protobuf's JSON mapping): ints beyond 2^53 as strings, bytes in base64, timestamps in
// RFC 3339, durations in seconds ("3600s"), an optional as its value (none as null).

import type { JsonValue } from '../../schema/schema.ts';
import { formatDurationSeconds } from '../library/time-go-duration.ts';
import { formatTimestamp } from '../library/time-rfc3339.ts';
import { mapEntries } from './maps.ts';
import { JsonPatchOperation, PatchObject } from './patch-values.ts';
import { CelDouble, CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelUint, fromJson, isPlainMap, typeOf, type CelValue } from './values.ts';

/** A result Kubernetes refuses to apply, with its message. */
export class PatchValueError extends Error {}

/** Integers JSON numbers hold exactly (cel-go writes the others as strings). */
const maxJsonSafe = 2 ** 53 - 1;

/**
 * The JSON of a mutation's result: an `Object{...}` as the object it sets, a list (of `JSONPatch`
 * operations) as the list of RFC 6902 operations, any other value as its JSON. Throws
 * PatchValueError with kube's message for an object literal named after another field path and
 * for a value JSON cannot hold.
 */
export function patchValueToJson(value: CelValue): JsonValue {
  if (Array.isArray(value)) return value.map((item) => (item instanceof JsonPatchOperation ? operationJson(item) : patchValueToJson(fromJson(item))));
  if (value instanceof PatchObject) {
    checkTypeNames(value);
    return jsonOf(value);
  }
  return jsonOf(value);
}

function operationJson(operation: JsonPatchOperation): JsonValue {
  const json: { [key: string]: JsonValue } = { op: operation.op, path: operation.path };
  if (operation.from !== '') json.from = operation.from;
  if (operation.value !== undefined) {
    if (operation.value instanceof PatchObject) checkTypeNames(operation.value);
    try {
      json.value = jsonOf(operation.value);
    } catch (error) {
      if (!(error instanceof PatchValueError)) throw error;
      throw new PatchValueError(`JSONPath valueExpression evaluated to a type that could not marshal to JSON: ${error.message}`);
    }
  }
  return json;
}

/**
 * Kube's check that object literals are named after their place: every object under the field f
 * of an `Object.x{...}` is an `Object.x.f{...}` (lists and maps in between do not count).
 */
function checkTypeNames(root: PatchObject): void {
  const mismatches: string[] = [];
  const visit = (value: unknown, path: string): void => {
    if (value instanceof PatchObject) {
      const name = value.celType.name;
      if (name !== path) mismatches.push(`unexpected type name "${name}", expected "${path}", which matches field name path from root Object type`);
      for (const [field, item] of value.fields) visit(item, `${path}.${field}`);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, path);
    } else if (value instanceof CelMap || isPlainMap(value)) {
      for (const [, item] of mapEntries(value)) visit(item, path);
    }
  };
  visit(root, root.celType.name);
  if (mismatches.length > 0) throw new PatchValueError(`type mismatch: ${mismatches.join('\n')}`);
}

function integerJson(value: number | bigint): JsonValue {
  return typeof value === 'number' && Math.abs(value) <= maxJsonSafe ? value : String(value);
}

function jsonOf(input: unknown): JsonValue {
  const value = fromJson(input);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return integerJson(value);
  if (value instanceof CelUint) return integerJson(value.value);
  if (value instanceof CelDouble) {
    if (!Number.isFinite(value.value)) throw new PatchValueError(`json: unsupported value: ${value.value}`);
    return value.value;
  }
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof CelTimestamp) return formatTimestamp(value);
  if (value instanceof CelDuration) return formatDurationSeconds(value);
  if (value instanceof CelOptional) return value.value === undefined ? null : jsonOf(value.value);
  if (value instanceof CelError) throw new PatchValueError(value.message);
  if (Array.isArray(value)) return value.map(jsonOf);
  if (value instanceof PatchObject) return objectJson(value.fields);
  if (value instanceof CelMap || isPlainMap(value)) {
    const fields = new Map<string, CelValue>();
    for (const [key, item] of mapEntries(value)) {
      if (typeof key !== 'string') throw new PatchValueError(`unsupported map key type: ${typeOf(key).name}`);
      fields.set(key, item);
    }
    return objectJson(fields);
  }
  if (value instanceof JsonPatchOperation) throw new PatchValueError('cannot convert to native type: *structpb.Value');
  throw new PatchValueError(`type conversion not supported for '${typeOf(value).name}'`);
}

function objectJson(fields: ReadonlyMap<string, CelValue>): JsonValue {
  const json: { [key: string]: JsonValue } = {};
  for (const [name, item] of fields) json[name] = jsonOf(item);
  return json;
}
