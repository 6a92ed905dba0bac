// A runtime.v1 message to and from its wire bytes, in the shapes message-init.ts describes.

import type protobuf from 'protobufjs';
import type { MessageInit } from './messages/message-init.ts';

export interface MessageCodec<T> {
  readonly type: protobuf.Type;
  encode(message: MessageInit<T>): Buffer;
  decode(bytes: Uint8Array): T;
}

/** Absent fields are filled with their zero values, absent messages with null (see message-init.ts). */
const readOptions: protobuf.IConversionOptions = { longs: Number, enums: String, defaults: true, arrays: true, objects: true };

export function messageCodec<T>(type: protobuf.Type): MessageCodec<T> {
  return {
    type,
    encode(message) {
      const bytes = type.encode(type.fromObject(message as Record<string, unknown>)).finish();
      // protobufjs writes a Buffer on Node, which gRPC needs; a copy only if that ever changes.
      return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
    },
    decode(bytes) {
      return type.toObject(type.decode(bytes), readOptions) as T;
    },
  };
}
