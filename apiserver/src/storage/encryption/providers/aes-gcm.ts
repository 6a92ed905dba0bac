// The aesgcm provider (kube's NewGCMTransformer): AES-GCM with a random 12-byte nonce, stored as
// nonce, ciphertext, 16-byte tag; the storage key is the authenticated data.

import { createCipheriv, createDecipheriv, randomFillSync } from 'node:crypto';
import { TransformError, type FromStorage, type ValueTransformer } from '../value-transformer.ts';

type GcmAlgorithm = 'aes-128-gcm' | 'aes-192-gcm' | 'aes-256-gcm';

const nonceSize = 12;
const tagSize = 16;

export class AesGcmTransformer implements ValueTransformer {
  readonly #key: Buffer;
  readonly #algorithm: GcmAlgorithm;

  /** `key` is 16, 24 or 32 bytes (AES-128, -192, -256), as the configuration's validation ensures. */
  constructor(key: Uint8Array) {
    this.#key = Buffer.from(key);
    this.#algorithm = `aes-${key.length * 8}-gcm` as GcmAlgorithm;
  }

  fromStorage(data: Uint8Array, authenticatedData: Uint8Array): FromStorage {
    if (data.length < nonceSize) throw new TransformError('the stored data was shorter than the required size');
    // Go's AEAD Open fails the same way for a value too short to hold its tag and for a wrong one.
    if (data.length < nonceSize + tagSize) throw new TransformError(authenticationFailed);
    const decipher = createDecipheriv(this.#algorithm, this.#key, data.subarray(0, nonceSize), { authTagLength: tagSize });
    decipher.setAAD(authenticatedData);
    decipher.setAuthTag(data.subarray(data.length - tagSize));
    const ciphertext = data.subarray(nonceSize, data.length - tagSize);
    try {
      const head = decipher.update(ciphertext);
      const tail = decipher.final();
      return { data: tail.length === 0 ? head : Buffer.concat([head, tail]), stale: false };
    } catch {
      throw new TransformError(authenticationFailed);
    }
  }

  toStorage(data: Uint8Array, authenticatedData: Uint8Array): Uint8Array {
    const out = Buffer.allocUnsafe(nonceSize + data.length + tagSize);
    const nonce = randomFillSync(out, 0, nonceSize).subarray(0, nonceSize);
    const cipher = createCipheriv(this.#algorithm, this.#key, nonce, { authTagLength: tagSize });
    cipher.setAAD(authenticatedData);
    let at = nonceSize;
    at += cipher.update(data).copy(out, at);
    at += cipher.final().copy(out, at);
    cipher.getAuthTag().copy(out, at);
    return out;
  }
}

/** Go's crypto/cipher error for a value that does not authenticate. */
const authenticationFailed = 'cipher: message authentication failed';
