// Kubernetes' Protobuf envelope (application/vnd.kubernetes.protobuf): the four bytes "k8s\0",
// then a runtime.Unknown message: typeMeta (1: apiVersion 1, kind 2), raw (2, the object's own
// message), contentEncoding (3) and contentType (4).

import protobuf from 'protobufjs/minimal.js';
import { MessageWriter } from './message-writer.ts';
import { errorMessage } from '../../text/error-message.ts';

export const protobufMagic = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

export interface UnknownEnvelope {
  readonly apiVersion: string;
  readonly kind: string;
  readonly raw: Uint8Array;
  readonly contentEncoding: string;
  readonly contentType: string;
}

export class ProtobufEnvelopeError extends Error {
  override name = 'ProtobufEnvelopeError';
}

export function hasProtobufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= protobufMagic.length && protobufMagic.every((byte, i) => bytes[i] === byte);
}

/** The envelope of a body; throws ProtobufEnvelopeError for bytes without the prefix or not a valid message. */
export function decodeUnknownEnvelope(bytes: Uint8Array): UnknownEnvelope {
  if (!hasProtobufMagic(bytes)) throw new ProtobufEnvelopeError('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  const envelope: { -readonly [K in keyof UnknownEnvelope]: UnknownEnvelope[K] } = { apiVersion: '', kind: '', raw: new Uint8Array(0), contentEncoding: '', contentType: '' };
  try {
    const reader = protobuf.Reader.create(bytes.subarray(protobufMagic.length));
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: {
          const typeMeta = protobuf.Reader.create(reader.bytes());
          while (typeMeta.pos < typeMeta.len) {
            const inner = typeMeta.uint32();
            if (inner >>> 3 === 1) envelope.apiVersion = typeMeta.string();
            else if (inner >>> 3 === 2) envelope.kind = typeMeta.string();
            else typeMeta.skipType(inner & 7);
          }
          break;
        }
        case 2:
          envelope.raw = reader.bytes();
          break;
        case 3:
          envelope.contentEncoding = reader.string();
          break;
        case 4:
          envelope.contentType = reader.string();
          break;
        default:
          reader.skipType(tag & 7);
      }
    }
  } catch (error) {
    throw new ProtobufEnvelopeError(`the protobuf envelope cannot be read: ${errorMessage(error)}`);
  }
  return envelope;
}

/** An object's message wrapped as kube-apiserver writes it. */
export function encodeUnknownEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const writer = new MessageWriter();
  writeUnknownEnvelope(writer, apiVersion, kind, (inner) => inner.raw(raw));
  return writer.finish();
}

/** Writes the magic and the runtime.Unknown of an object whose message `writeRaw` writes in place. */
export function writeUnknownEnvelope(writer: MessageWriter, apiVersion: string, kind: string, writeRaw: (writer: MessageWriter) => void): void {
  openUnknownEnvelope(writer, apiVersion, kind);
  writeRaw(writer);
  closeUnknownEnvelope(writer);
}

/** writeUnknownEnvelope in two halves, for a message written in steps between them: the magic, the type meta, the raw field opened. */
export function openUnknownEnvelope(writer: MessageWriter, apiVersion: string, kind: string): void {
  writer.raw(protobufMagic);
  writer.uint32((1 << 3) | 2).fork();
  writer.uint32((1 << 3) | 2).string(apiVersion);
  writer.uint32((2 << 3) | 2).string(kind);
  writer.ldelim();
  writer.uint32((2 << 3) | 2).fork();
}

/** The raw field closed, then the (empty) content encoding and type. */
export function closeUnknownEnvelope(writer: MessageWriter): void {
  writer.ldelim();
  writer.uint32((3 << 3) | 2).string('');
  writer.uint32((4 << 3) | 2).string('');
}
