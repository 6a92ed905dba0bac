// Conversions between etcd's key-values (Buffers that are views into a response) and the contract's.

import type { KeyValue } from '../storage.ts';
import type { EtcdKeyValue } from './kv-messages.ts';

export const keyBytes = (key: string): Buffer => Buffer.from(key, 'utf8');

export function keyValueFromEtcd(kv: EtcdKeyValue): KeyValue {
  return {
    key: kv.key.toString('utf8'),
    // Decoded values are views into the whole gRPC message; a copy lets a cache that keeps one
    // object from a large response release the rest.
    value: new Uint8Array(kv.value),
    createRevision: kv.createRevision,
    modRevision: kv.modRevision,
  };
}
