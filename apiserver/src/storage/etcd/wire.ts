// Protobuf wire helpers for etcd's messages: int64 fields read as plain numbers (revisions, ids
// and counts stay far below 2^53) instead of protobufjs' Long objects, and the header every
// response starts with.

import protobuf from 'protobufjs/minimal.js';

export const { Reader, Writer } = protobuf;
export type Reader = protobuf.Reader;
export type Writer = protobuf.Writer;

/** Wire types of the fields etcd's messages use. */
export const varint = 0;
export const lengthDelimited = 2;

/** The key of a field: its number and wire type. */
export const tag = (field: number, wireType: number): number => (field << 3) | wireType;

/**
 * Reads an int64 varint as a number. Up to 9 bytes it is a non-negative value below 2^63, summed
 * exactly while below 2^53; a 10-byte varint is negative (two's complement, e.g. etcd's watch id
 * -1) and goes through protobufjs' exact path.
 */
export function readInt64(reader: Reader): number {
  const { buf } = reader;
  const start = reader.pos;
  let pos = start;
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 9; i++) {
    const byte = buf[pos++] as number;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) {
      if (pos > reader.len) break;
      reader.pos = pos;
      return value;
    }
    scale *= 128;
  }
  reader.pos = start;
  const long = reader.int64() as unknown as number | { toNumber(): number };
  return typeof long === 'number' ? long : long.toNumber();
}

/** Reads an int64 exactly, as a decimal string: lease ids use all 63 bits. */
export const readInt64String = (reader: Reader): string => reader.int64().toString();

/** etcd's ResponseHeader: the revision for every call; the member's identity only for Status. */
export interface ResponseHeader {
  readonly revision: number;
  readonly raftTerm: number;
  /** Decimal uint64 strings, read only where asked for (readHeader's `withIds`): they cost a Long each. */
  readonly clusterId?: string;
  readonly memberId?: string;
}

const emptyHeader: ResponseHeader = { revision: 0, raftTerm: 0 };

/** Reads a length-delimited ResponseHeader. */
export function readHeader(reader: Reader, withIds = false): ResponseHeader {
  const end = reader.uint32() + reader.pos;
  let clusterId: string | undefined;
  let memberId: string | undefined;
  let revision = 0;
  let raftTerm = 0;
  while (reader.pos < end) {
    const key = reader.uint32();
    switch (key) {
      case tag(1, varint):
        if (withIds) clusterId = reader.uint64().toString();
        else reader.skipType(varint);
        break;
      case tag(2, varint):
        if (withIds) memberId = reader.uint64().toString();
        else reader.skipType(varint);
        break;
      case tag(3, varint):
        revision = readInt64(reader);
        break;
      case tag(4, varint):
        raftTerm = readInt64(reader);
        break;
      default:
        reader.skipType(key & 7);
    }
  }
  if (clusterId === undefined || memberId === undefined) return { revision, raftTerm };
  return { revision, raftTerm, clusterId, memberId };
}

/** Decodes a response that carries only a header (Compaction, LeaseRevoke). */
export function decodeHeaderOnly(buffer: Buffer): ResponseHeader {
  const reader = Reader.create(buffer);
  let header = emptyHeader;
  while (reader.pos < reader.len) {
    const key = reader.uint32();
    if (key === tag(1, lengthDelimited)) header = readHeader(reader);
    else reader.skipType(key & 7);
  }
  return header;
}

export { emptyHeader };

/** Finishes a writer into the Buffer gRPC sends. */
export const finish = (writer: Writer): Buffer => writer.finish() as Buffer;
