// Conversions between etcd's key-values (Buffers, revisions as decimal strings) and the contract's.

import type { KeyValue, Revision } from '../storage.ts';
import type { IKeyValue } from './etcd-client.ts';

export const keyBytes = (key: string): Buffer => Buffer.from(key, 'utf8');

export const valueBytes = (value: Uint8Array): Buffer => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

export const revisionOf = (value: string | number | undefined): Revision => Number(value ?? 0);

export function keyValueFromEtcd(kv: IKeyValue): KeyValue {
  return {
    key: kv.key.toString('utf8'),
    // Decoded values are views into the whole gRPC message; a copy lets a cache that keeps one
    // object from a large response release the rest.
    value: new Uint8Array(kv.value),
    createRevision: revisionOf(kv.create_revision),
    modRevision: revisionOf(kv.mod_revision),
  };
}
