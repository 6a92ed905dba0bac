// The identity provider: values stored as they are. It refuses a value that carries the prefix
// reserved for encrypted data, so that a resource moving away from encryption (identity first,
// the old provider after it) still reads the values not yet rewritten with the old provider.

import { hasPrefix, TransformError, type FromStorage, type ValueTransformer } from '../value-transformer.ts';

export const encryptedPrefix = new TextEncoder().encode('k8s:enc:');

export const identityTransformer: ValueTransformer = {
  fromStorage(data: Uint8Array): FromStorage {
    if (hasPrefix(data, encryptedPrefix)) throw new TransformError('identity transformer tried to read encrypted data');
    return { data, stale: false };
  },
  toStorage: (data: Uint8Array): Uint8Array => data,
};
