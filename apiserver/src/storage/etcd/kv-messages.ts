// etcd's KV service messages (etcdserverpb Range, Put, DeleteRange, Txn, Compaction and mvccpb
// KeyValue), written and read by hand: these are the hot path of every read and write, and
// hand-written code allocates only the result objects.

import { emptyHeader, finish, lengthDelimited, Reader, readHeader, readInt64, readInt64String, type ResponseHeader, tag, varint, Writer } from './wire.ts';

/** mvccpb.KeyValue; key and value are views into the response's buffer. */
export interface EtcdKeyValue {
  readonly key: Buffer;
  readonly createRevision: number;
  readonly modRevision: number;
  readonly version: number;
  readonly value: Buffer;
  /** The lease id as a decimal string (ids use all 63 bits); "0" for none. */
  readonly lease: string;
}

export interface RangeRequest {
  readonly key: Uint8Array;
  /** The end of [key, rangeEnd); absent for the single key. */
  readonly rangeEnd?: Uint8Array;
  readonly limit?: number;
  /** Read at this revision; absent or 0 for the latest. */
  readonly revision?: number;
  /** Answer from the member's local state without a quorum round. */
  readonly serializable?: boolean;
  readonly keysOnly?: boolean;
  readonly countOnly?: boolean;
}

export interface RangeResponse {
  readonly header: ResponseHeader;
  readonly kvs: EtcdKeyValue[];
  readonly more: boolean;
  /** How many keys the whole range holds (not only the returned page). */
  readonly count: number;
}

export interface PutRequest {
  readonly key: Uint8Array;
  readonly value: Uint8Array;
  /** A lease id (decimal string) that the key is attached to. */
  readonly lease?: string;
  readonly prevKv?: boolean;
}

export interface PutResponse {
  readonly header: ResponseHeader;
  readonly prevKv: EtcdKeyValue | undefined;
}

export interface DeleteRangeRequest {
  readonly key: Uint8Array;
  readonly rangeEnd?: Uint8Array;
  readonly prevKv?: boolean;
}

export interface DeleteRangeResponse {
  readonly header: ResponseHeader;
  readonly deleted: number;
  readonly prevKvs: EtcdKeyValue[];
}

/** etcdserverpb.Compare: what of a key to compare (target), how (result), and with what. */
export interface Compare {
  readonly key: Uint8Array;
  readonly target: 'version' | 'create' | 'mod' | 'value' | 'lease';
  readonly result: 'equal' | 'greater' | 'less' | 'notEqual';
  /** A revision or version for the numeric targets, a lease id as a decimal string, bytes for `value`. */
  readonly operand: number | string | Uint8Array;
}

export type RequestOp = { readonly range: RangeRequest } | { readonly put: PutRequest } | { readonly deleteRange: DeleteRangeRequest };

export type ResponseOp = { readonly range: RangeResponse } | { readonly put: PutResponse } | { readonly deleteRange: DeleteRangeResponse } | { readonly txn: TxnResponse };

export interface TxnRequest {
  readonly compare: readonly Compare[];
  readonly success: readonly RequestOp[];
  readonly failure: readonly RequestOp[];
}

export interface TxnResponse {
  readonly header: ResponseHeader;
  readonly succeeded: boolean;
  readonly responses: ResponseOp[];
}

const compareTargets = { version: 0, create: 1, mod: 2, value: 3, lease: 4 } as const;
const compareResults = { equal: 0, greater: 1, less: 2, notEqual: 3 } as const;
/** The field of Compare's target_union that holds the operand of each target. */
const operandFields = { version: 4, create: 5, mod: 6, value: 7, lease: 8 } as const;

// --- Requests -------------------------------------------------------------------------------

function writeRange(w: Writer, r: RangeRequest): void {
  w.uint32(tag(1, lengthDelimited)).bytes(r.key);
  if (r.rangeEnd !== undefined) w.uint32(tag(2, lengthDelimited)).bytes(r.rangeEnd);
  if (r.limit) w.uint32(tag(3, varint)).int64(r.limit);
  if (r.revision) w.uint32(tag(4, varint)).int64(r.revision);
  if (r.serializable) w.uint32(tag(7, varint)).bool(true);
  if (r.keysOnly) w.uint32(tag(8, varint)).bool(true);
  if (r.countOnly) w.uint32(tag(9, varint)).bool(true);
}

function writePut(w: Writer, r: PutRequest): void {
  w.uint32(tag(1, lengthDelimited)).bytes(r.key);
  w.uint32(tag(2, lengthDelimited)).bytes(r.value);
  if (r.lease !== undefined && r.lease !== '0') w.uint32(tag(3, varint)).int64(r.lease);
  if (r.prevKv) w.uint32(tag(4, varint)).bool(true);
}

function writeDeleteRange(w: Writer, r: DeleteRangeRequest): void {
  w.uint32(tag(1, lengthDelimited)).bytes(r.key);
  if (r.rangeEnd !== undefined) w.uint32(tag(2, lengthDelimited)).bytes(r.rangeEnd);
  if (r.prevKv) w.uint32(tag(3, varint)).bool(true);
}

function writeCompare(w: Writer, c: Compare): void {
  const result = compareResults[c.result];
  const target = compareTargets[c.target];
  if (result !== 0) w.uint32(tag(1, varint)).uint32(result);
  if (target !== 0) w.uint32(tag(2, varint)).uint32(target);
  w.uint32(tag(3, lengthDelimited)).bytes(c.key);
  // A member of a oneof is written even when 0: its presence says which target is meant.
  const field = operandFields[c.target];
  if (typeof c.operand !== 'object') w.uint32(tag(field, varint)).int64(c.operand);
  else w.uint32(tag(field, lengthDelimited)).bytes(c.operand);
}

/** Writes the one request of a RequestOp as a nested message; the caller closes the RequestOp. */
function writeRequestOp(w: Writer, op: RequestOp): Writer {
  if ('put' in op) {
    writePut(w.uint32(tag(2, lengthDelimited)).fork(), op.put);
  } else if ('range' in op) {
    writeRange(w.uint32(tag(1, lengthDelimited)).fork(), op.range);
  } else {
    writeDeleteRange(w.uint32(tag(3, lengthDelimited)).fork(), op.deleteRange);
  }
  return w.ldelim();
}

export function encodeRangeRequest(request: RangeRequest): Buffer {
  const w = Writer.create();
  writeRange(w, request);
  return finish(w);
}

export function encodePutRequest(request: PutRequest): Buffer {
  const w = Writer.create();
  writePut(w, request);
  return finish(w);
}

export function encodeDeleteRangeRequest(request: DeleteRangeRequest): Buffer {
  const w = Writer.create();
  writeDeleteRange(w, request);
  return finish(w);
}

export function encodeTxnRequest(request: TxnRequest): Buffer {
  const w = Writer.create();
  for (const c of request.compare) {
    writeCompare(w.uint32(tag(1, lengthDelimited)).fork(), c);
    w.ldelim();
  }
  for (const op of request.success) writeRequestOp(w.uint32(tag(2, lengthDelimited)).fork(), op).ldelim();
  for (const op of request.failure) writeRequestOp(w.uint32(tag(3, lengthDelimited)).fork(), op).ldelim();
  return finish(w);
}

export function encodeCompactionRequest(revision: number, physical: boolean): Buffer {
  const w = Writer.create();
  w.uint32(tag(1, varint)).int64(revision);
  if (physical) w.uint32(tag(2, varint)).bool(true);
  return finish(w);
}

// --- Responses ------------------------------------------------------------------------------

const noBytes: Buffer = Buffer.alloc(0);

/** Reads a length-delimited mvccpb.KeyValue. */
export function readKeyValue(reader: Reader): EtcdKeyValue {
  const end = reader.uint32() + reader.pos;
  let key = noBytes;
  let createRevision = 0;
  let modRevision = 0;
  let version = 0;
  let value = noBytes;
  let lease = '0';
  while (reader.pos < end) {
    const k = reader.uint32();
    switch (k) {
      case tag(1, lengthDelimited):
        key = reader.bytes() as Buffer;
        break;
      case tag(2, varint):
        createRevision = readInt64(reader);
        break;
      case tag(3, varint):
        modRevision = readInt64(reader);
        break;
      case tag(4, varint):
        version = readInt64(reader);
        break;
      case tag(5, lengthDelimited):
        value = reader.bytes() as Buffer;
        break;
      case tag(6, varint):
        lease = readInt64String(reader);
        break;
      default:
        reader.skipType(k & 7);
    }
  }
  return { key, createRevision, modRevision, version, value, lease };
}

function readRangeResponse(reader: Reader, end: number): RangeResponse {
  let header = emptyHeader;
  const kvs: EtcdKeyValue[] = [];
  let more = false;
  let count = 0;
  while (reader.pos < end) {
    const k = reader.uint32();
    switch (k) {
      case tag(1, lengthDelimited):
        header = readHeader(reader);
        break;
      case tag(2, lengthDelimited):
        kvs.push(readKeyValue(reader));
        break;
      case tag(3, varint):
        more = reader.bool();
        break;
      case tag(4, varint):
        count = readInt64(reader);
        break;
      default:
        reader.skipType(k & 7);
    }
  }
  return { header, kvs, more, count };
}

function readPutResponse(reader: Reader, end: number): PutResponse {
  let header = emptyHeader;
  let prevKv: EtcdKeyValue | undefined;
  while (reader.pos < end) {
    const k = reader.uint32();
    if (k === tag(1, lengthDelimited)) header = readHeader(reader);
    else if (k === tag(2, lengthDelimited)) prevKv = readKeyValue(reader);
    else reader.skipType(k & 7);
  }
  return { header, prevKv };
}

function readDeleteRangeResponse(reader: Reader, end: number): DeleteRangeResponse {
  let header = emptyHeader;
  let deleted = 0;
  const prevKvs: EtcdKeyValue[] = [];
  while (reader.pos < end) {
    const k = reader.uint32();
    if (k === tag(1, lengthDelimited)) header = readHeader(reader);
    else if (k === tag(2, varint)) deleted = readInt64(reader);
    else if (k === tag(3, lengthDelimited)) prevKvs.push(readKeyValue(reader));
    else reader.skipType(k & 7);
  }
  return { header, deleted, prevKvs };
}

function readResponseOp(reader: Reader): ResponseOp {
  const end = reader.uint32() + reader.pos;
  let op: ResponseOp | undefined;
  while (reader.pos < end) {
    const k = reader.uint32();
    if ((k & 7) !== lengthDelimited || k >>> 3 > 4) {
      reader.skipType(k & 7);
      continue;
    }
    const innerEnd = reader.uint32() + reader.pos;
    switch (k >>> 3) {
      case 1:
        op = { range: readRangeResponse(reader, innerEnd) };
        break;
      case 2:
        op = { put: readPutResponse(reader, innerEnd) };
        break;
      case 3:
        op = { deleteRange: readDeleteRangeResponse(reader, innerEnd) };
        break;
      default:
        op = { txn: readTxnResponse(reader, innerEnd) };
    }
  }
  return op ?? { range: { header: emptyHeader, kvs: [], more: false, count: 0 } };
}

function readTxnResponse(reader: Reader, end: number): TxnResponse {
  let header = emptyHeader;
  let succeeded = false;
  const responses: ResponseOp[] = [];
  while (reader.pos < end) {
    const k = reader.uint32();
    if (k === tag(1, lengthDelimited)) header = readHeader(reader);
    else if (k === tag(2, varint)) succeeded = reader.bool();
    else if (k === tag(3, lengthDelimited)) responses.push(readResponseOp(reader));
    else reader.skipType(k & 7);
  }
  return { header, succeeded, responses };
}

const whole =
  <T>(read: (reader: Reader, end: number) => T) =>
  (buffer: Buffer): T => {
    const reader = Reader.create(buffer);
    return read(reader, reader.len);
  };

export const decodeRangeResponse = whole(readRangeResponse);
export const decodePutResponse = whole(readPutResponse);
export const decodeDeleteRangeResponse = whole(readDeleteRangeResponse);
export const decodeTxnResponse = whole(readTxnResponse);
