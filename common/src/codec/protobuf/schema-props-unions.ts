// The three unions of apiextensions' JSONSchemaProps, whose JSON is one of two shapes but whose
// Protobuf message holds both: OrArray {schema = 1, jSONSchemas = 2}, OrBool {allows = 1,
// schema = 2}, OrStringArray {schema = 1, property = 2}. Read and written as Go's MarshalJSON and
// UnmarshalJSON of these types choose between the shapes.

import protobuf from 'protobufjs/minimal.js';
import type { JsonValue } from '../../schema/schema.ts';
import type { MessageWriter } from './message-writer.ts';

const apiextensions = (type: string): string => `io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.${type}`;
export const jsonSchemaPropsName = apiextensions('JSONSchemaProps');

type JsonObject = { [key: string]: JsonValue };
/** Reads a message of a declared struct type (the decoder's own, handed in to avoid a cycle). */
type ReadMessage = (bytes: Uint8Array, typeName: string) => JsonObject;

const varint = 0;
const lengthDelimited = 2;

/** Where a union's message keeps its schema, its list items and its allows flag. */
interface UnionNumbers {
  readonly schema: number;
  readonly items?: number;
  readonly allows?: number;
}

interface Union {
  schema?: JsonObject;
  readonly items: Uint8Array[];
  allows: boolean;
}

/** The fields of a union's message: its schema (if any), its list items (unread), its allows flag. */
function readUnion(message: Uint8Array, numbers: UnionNumbers, read: ReadMessage): Union {
  const reader = protobuf.Reader.create(message);
  const union: Union = { items: [], allows: false };
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const number = tag >>> 3;
    const wireType = tag & 7;
    if (number === numbers.schema && wireType === lengthDelimited) union.schema = read(reader.bytes(), jsonSchemaPropsName);
    else if (number === numbers.items && wireType === lengthDelimited) union.items.push(reader.bytes());
    else if (number === numbers.allows && wireType === varint) union.allows = reader.bool();
    else reader.skipType(wireType);
  }
  return union;
}

const utf8 = new TextDecoder();

export const schemaUnionDecoders: Readonly<Record<string, (message: Uint8Array, read: ReadMessage) => JsonValue | undefined>> = {
  // Go: the array when it has items, else the schema (null when there is none).
  [apiextensions('JSONSchemaPropsOrArray')]: (message, read) => {
    const union = readUnion(message, { schema: 1, items: 2 }, read);
    return union.items.length > 0 ? union.items.map((item) => read(item, jsonSchemaPropsName)) : union.schema;
  },
  // Go: the schema when there is one, else the allows flag.
  [apiextensions('JSONSchemaPropsOrBool')]: (message, read) => {
    const union = readUnion(message, { allows: 1, schema: 2 }, read);
    return union.schema ?? union.allows;
  },
  // Go: the strings when there are some, else the schema (null when there is none).
  [apiextensions('JSONSchemaPropsOrStringArray')]: (message, read) => {
    const union = readUnion(message, { schema: 1, items: 2 }, read);
    return union.items.length > 0 ? union.items.map((item) => utf8.decode(item)) : union.schema;
  },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Writes a JSONSchemaProps message's fields where the writer is (the encoder's own, handed in). */
type WriteProps = (object: Record<string, unknown>) => void;
type UnionEncoder = (writer: MessageWriter, number: number, value: unknown, writeProps: WriteProps) => void;

/** Field `number` of the message being written, holding the message `write` writes. */
function writeEmbedded(writer: MessageWriter, number: number, write: () => void): void {
  writer.uint32((number << 3) | lengthDelimited).fork();
  write();
  writer.ldelim();
}

export const schemaUnionEncoders: Readonly<Record<string, UnionEncoder>> = {
  [apiextensions('JSONSchemaPropsOrArray')]: (writer, number, value, writeProps) =>
    writeEmbedded(writer, number, () => {
      if (Array.isArray(value)) for (const item of value) writeEmbedded(writer, 2, () => writeProps(isObject(item) ? item : {}));
      else if (isObject(value)) writeEmbedded(writer, 1, () => writeProps(value));
    }),
  // A schema allows what it describes (Go's UnmarshalJSON sets allows with it).
  [apiextensions('JSONSchemaPropsOrBool')]: (writer, number, value, writeProps) =>
    writeEmbedded(writer, number, () => {
      writer.uint32(1 << 3).bool(isObject(value) || value === true);
      if (isObject(value)) writeEmbedded(writer, 2, () => writeProps(value));
    }),
  [apiextensions('JSONSchemaPropsOrStringArray')]: (writer, number, value, writeProps) =>
    writeEmbedded(writer, number, () => {
      if (Array.isArray(value)) for (const item of value) writer.uint32((2 << 3) | lengthDelimited).string(String(item));
      else if (isObject(value)) writeEmbedded(writer, 1, () => writeProps(value));
    }),
};
