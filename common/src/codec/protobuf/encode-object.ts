// An object written as application/vnd.kubernetes.protobuf: its kind's message in the envelope.

import { builtinTypes } from '../../schema/builtin-types.ts';
import { listMetaName } from '../../schema/types/meta-v1.ts';
import { declarationOfKind } from './decode-object.ts';
import { ProtobufDecodeError } from './decode-message.ts';
import { writeMessage } from './encode-message.ts';
import { MessageWriter } from './message-writer.ts';
import { runInSteps, runToEnd } from '../../work/stepwise.ts';
import { closeUnknownEnvelope, openUnknownEnvelope, writeUnknownEnvelope } from './unknown-envelope.ts';

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
 * A list of `kind` whose items' messages are already written (encodeItemMessage): the envelope,
 * the list's metadata (field 1) and each item (field 2) joined into one buffer, byte for byte what
 * encodeProtobufObject writes for the whole list.
 */
export function encodeListOfItemMessages(apiVersion: string, listKind: string, metadata: Record<string, unknown>, items: readonly Uint8Array[]): Uint8Array {
  return runToEnd(listOfItemMessages(apiVersion, listKind, metadata, items, Number.POSITIVE_INFINITY));
}

/** encodeListOfItemMessages, awaiting `pause` after every `itemsPerStep` items (a list of thousands takes milliseconds to join). */
export function encodeListOfItemMessagesInSteps(
  apiVersion: string,
  listKind: string,
  metadata: Record<string, unknown>,
  items: readonly Uint8Array[],
  itemsPerStep: number,
  pause: () => Promise<void>,
): Promise<Uint8Array> {
  return runInSteps(listOfItemMessages(apiVersion, listKind, metadata, items, itemsPerStep), pause);
}

function* listOfItemMessages(
  apiVersion: string,
  listKind: string,
  metadata: Record<string, unknown>,
  items: readonly Uint8Array[],
  itemsPerStep: number,
): Generator<void, Uint8Array, void> {
  const writer = new MessageWriter(items.reduce((sum, item) => sum + item.length + 6, 256));
  openUnknownEnvelope(writer, apiVersion, listKind);
  writer.uint32((1 << 3) | 2).fork();
  writeMessage(writer, metadata, listMetaName, lookup);
  writer.ldelim();
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % itemsPerStep === 0) yield;
    writer.uint32((2 << 3) | 2).bytes(items[i] as Uint8Array);
  }
  closeUnknownEnvelope(writer);
  return writer.finish();
}

/** The message of one item of a list of `kind` (an object without kind and apiVersion), as a list holds it. */
export function encodeItemMessage(apiVersion: string, kind: string, item: Record<string, unknown>): Uint8Array {
  const declaration = declarationOfKind(apiVersion, kind);
  if (declaration === undefined) throw new ProtobufDecodeError(`no Protobuf message for ${apiVersion} ${kind}`);
  const writer = new MessageWriter(4096);
  writeMessage(writer, item, declaration.name, lookup);
  // Exactly its size: items are kept (the API server's cache of item messages).
  const bytes = writer.finish();
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
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
