// An object written as application/vnd.kubernetes.protobuf: its kind's message in the envelope.

import { builtinTypes } from '../../schema/builtin-types.ts';
import { declarationOfKind } from './decode-object.ts';
import { ProtobufDecodeError } from './decode-message.ts';
import { writeMessage } from './encode-message.ts';
import { MessageWriter } from './message-writer.ts';
import { writeUnknownEnvelope } from './unknown-envelope.ts';

/** Whether an object of this apiVersion and kind has a Protobuf message. */
export const hasProtobufMessage = (apiVersion: string, kind: string): boolean => declarationOfKind(apiVersion, kind) !== undefined;

export function encodeProtobufObject(object: Record<string, unknown>): Uint8Array {
  const writer = new MessageWriter();
  writeProtobufObject(writer, object);
  return writer.finish();
}

const lookup = (name: string) => builtinTypes.get(name);

/** Writes the envelope and message of `object` where the writer is: one buffer, each byte written once. */
function writeProtobufObject(writer: MessageWriter, object: Record<string, unknown>): void {
  const { apiVersion, kind } = object;
  const declaration = typeof apiVersion === 'string' && typeof kind === 'string' ? declarationOfKind(apiVersion, kind) : undefined;
  if (declaration === undefined) throw new ProtobufDecodeError(`no Protobuf message for ${String(apiVersion)} ${String(kind)}`);
  writeUnknownEnvelope(writer, apiVersion as string, kind as string, (inner) => writeMessage(inner, object, declaration.name, lookup));
}

/**
 * One event of a watch stream in Protobuf, framed as kube-apiserver frames it: a 4-byte big-endian
 * length, then a WatchEvent {type = 1, object = 2 (RawExtension {raw = 1: the object's envelope})}.
 */
export function encodeWatchEventFrame(type: string, object: Record<string, unknown>): Uint8Array {
  const writer = new MessageWriter();
  writer.raw(frameLengthPlaceholder);
  writer.uint32((1 << 3) | 2).string(type);
  writer.uint32((2 << 3) | 2).fork();
  writer.uint32((1 << 3) | 2).fork();
  writeProtobufObject(writer, object);
  writer.ldelim();
  writer.ldelim();
  writer.setUint32BE(0, writer.length - frameLengthPlaceholder.length);
  return writer.finish();
}

const frameLengthPlaceholder = new Uint8Array(4);
