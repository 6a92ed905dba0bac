// etcd's Lease service messages (etcdserverpb LeaseGrant, LeaseRevoke, LeaseKeepAlive).

import { emptyHeader, finish, lengthDelimited, Reader, readHeader, readInt64, readInt64String, type ResponseHeader, tag, varint, Writer } from './wire.ts';

export interface LeaseGrantResponse {
  readonly header: ResponseHeader;
  /** The lease id as a decimal string: ids use all 63 bits. */
  readonly id: string;
  /** The TTL etcd granted, in seconds. */
  readonly ttl: number;
  readonly error: string;
}

export interface LeaseKeepAliveResponse {
  readonly header: ResponseHeader;
  /** The lease id as a decimal string: ids use all 63 bits. */
  readonly id: string;
  /** The TTL the lease was renewed to, in seconds; 0 or less when the lease no longer exists. */
  readonly ttl: number;
}

export function encodeLeaseGrant(ttlSeconds: number, id = '0'): Buffer {
  const w = Writer.create();
  w.uint32(tag(1, varint)).int64(ttlSeconds);
  if (id !== '0') w.uint32(tag(2, varint)).int64(id);
  return finish(w);
}

/** LeaseRevokeRequest and LeaseKeepAliveRequest are both the lease id in field 1. */
export function encodeLeaseId(id: string): Buffer {
  const w = Writer.create();
  w.uint32(tag(1, varint)).int64(id);
  return finish(w);
}

export function decodeLeaseGrant(buffer: Buffer): LeaseGrantResponse {
  const reader = Reader.create(buffer);
  let header = emptyHeader;
  let id = '0';
  let ttl = 0;
  let error = '';
  while (reader.pos < reader.len) {
    const k = reader.uint32();
    if (k === tag(1, lengthDelimited)) header = readHeader(reader);
    else if (k === tag(2, varint)) id = readInt64String(reader);
    else if (k === tag(3, varint)) ttl = readInt64(reader);
    else if (k === tag(4, lengthDelimited)) error = reader.string();
    else reader.skipType(k & 7);
  }
  return { header, id, ttl, error };
}

export function decodeLeaseKeepAlive(buffer: Buffer): LeaseKeepAliveResponse {
  const reader = Reader.create(buffer);
  let header = emptyHeader;
  let id = '0';
  let ttl = 0;
  while (reader.pos < reader.len) {
    const k = reader.uint32();
    if (k === tag(1, lengthDelimited)) header = readHeader(reader);
    else if (k === tag(2, varint)) id = readInt64String(reader);
    else if (k === tag(3, varint)) ttl = readInt64(reader);
    else reader.skipType(k & 7);
  }
  return { header, id, ttl };
}
