// An object's Protobuf message (the raw bytes of a runtime.Unknown) read into the JSON form of the
// kind, field by field through the type declarations, as Go reads it and then writes its JSON: Go
// writes every non-pointer field, so a zero there means unset and is left out unless Go's JSON shows
// it (no omitempty); a pointer field is written only when set, so its zero was sent and is kept.

import protobuf from 'protobufjs/minimal.js';
import { scalarZero, zeroIsShown, type FieldDeclaration, type JsonValue, type Schema, type StructDeclaration, type TypeLookup } from '../../schema/schema.ts';
import { decodeRawJson, opaqueDecoders, readInt64 } from './opaque-types.ts';
import { schemaUnionDecoders } from './schema-props-unions.ts';
import { errorMessage } from '../../text/error-message.ts';

type Reader = protobuf.Reader;
type JsonObject = { [key: string]: JsonValue };

export class ProtobufDecodeError extends Error {
  override name = 'ProtobufDecodeError';
}

const lengthDelimited = 2;

/** The JSON object of a message of the named struct type. */
export function decodeMessage(bytes: Uint8Array, typeName: string, lookup: TypeLookup): JsonObject {
  const declaration = lookup(typeName);
  if (declaration === undefined || declaration.kind !== 'struct') throw new ProtobufDecodeError(`no Protobuf message is declared for ${typeName}`);
  try {
    return decodeStruct(protobuf.Reader.create(bytes), declaration, lookup);
  } catch (error) {
    if (error instanceof ProtobufDecodeError) throw error;
    throw new ProtobufDecodeError(`the ${typeName} message cannot be read: ${errorMessage(error)}`);
  }
}

/** What a field number of a message holds: a declared field, or an inline-embedded struct's fields. */
type NumberedField = { readonly name: string; readonly field: FieldDeclaration } | { readonly embedded: FieldNumbers };
type FieldNumbers = Map<number, NumberedField>;

/** Field number -> field, per struct, built once. */
const fieldsByNumber = new WeakMap<StructDeclaration, FieldNumbers>();

function numberedFields(declaration: StructDeclaration): FieldNumbers {
  let byNumber = fieldsByNumber.get(declaration);
  if (byNumber === undefined) {
    byNumber = new Map();
    for (const [name, field] of Object.entries(declaration.fields)) {
      if (field.protobuf === undefined) continue;
      if (field.protobufEmbeddedIn === undefined) {
        byNumber.set(field.protobuf, { name, field });
        continue;
      }
      let numbers = byNumber;
      for (const outer of typeof field.protobufEmbeddedIn === 'number' ? [field.protobufEmbeddedIn] : field.protobufEmbeddedIn) {
        let embedded = numbers.get(outer);
        if (embedded === undefined || !('embedded' in embedded)) {
          embedded = { embedded: new Map() };
          numbers.set(outer, embedded);
        }
        numbers = embedded.embedded;
      }
      numbers.set(field.protobuf, { name, field });
    }
    fieldsByNumber.set(declaration, byNumber);
  }
  return byNumber;
}

function decodeStruct(reader: Reader, declaration: StructDeclaration, lookup: TypeLookup): JsonObject {
  const object: JsonObject = {};
  decodeFields(reader, numberedFields(declaration), object, lookup);
  return object;
}

/** Reads a message's fields into `object`; an inline-embedded message's fields land beside the others. */
function decodeFields(reader: Reader, byNumber: FieldNumbers, object: JsonObject, lookup: TypeLookup): void {
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const entry = byNumber.get(tag >>> 3);
    if (entry === undefined) {
      reader.skipType(tag & 7);
      continue;
    }
    if ('embedded' in entry) {
      decodeFields(protobuf.Reader.create(reader.bytes()), entry.embedded, object, lookup);
      continue;
    }
    const { name, field } = entry;
    const { schema } = field;
    if (schema.type === 'list') {
      const items = (object[name] ?? []) as JsonValue[];
      if ((tag & 7) === lengthDelimited && isPackable(schema.items)) {
        const packed = protobuf.Reader.create(reader.bytes());
        while (packed.pos < packed.len) items.push(decodeValue(packed, schema.items, lookup) as JsonValue);
      } else {
        // An item Go writes as JSON null (a zero Time, an empty JSON) keeps its place in the list.
        items.push(decodeValue(reader, schema.items, lookup) ?? null);
      }
      object[name] = items;
      continue;
    }
    if (schema.type === 'map') {
      const [key, value] = decodeMapEntry(protobuf.Reader.create(reader.bytes()), schema.values, lookup);
      const entries = (object[name] ??= {}) as JsonObject;
      // A key "__proto__" (a valid ConfigMap key) is data, as JSON.parse keeps it, not the prototype.
      if (key === '__proto__') Object.defineProperty(entries, key, { value, enumerable: true, writable: true, configurable: true });
      else entries[key] = value;
      continue;
    }
    const value = decodeValue(reader, schema, lookup);
    if (value === undefined || isUnsetZero(field, value)) delete object[name];
    else object[name] = value;
  }
}

/** A zero Go wrote only because the field is not a pointer, and its JSON omits (omitempty). */
const isUnsetZero = (field: FieldDeclaration, value: JsonValue): boolean => field.pointer !== true && value === scalarZero(field.schema) && !zeroIsShown(field);

const isPackable = (schema: Schema): boolean => schema.type === 'integer' || schema.type === 'number' || schema.type === 'boolean';

function decodeMapEntry(reader: Reader, values: Schema, lookup: TypeLookup): [string, JsonValue] {
  let key = '';
  let value: JsonValue | undefined;
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1) key = reader.string();
    else if (tag >>> 3 === 2) value = decodeValue(reader, values, lookup);
    else reader.skipType(tag & 7);
  }
  return [key, value ?? zeroOf(values, lookup)];
}

/** The value a map entry without one stands for: Go's zero value. */
function zeroOf(schema: Schema, lookup: TypeLookup): JsonValue {
  const scalar = scalarZero(schema);
  if (scalar !== undefined) return scalar;
  if (schema.type === 'list') return [];
  return schema.type === 'ref' && lookup(schema.name)?.kind === 'opaque' ? null : {};
}

function decodeValue(reader: Reader, schema: Schema, lookup: TypeLookup): JsonValue | undefined {
  switch (schema.type) {
    case 'string':
      return schema.format === 'byte' ? Buffer.from(reader.bytes()).toString('base64') : reader.string();
    case 'integer':
      return schema.format === 'int32' ? reader.int32() : readInt64(reader);
    case 'number':
      return reader.double();
    case 'boolean':
      return reader.bool();
    case 'object':
      return decodeRawJson(reader.bytes());
    case 'list': {
      // A list inside a map or list travels as a message that wraps it (authentication's
      // ExtraValue: repeated string items = 1).
      const wrapper = protobuf.Reader.create(reader.bytes());
      const items: JsonValue[] = [];
      while (wrapper.pos < wrapper.len) {
        const tag = wrapper.uint32();
        if (tag >>> 3 !== 1) wrapper.skipType(tag & 7);
        else {
          const item = decodeValue(wrapper, schema.items, lookup);
          if (item !== undefined) items.push(item);
        }
      }
      return items;
    }
    case 'map':
      throw new ProtobufDecodeError('a map nested directly in a list or map has no Protobuf form');
    case 'ref': {
      const target = lookup(schema.name);
      if (target === undefined) {
        reader.skipType(lengthDelimited);
        return undefined;
      }
      if (target.kind === 'struct') return decodeStruct(protobuf.Reader.create(reader.bytes()), target, lookup);
      const decodeUnion = schemaUnionDecoders[target.name];
      if (decodeUnion !== undefined) return decodeUnion(reader.bytes(), (bytes, typeName) => decodeMessage(bytes, typeName, lookup));
      const decode = opaqueDecoders[target.name];
      if (decode === undefined) throw new ProtobufDecodeError(`${target.name} has no Protobuf reader yet`);
      return decode(reader.bytes());
    }
  }
}
