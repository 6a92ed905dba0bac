// An object's JSON form written as its kind's Protobuf message, field by field through the type
// declarations: the mirror of decode-message.ts. Absent fields are not written (a Go reader sees
// their zero values); fields of an inline-embedded struct are gathered into their message.

import { isJsonObject } from '../../json/read-field.ts';
import type { FieldDeclaration, Schema, StructDeclaration } from '../../schema/schema.ts';
import type { TypeLookup } from '../../schema/schema.ts';
import { ProtobufDecodeError } from './decode-message.ts';
import { MessageWriter } from './message-writer.ts';
import { opaqueEncoders, writeRawJson } from './opaque-encoders.ts';
import { jsonSchemaPropsName, schemaUnionEncoders } from './schema-props-unions.ts';

type Writer = MessageWriter;

const varint = 0;
const fixed64 = 1;
const lengthDelimited = 2;

/** The message of `object`, an instance of the named struct type. */
export function encodeMessage(object: Record<string, unknown>, typeName: string, lookup: TypeLookup): Uint8Array {
  const writer = new MessageWriter();
  writeMessage(writer, object, typeName, lookup);
  return writer.finish();
}

/** Writes the message of `object`, an instance of the named struct type, where the writer is. */
export function writeMessage(writer: MessageWriter, object: Record<string, unknown>, typeName: string, lookup: TypeLookup): void {
  const declaration = lookup(typeName);
  if (declaration === undefined || declaration.kind !== 'struct') throw new ProtobufDecodeError(`no Protobuf message is declared for ${typeName}`);
  writeStruct(writer, object, declaration, lookup);
}

/** The fields of a message, in number order, an inline-embedded struct's gathered under its number. */
interface MessageLayout {
  readonly entries: readonly (readonly [number, { readonly name: string; readonly field: FieldDeclaration } | MessageLayout])[];
}

const layouts = new WeakMap<StructDeclaration, MessageLayout>();

function layoutOf(declaration: StructDeclaration): MessageLayout {
  let layout = layouts.get(declaration);
  if (layout !== undefined) return layout;
  type Mutable = Map<number, { name: string; field: FieldDeclaration } | Mutable>;
  const root: Mutable = new Map();
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.protobuf === undefined) continue;
    let numbers = root;
    for (const outer of field.protobufEmbeddedIn === undefined ? [] : [field.protobufEmbeddedIn].flat()) {
      let inner = numbers.get(outer);
      if (!(inner instanceof Map)) {
        inner = new Map();
        numbers.set(outer, inner);
      }
      numbers = inner;
    }
    numbers.set(field.protobuf, { name, field });
  }
  const freeze = (numbers: Mutable): MessageLayout => ({
    entries: [...numbers.entries()].sort(([a], [b]) => a - b).map(([number, entry]) => [number, entry instanceof Map ? freeze(entry) : entry] as const),
  });
  layout = freeze(root);
  layouts.set(declaration, layout);
  return layout;
}

function writeStruct(writer: Writer, object: Record<string, unknown>, declaration: StructDeclaration, lookup: TypeLookup): void {
  writeLayout(writer, object, layoutOf(declaration), lookup);
}

function writeLayout(writer: Writer, object: Record<string, unknown>, layout: MessageLayout, lookup: TypeLookup): void {
  for (const [number, entry] of layout.entries) {
    if ('entries' in entry) {
      writer.uint32((number << 3) | lengthDelimited).fork();
      writeLayout(writer, object, entry, lookup);
      writer.ldelim();
      continue;
    }
    const value = object[entry.name];
    if (value === undefined || value === null) continue;
    writeField(writer, number, entry.field.schema, value, lookup);
  }
}

function writeField(writer: Writer, number: number, schema: Schema, value: unknown, lookup: TypeLookup): void {
  if (schema.type === 'list') {
    if (!Array.isArray(value)) return;
    for (const item of value) {
      if (item !== null && item !== undefined) writeValue(writer, number, schema.items, item, lookup);
      // A null item of a list of messages (a JSON enum's null) is Go's zero message: written empty.
      else if (schema.items.type === 'ref' || schema.items.type === 'object')
        writer
          .uint32((number << 3) | lengthDelimited)
          .fork()
          .ldelim();
    }
    return;
  }
  if (schema.type === 'map') {
    if (!isJsonObject(value)) return;
    for (const [key, item] of Object.entries(value)) {
      writer.uint32((number << 3) | lengthDelimited).fork();
      writer.uint32((1 << 3) | lengthDelimited).string(key);
      if (item !== null && item !== undefined) writeValue(writer, 2, schema.values, item, lookup);
      writer.ldelim();
    }
    return;
  }
  writeValue(writer, number, schema, value, lookup);
}

function writeValue(writer: Writer, number: number, schema: Schema, value: unknown, lookup: TypeLookup): void {
  switch (schema.type) {
    case 'string':
      if (schema.format === 'byte') writer.uint32((number << 3) | lengthDelimited).bytes(Buffer.from(String(value), 'base64'));
      else writer.uint32((number << 3) | lengthDelimited).string(String(value));
      return;
    case 'integer':
      if (schema.format === 'int32') writer.uint32((number << 3) | varint).int32(Number(value));
      else writer.uint32((number << 3) | varint).int64(Number(value));
      return;
    case 'number':
      writer.uint32((number << 3) | fixed64).double(Number(value));
      return;
    case 'boolean':
      writer.uint32((number << 3) | varint).bool(value === true);
      return;
    case 'object':
      writeRawJson(writer, number, value);
      return;
    case 'list': {
      // A list inside a map or list travels wrapped in a message (repeated items = 1).
      writer.uint32((number << 3) | lengthDelimited).fork();
      writeField(writer, 1, schema, value, lookup);
      writer.ldelim();
      return;
    }
    case 'map':
      throw new ProtobufDecodeError('a map nested directly in a list or map has no Protobuf form');
    case 'ref': {
      const target = lookup(schema.name);
      if (target === undefined) return;
      if (target.kind === 'struct') {
        if (!isJsonObject(value)) return;
        writer.uint32((number << 3) | lengthDelimited).fork();
        writeStruct(writer, value, target, lookup);
        writer.ldelim();
        return;
      }
      const encodeUnion = schemaUnionEncoders[target.name];
      if (encodeUnion !== undefined) {
        encodeUnion(writer, number, value, (props) => writeMessage(writer, props, jsonSchemaPropsName, lookup));
        return;
      }
      const encode = opaqueEncoders[target.name];
      if (encode === undefined) throw new ProtobufDecodeError(`${target.name} has no Protobuf writer yet`);
      encode(writer, number, value);
    }
  }
}
