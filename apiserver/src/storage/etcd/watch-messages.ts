// etcd's Watch service messages (etcdserverpb WatchRequest, WatchResponse and mvccpb Event),
// written and read by hand: watch responses carry every change the API server fans out.

import { type EtcdKeyValue, readKeyValue } from './kv-messages.ts';
import { emptyHeader, finish, lengthDelimited, Reader, readHeader, readInt64, type ResponseHeader, tag, varint, Writer } from './wire.ts';

export interface WatchCreateRequest {
  readonly key: Uint8Array;
  readonly rangeEnd?: Uint8Array;
  /** The first revision to deliver; absent or 0 for the changes after "now". */
  readonly startRevision?: number;
  readonly progressNotify?: boolean;
  readonly prevKv?: boolean;
  /** Let etcd split a revision too large for one message into several (flagged `fragment`). */
  readonly fragment?: boolean;
}

export interface EtcdEvent {
  readonly type: 'PUT' | 'DELETE';
  readonly kv: EtcdKeyValue;
  readonly prevKv: EtcdKeyValue | undefined;
}

export interface WatchResponse {
  readonly header: ResponseHeader;
  /** -1 for a progress response that answers a progress request of the stream. */
  readonly watchId: number;
  readonly created: boolean;
  readonly canceled: boolean;
  /** Set when the revision asked for has been compacted: the watch is cancelled. */
  readonly compactRevision: number;
  readonly cancelReason: string;
  /** More responses of the same revision follow. */
  readonly fragment: boolean;
  readonly events: EtcdEvent[];
}

export function encodeWatchCreate(request: WatchCreateRequest): Buffer {
  const w = Writer.create();
  w.uint32(tag(1, lengthDelimited)).fork();
  w.uint32(tag(1, lengthDelimited)).bytes(request.key);
  if (request.rangeEnd !== undefined) w.uint32(tag(2, lengthDelimited)).bytes(request.rangeEnd);
  if (request.startRevision) w.uint32(tag(3, varint)).int64(request.startRevision);
  if (request.progressNotify) w.uint32(tag(4, varint)).bool(true);
  if (request.prevKv) w.uint32(tag(6, varint)).bool(true);
  if (request.fragment) w.uint32(tag(8, varint)).bool(true);
  w.ldelim();
  return finish(w);
}

export function encodeWatchCancel(watchId: number): Buffer {
  const w = Writer.create();
  w.uint32(tag(2, lengthDelimited)).fork();
  if (watchId !== 0) w.uint32(tag(1, varint)).int64(watchId);
  w.ldelim();
  return finish(w);
}

/** A WatchRequest holding an empty progress_request. */
export const watchProgressRequest: Buffer = Buffer.from([tag(3, lengthDelimited), 0]);

function readEvent(reader: Reader): EtcdEvent {
  const end = reader.uint32() + reader.pos;
  let type: EtcdEvent['type'] = 'PUT';
  let kv: EtcdKeyValue | undefined;
  let prevKv: EtcdKeyValue | undefined;
  while (reader.pos < end) {
    const k = reader.uint32();
    if (k === tag(1, varint)) type = reader.uint32() === 1 ? 'DELETE' : 'PUT';
    else if (k === tag(2, lengthDelimited)) kv = readKeyValue(reader);
    else if (k === tag(3, lengthDelimited)) prevKv = readKeyValue(reader);
    else reader.skipType(k & 7);
  }
  return { type, kv: kv ?? emptyKeyValue, prevKv };
}

const emptyKeyValue: EtcdKeyValue = { key: Buffer.alloc(0), createRevision: 0, modRevision: 0, version: 0, value: Buffer.alloc(0), lease: '0' };

export function decodeWatchResponse(buffer: Buffer): WatchResponse {
  const reader = Reader.create(buffer);
  let header = emptyHeader;
  let watchId = 0;
  let created = false;
  let canceled = false;
  let compactRevision = 0;
  let cancelReason = '';
  let fragment = false;
  const events: EtcdEvent[] = [];
  while (reader.pos < reader.len) {
    const k = reader.uint32();
    switch (k) {
      case tag(1, lengthDelimited):
        header = readHeader(reader);
        break;
      case tag(2, varint):
        watchId = readInt64(reader);
        break;
      case tag(3, varint):
        created = reader.bool();
        break;
      case tag(4, varint):
        canceled = reader.bool();
        break;
      case tag(5, varint):
        compactRevision = readInt64(reader);
        break;
      case tag(6, lengthDelimited):
        cancelReason = reader.string();
        break;
      case tag(7, varint):
        fragment = reader.bool();
        break;
      case tag(11, lengthDelimited):
        events.push(readEvent(reader));
        break;
      default:
        reader.skipType(k & 7);
    }
  }
  return { header, watchId, created, canceled, compactRevision, cancelReason, fragment, events };
}
