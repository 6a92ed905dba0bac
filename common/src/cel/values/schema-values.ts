// The CEL value a rule sees for a JSON value of a schema type, as Kubernetes builds it for custom
// resource rules (UnstructuredToVal): numbers of type number are doubles even when written whole,
// strings of format byte, date, date-time and duration are bytes, timestamps and durations, lists
// with x-kubernetes-list-type set or map compare and add as such (schema-lists.ts), and a field of
// an object that is null or not declared is absent (no such key; has() is false).
//
// The interpreter reads plain JSON objects and arrays as CEL maps and lists, so only what the
// schema makes different is converted: a value whose type needs nothing is returned as it is,
// and an object or list is copied only when something below it changes. The plan of each type is
// made once (cached by the type object). Values are taken to be valid for their schema, as
// Kubernetes runs rules only on objects without type errors: a value is checked against its type
// only where it is converted, and then a wrong value is an error value with Kubernetes' message.

import { jsonSizes } from '../types/serialized-sizes.ts';
import type { CelType, ListCelType, MapCelType, ObjectCelType } from '../types/cel-types.ts';
import { isRawJSON } from '../../json/raw-json.ts';
import { goTypeName } from './go-values.ts';
import { bytesValue, dateTimeValue, dateValue, durationValue } from './schema-formats.ts';
import { mapList, mapListKeyNames, setList, type ItemValue } from './schema-lists.ts';
import { newSchemaObject, type ObjectShape } from './schema-objects.ts';
import { CelDouble, CelError, CelUint, fromJson, isPlainMap, type CelValue } from './values.ts';

/** The CEL value of `json` (a value decoded from JSON, or a CEL value) as a value of `type`. */
export function schemaValue(json: unknown, type: CelType): CelValue {
  if (json === null) return isNullable(type) ? null : nullNotAllowed;
  const convert = converterOf(type);
  if (convert !== undefined) return fromJson(convert(json));
  return scalarMismatch(json, type) ?? fromJson(json);
}

/**
 * Kubernetes' error for a value of the wrong kind for a scalar type. Checked only for the value
 * itself (a rule's self of a scalar type), where it costs nothing; values inside are trusted.
 */
function scalarMismatch(json: unknown, type: CelType): CelError | undefined {
  const value = fromJson(json);
  switch (type.kind) {
    case 'int':
      return typeof value === 'number' || typeof value === 'bigint' ? undefined : new CelError(`invalid data, expected int, got ${goTypeName(json)}`);
    case 'string':
      return typeof value === 'string' ? undefined : new CelError(`invalid data, expected string, got ${goTypeName(json)}`);
    case 'bool':
      return typeof value === 'boolean' ? undefined : new CelError(`invalid data, expected bool, got ${goTypeName(json)}`);
    case 'dyn':
      return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string'
        ? undefined
        : new CelError('invalid data, expected XIntOrString value to be either a string or integer');
    default:
      return undefined;
  }
}

const nullNotAllowed = new CelError('invalid data, got null for schema with nullable=false');
const isNullable = (type: CelType): boolean => 'nullable' in type && type.nullable === true;

const converters = new WeakMap<CelType, ItemValue | null>();

/** How to convert values of a type, or undefined when their JSON is their CEL value. */
function converterOf(type: CelType): ItemValue | undefined {
  let converter = converters.get(type);
  if (converter === undefined) {
    const convert = valueConverter(type);
    const nullValue = isNullable(type) ? null : nullNotAllowed;
    converter = convert === undefined ? null : (json) => (json === null ? nullValue : convert(json));
    converters.set(type, converter);
  }
  return converter ?? undefined;
}

function valueConverter(type: CelType): ItemValue | undefined {
  switch (type.kind) {
    case 'double':
      return doubleValue;
    case 'bytes':
      return stringConverter(bytesValue);
    case 'duration':
      return stringConverter(durationValue);
    case 'timestamp':
      return stringConverter(isDate(type) ? dateValue : dateTimeValue);
    case 'list':
      return listConverter(type);
    case 'map':
      return mapConverter(type);
    case 'object':
      return objectConverter(type);
    default:
      // int, string, bool and int-or-string (dyn) values are their JSON.
      return undefined;
  }
}

/**
 * schemaCelType gives formats date and date-time the same type, with the JSON sizes of each: a
 * date is exactly "YYYY-MM-DD" (12 bytes with its quotes), a date-time at least 21.
 */
const isDate = (type: CelType): boolean => {
  const sizes = 'sizes' in type ? type.sizes : undefined;
  return sizes?.minSerializedSize === jsonSizes.date && sizes.maxElements === jsonSizes.date;
};

function doubleValue(json: unknown): unknown {
  // An integer beyond int64 is a float64 in Go's JSON decoding.
  if (isRawJSON(json)) return new CelDouble(Number(json.rawJSON));
  const value = fromJson(json);
  if (typeof value === 'number' || typeof value === 'bigint') return new CelDouble(Number(value));
  if (value instanceof CelDouble) return value;
  if (value instanceof CelUint) return new CelDouble(Number(value.value));
  return new CelError(`invalid data, expected float, got ${goTypeName(json)}`);
}

const stringConverter =
  (read: (text: string) => CelValue): ItemValue =>
  (json) =>
    typeof json === 'string' ? read(json) : new CelError(`invalid data, expected string, got ${goTypeName(json)}`);

const notAnArray = new CelError('invalid data, expected an array for the provided schema with type=array');
const notAMap = new CelError('invalid data, expected a map for the provided schema with type=object');

function listConverter(type: ListCelType): ItemValue | undefined {
  const item = converterOf(type.elem);
  switch (type.listType) {
    case 'set':
      return (json) => (Array.isArray(json) ? setList(json, type.elem, item) : notAnArray);
    case 'map': {
      const keyNames = mapListKeyNames(type.listMapKeys ?? []);
      return (json) => (Array.isArray(json) ? mapList(json, type.elem, item, keyNames) : notAnArray);
    }
  }
  if (item === undefined) return undefined;
  return (json) => {
    if (!Array.isArray(json)) return notAnArray;
    const list = new Array<unknown>(json.length);
    for (let i = 0; i < json.length; i++) list[i] = item(json[i]);
    return list;
  };
}

function mapConverter(type: MapCelType): ItemValue | undefined {
  const value = converterOf(type.value);
  if (value === undefined) return undefined;
  return (json) => {
    if (!isPlainMap(json)) return notAMap;
    // Keys are the JSON's own ("__proto__" included), so the map has no prototype.
    const map = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(json)) map[key] = value(json[key]);
    return map;
  };
}

interface FieldPlan {
  readonly name: string;
  readonly property: string;
  readonly convert: ItemValue | undefined;
}

function objectConverter(type: ObjectCelType): ItemValue | undefined {
  const fields: FieldPlan[] = [...type.fields.values()].map((field) => ({ name: field.name, property: field.propertyName, convert: converterOf(field.type) }));
  const needed = fields.some((field) => field.convert !== undefined || field.name !== field.property) || [...type.fields.values()].some((field) => isNullable(field.type));
  if (!needed) return undefined;
  const shape: ObjectShape = { type, fieldNames: new Map(fields.map((field) => [field.property, field.name])) };
  return (json) => {
    if (!isPlainMap(json)) return notAMap;
    const object = newSchemaObject(shape, json);
    for (const field of fields) {
      if (!Object.hasOwn(json, field.property)) continue;
      const value = json[field.property];
      if (value === null) continue;
      object[field.name] = field.convert === undefined ? value : field.convert(value);
    }
    return object;
  };
}
