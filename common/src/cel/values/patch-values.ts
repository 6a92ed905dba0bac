// The values of Kubernetes' mutation types (see types/patch-types.ts), as k8s.io/apiserver's
// mutation library makes them: an `Object{...}` literal is a dynamic object whose fields are what
// the literal set (selecting a field answers it as plain data: nested objects become maps, an
// unset field is null); a `JSONPatch{...}` literal is one JSON Patch operation, whose op, path and
// from must be strings and are "" when not set.

import { isPatchObjectTypeName, jsonPatchTypeName } from '../types/patch-types.ts';
import { equalValues } from './compare.ts';
import { CelError, CelMap, CelOptional, CelType, isPlainMap, typeOf, type CelLibraryValue, type CelValue } from './values.ts';

/** A value with fields that `.f`, `has(.f)` and `.?f` read (an instance of a message type). */
export interface MessageValue extends CelLibraryValue {
  /** The field's value, or an error when the type has no such field. */
  field(name: string): CelValue;
  /** Whether the field is set, or an error when the type has no such field. */
  isSet(name: string): boolean | CelError;
  /** `.?name`: the field when it is set, else none (or an error when the type has no such field). */
  optionalField(name: string): CelValue;
  /** `value[key]`, which only a dyn value can be written with. */
  index(key: CelValue): CelValue;
  equals(other: unknown): boolean;
}

/** An instance of `Object` or `Object.<path>`: the fields its literal set, in order. */
export class PatchObject implements MessageValue {
  readonly celType: CelType;
  readonly fields: ReadonlyMap<string, CelValue>;
  constructor(typeName: string, fields: ReadonlyMap<string, CelValue>) {
    this.celType = new CelType(typeName);
    this.fields = fields;
  }

  field(name: string): CelValue {
    const value = this.fields.get(name);
    return value === undefined ? null : plainData(value);
  }

  isSet(name: string): boolean {
    return this.fields.has(name);
  }

  optionalField(name: string): CelValue {
    return new CelOptional(this.isSet(name) ? this.field(name) : undefined);
  }

  /** kube's object value is no map: indexing finds no key. */
  index(key: CelValue): CelValue {
    return new CelError(`no such key: ${String(key)}`);
  }

  /** Same type, same fields, each of the same type and equal (kube compares the fields deeply). */
  equals(other: unknown): boolean {
    if (!(other instanceof PatchObject) || other.celType.name !== this.celType.name || other.fields.size !== this.fields.size) return false;
    for (const [name, value] of this.fields) {
      const otherValue = other.fields.get(name);
      if (otherValue === undefined || typeOf(otherValue).name !== typeOf(value).name || equalValues(value, otherValue) !== true) return false;
    }
    return true;
  }
}

/**
 * A value as Kubernetes reads it out of an object's field (the object's native form): objects,
 * at any depth in lists and maps, become maps of their fields.
 */
function plainData(value: CelValue): CelValue {
  if (value instanceof PatchObject) {
    const map: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [name, field] of value.fields) map[name] = plainData(field);
    return map;
  }
  if (Array.isArray(value)) return value.some(holdsObject) ? value.map((item) => plainData(item as CelValue)) : value;
  if (isPlainMap(value) && Object.values(value).some(holdsObject)) {
    const map: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) map[key] = plainData(item as CelValue);
    return map;
  }
  if (value instanceof CelMap && [...value.entries.values()].some(([, item]) => holdsObject(item))) {
    return new CelMap(new Map([...value.entries].map(([canonical, [key, item]]) => [canonical, [key, plainData(item)] as const])));
  }
  return value;
}

function holdsObject(value: unknown): boolean {
  if (value instanceof PatchObject) return true;
  if (Array.isArray(value)) return value.some(holdsObject);
  if (isPlainMap(value)) return Object.values(value).some(holdsObject);
  return value instanceof CelMap && [...value.entries.values()].some(([, item]) => holdsObject(item));
}

const jsonPatchCelType = new CelType(jsonPatchTypeName);

const jsonPatchStringFields = ['op', 'path', 'from'] as const;
type JsonPatchStringField = (typeof jsonPatchStringFields)[number];
const isStringField = (name: string): name is JsonPatchStringField => (jsonPatchStringFields as readonly string[]).includes(name);

/** One JSON Patch operation: op, path, from ("" when not set) and value (undefined when not set). */
export class JsonPatchOperation implements MessageValue {
  readonly celType = jsonPatchCelType;
  readonly op: string;
  readonly path: string;
  readonly from: string;
  readonly value: CelValue | undefined;
  constructor(op: string, path: string, from: string, value: CelValue | undefined) {
    this.op = op;
    this.path = path;
    this.from = from;
    this.value = value;
  }

  field(name: string): CelValue {
    if (isStringField(name)) return this[name];
    if (name === 'value') return this.value ?? null;
    return new CelError(`unsupported indexer: ${name}`);
  }

  /** A string field is set when not empty; value when the literal set it (even to null). */
  isSet(name: string): boolean | CelError {
    if (isStringField(name)) return this[name] !== '';
    if (name === 'value') return this.value !== undefined;
    return new CelError(`unsupported field: ${name}`);
  }

  index(key: CelValue): CelValue {
    return typeof key === 'string' ? this.field(key) : new CelError(`unsupported indexer: ${String(key)}`);
  }

  optionalField(name: string): CelValue {
    const set = this.isSet(name);
    if (set instanceof CelError) return set;
    return new CelOptional(set ? this.field(name) : undefined);
  }

  equals(other: unknown): boolean {
    if (!(other instanceof JsonPatchOperation) || other.op !== this.op || other.path !== this.path || other.from !== this.from) return false;
    if (this.value === undefined || other.value === undefined) return this.value === other.value;
    return equalValues(this.value, other.value) === true;
  }
}

export const isMessageValue = (value: unknown): value is MessageValue => value instanceof PatchObject || value instanceof JsonPatchOperation;

/** Go's names of the native forms of CEL values, as kube's JSONPatch type names them in its errors. */
const goTypeNames: Readonly<Record<string, string>> = {
  int: 'int64',
  uint: 'uint64',
  double: 'float64',
  bytes: '[]uint8',
  null_type: 'structpb.NullValue',
  list: '[]ref.Val',
  map: 'map[ref.Val]ref.Val',
  'google.protobuf.Duration': 'time.Duration',
  'google.protobuf.Timestamp': 'time.Time',
  [jsonPatchTypeName]: '*mutation.JSONPatchVal',
};

/** The native form of a value Kubernetes checks a JSONPatch string field against: a type is its name, an optional its value. */
function nativeOf(value: CelValue): CelValue {
  if (value instanceof CelOptional) return value.value === undefined ? null : nativeOf(value.value);
  return value instanceof CelType ? value.name : value;
}

function goTypeName(value: CelValue): string {
  // A map read from JSON (not built by a literal, which has no prototype) and an object are Go maps of strings.
  if (value instanceof PatchObject || (isPlainMap(value) && Object.getPrototypeOf(value) !== null)) return 'map[string]interface {}';
  const name = typeOf(value).name;
  return goTypeNames[name] ?? name;
}

function newJsonPatch(fields: ReadonlyMap<string, CelValue>): CelValue {
  const strings: Record<JsonPatchStringField, string> = { op: '', path: '', from: '' };
  let value: CelValue | undefined;
  for (const [name, fieldValue] of fields) {
    const native = nativeOf(fieldValue);
    if (name === 'value') value = fieldValue;
    else if (!isStringField(name)) return new CelError(`unexpected JSONPatchType field: ${name}`);
    else if (typeof native !== 'string') return new CelError(`unexpected type ${goTypeName(native)} for JSONPatchType '${name}' field`);
    else strings[name] = native;
  }
  return new JsonPatchOperation(strings.op, strings.path, strings.from, value);
}

/**
 * A new instance of a message type from its fields' values (none an error): a mutation type's
 * value, or, for any other type (an object type of a schema, which no provider can build), cel-go's
 * "unknown type" error.
 */
export function newMessage(typeName: string, fields: ReadonlyMap<string, CelValue>): CelValue {
  if (typeName === jsonPatchTypeName) return newJsonPatch(fields);
  if (isPatchObjectTypeName(typeName)) return new PatchObject(typeName, fields);
  return new CelError(`unknown type '${typeName}'`);
}
