// An object written as application/vnd.kubernetes.protobuf: its kind's message in the envelope.

import protobuf from 'protobufjs/minimal.js';
import { builtinTypes } from '../../schema/builtin-types.ts';
import { declarationOfKind } from './decode-object.ts';
import { ProtobufDecodeError } from './decode-message.ts';
import { encodeMessage } from './encode-message.ts';
import { encodeUnknownEnvelope } from './unknown-envelope.ts';

/** Whether an object of this apiVersion and kind has a Protobuf message. */
export const hasProtobufMessage = (apiVersion: string, kind: string): boolean => declarationOfKind(apiVersion, kind) !== undefined;

export function encodeProtobufObject(object: Record<string, unknown>): Uint8Array {
  const { apiVersion, kind } = object;
  const declaration = typeof apiVersion === 'string' && typeof kind === 'string' ? declarationOfKind(apiVersion, kind) : undefined;
  if (declaration === undefined) throw new ProtobufDecodeError(`no Protobuf message for ${String(apiVersion)} ${String(kind)}`);
  return encodeUnknownEnvelope(apiVersion as string, kind as string, encodeMessage(object, declaration.name, (name) => builtinTypes.get(name)));
}

/**
 * One event of a watch stream in Protobuf, framed as kube-apiserver frames it: a 4-byte big-endian
 * length, then a WatchEvent {type = 1, object = 2 (RawExtension {raw = 1: the object's envelope})}.
 */
export function encodeWatchEventFrame(type: string, object: Record<string, unknown>): Uint8Array {
  const raw = protobuf.Writer.create();
  raw.uint32((1 << 3) | 2).bytes(encodeProtobufObject(object));
  const event = protobuf.Writer.create();
  event.uint32((1 << 3) | 2).string(type);
  event.uint32((2 << 3) | 2).bytes(raw.finish());
  const message = event.finish();
  const frame = new Uint8Array(4 + message.length);
  new DataView(frame.buffer).setUint32(0, message.length);
  frame.set(message, 4);
  return frame;
}
