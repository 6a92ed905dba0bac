// The JSON a mutation's result stands for, as Kubernetes' mutating admission policy plugin reads
// it: an ApplyConfiguration expression's `Object{...}` is the partial object to merge (after the
// check that each nested object literal is named after its field path: `Object.spec{...}` under
// `spec`), and a JSONPatch expression's list of `JSONPatch{...}` is a list of RFC 6902 operations
// (`from` only when not empty, `value` only when set).
//
// kube converts the two differently. An object is read in its native Go form, as encoding/json
// writes it: ints exact, durations in nanoseconds, a type by its name. A JSON Patch value goes
// through protobuf's JSON mapping: ints beyond 2^53 as strings, durations in seconds ("3600s"),
// no type values. Both write bytes in base64, timestamps in RFC 3339 and an optional as its value.

import { rawJSON, type RawJSON } from '../../json/raw-json.ts';
import { formatDurationSeconds } from '../library/time-go-duration.ts';
import { formatTimestamp } from '../library/time-rfc3339.ts';
import { durationNanos } from '../library/time-values.ts';
import { mapEntries } from './maps.ts';
import { JsonPatchOperation, PatchObject } from './patch-values.ts';
import { CelDouble, CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelType, CelUint, fromJson, isPlainMap, typeOf, type CelValue } from './values.ts';

/** A JSON value; a RawJSON is an integer beyond 2^53 written as its own digits. */
export type PatchJson = null | boolean | number | string | RawJSON | readonly PatchJson[] | { readonly [key: string]: PatchJson };

/** A result Kubernetes refuses to apply, with its message. */
export class PatchValueError extends Error {}

/** Integers JSON numbers hold exactly (protobuf's mapping writes the others as strings). */
const maxJsonSafe = 2 ** 53 - 1;

/** How a value is written: an object's fields as Go's encoding/json, a JSON Patch value as protobuf's JSON mapping. */
type Form = 'native' | 'protobuf';

/**
 * The JSON of a mutation's result: an `Object{...}` as the object it sets, a list (of `JSONPatch`
 * operations) as the list of RFC 6902 operations, any other value as its JSON. Throws
 * PatchValueError with kube's message for an object literal named after another field path and
 * for a value JSON cannot hold.
 */
export function patchValueToJson(value: CelValue): PatchJson {
  if (Array.isArray(value)) return value.map((item) => (item instanceof JsonPatchOperation ? operationJson(item) : patchValueToJson(fromJson(item))));
  if (value instanceof PatchObject) {
    checkTypeNames(value);
    return jsonOf(value, 'native');
  }
  return jsonOf(value, 'native');
}

function operationJson(operation: JsonPatchOperation): PatchJson {
  const json: { [key: string]: PatchJson } = { op: operation.op, path: operation.path };
  if (operation.from !== '') json.from = operation.from;
  if (operation.value !== undefined) {
    if (operation.value instanceof PatchObject) checkTypeNames(operation.value);
    try {
      json.value = jsonOf(operation.value, 'protobuf');
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

function integerJson(value: number | bigint, form: Form): PatchJson {
  if (Math.abs(Number(value)) <= maxJsonSafe) return Number(value);
  return form === 'native' ? rawJSON(String(value)) : String(value);
}

/** A double; JSON has no NaN or infinities, and each form refuses them in its own words. */
function doubleJson(value: number, form: Form): PatchJson {
  if (Number.isFinite(value)) return value;
  const go = Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
  throw new PatchValueError(
    form === 'native'
      ? `json: unsupported value: ${go}`
      : `json: error calling MarshalJSON for type *structpb.Value: proto:\u00a0google.protobuf.Value.number_value: invalid ${go} value`,
  );
}

function jsonOf(input: unknown, form: Form): PatchJson {
  const value = fromJson(input);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return integerJson(value, form);
  if (value instanceof CelUint) return integerJson(value.value, form);
  if (value instanceof CelDouble) return doubleJson(value.value, form);
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof CelTimestamp) return formatTimestamp(value);
  if (value instanceof CelDuration) return form === 'native' ? integerJson(durationNanos(value), form) : formatDurationSeconds(value);
  if (value instanceof CelOptional) {
    if (value.value !== undefined) return jsonOf(value.value, form);
    if (form === 'native') return null;
    throw new PatchValueError('optional.none() dereference');
  }
  if (value instanceof CelError) throw new PatchValueError(value.message);
  if (Array.isArray(value)) return value.map((item) => jsonOf(item, form));
  if (value instanceof PatchObject) return objectJson(value.fields, form);
  if (value instanceof CelMap || isPlainMap(value)) {
    const fields = new Map<string, CelValue>();
    for (const [key, item] of mapEntries(value)) {
      if (typeof key !== 'string') throw new PatchValueError(`unsupported map key type: ${typeOf(key).name}`);
      fields.set(key, item);
    }
    return objectJson(fields, form);
  }
  if (value instanceof JsonPatchOperation) {
    // The Go struct as encoding/json writes it; protobuf's mapping has no form for it.
    if (form === 'protobuf') throw new PatchValueError('cannot convert to native type: *structpb.Value');
    return { Op: value.op, From: value.from, Path: value.path, Val: value.value === undefined ? null : jsonOf(value.value, form) };
  }
  if (value instanceof CelType && form === 'native') return value.name;
  throw new PatchValueError(`type conversion not supported for '${typeOf(value).name}'`);
}

function objectJson(fields: ReadonlyMap<string, CelValue>, form: Form): PatchJson {
  const json: { [key: string]: PatchJson } = {};
  for (const [name, item] of fields) json[name] = jsonOf(item, form);
  return json;
}
