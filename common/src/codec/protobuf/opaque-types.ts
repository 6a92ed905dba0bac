// The Protobuf forms of the opaque meta types and how they read as JSON: Time and MicroTime are
// {seconds, nanos}, Quantity {string}, IntOrString {type, intVal, strVal}, RawExtension and
// FieldsV1 {raw} holding JSON. Their writers are in opaque-encoders.ts.

import protobuf from 'protobufjs/minimal.js';
import type { JsonValue } from '../../schema/schema.ts';
import { intOrStringName, microTimeName, quantityName, rawExtensionName, timeName } from '../../schema/types/meta-v1.ts';

type OpaqueDecoder = (message: Uint8Array) => JsonValue | undefined;

/** An int64 as a JSON number (exact up to 2^53); protobufjs gives a Long when the long package is there. */
export function readInt64(reader: protobuf.Reader): number {
  const value = reader.int64() as unknown as number | { toNumber(): number };
  return typeof value === 'number' ? value : value.toNumber();
}

/** Each field of a small message, by number, as read by `read`. */
function fieldsOf(message: Uint8Array, read: (reader: protobuf.Reader, number: number, wireType: number) => void): void {
  const reader = protobuf.Reader.create(message);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    read(reader, tag >>> 3, tag & 7);
  }
}

/** {seconds = 1, nanos = 2}; the zero time is unset (Go writes it as null). */
function timestamp(message: Uint8Array, fractionDigits: number): string | undefined {
  let seconds = 0;
  let nanos = 0;
  fieldsOf(message, (reader, number, wireType) => {
    if (number === 1) seconds = readInt64(reader);
    else if (number === 2) nanos = reader.int32();
    else reader.skipType(wireType);
  });
  if (seconds === 0 && nanos === 0) return undefined;
  const iso = new Date(seconds * 1000).toISOString().slice(0, 19);
  const fraction = fractionDigits === 0 ? '' : `.${String(nanos).padStart(9, '0').slice(0, fractionDigits)}`;
  return `${iso}${fraction}Z`;
}

/** A message whose field 1 holds JSON bytes (RawExtension, FieldsV1, apiextensions' JSON). */
export function decodeRawJson(message: Uint8Array): JsonValue | undefined {
  let raw: Uint8Array | undefined;
  fieldsOf(message, (reader, number, wireType) => {
    if (number === 1) raw = reader.bytes();
    else reader.skipType(wireType);
  });
  if (raw === undefined || raw.length === 0) return undefined;
  return JSON.parse(Buffer.from(raw).toString('utf8')) as JsonValue;
}

export const opaqueDecoders: Readonly<Record<string, OpaqueDecoder>> = {
  [timeName]: (message) => timestamp(message, 0),
  [microTimeName]: (message) => timestamp(message, 6),
  [quantityName]: (message) => {
    let text = '';
    fieldsOf(message, (reader, number, wireType) => {
      if (number === 1) text = reader.string();
      else reader.skipType(wireType);
    });
    return text;
  },
  [intOrStringName]: (message) => {
    let type = 0;
    let intVal = 0;
    let strVal = '';
    fieldsOf(message, (reader, number, wireType) => {
      if (number === 1) type = readInt64(reader);
      else if (number === 2) intVal = reader.int32();
      else if (number === 3) strVal = reader.string();
      else reader.skipType(wireType);
    });
    return type === 1 ? strVal : intVal;
  },
  [rawExtensionName]: decodeRawJson,
  'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1': decodeRawJson,
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': decodeRawJson,
};
