// The secretbox provider (kube's NaCl secretbox transformer): XSalsa20-Poly1305 with a 32-byte key
// and a random 24-byte nonce stored before the sealed box; kube passes no authenticated data.

import { randomFillSync } from 'node:crypto';
import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { TransformError, type FromStorage, type ValueTransformer } from '../value-transformer.ts';

const nonceSize = 24;
/** Poly1305's tag. */
const overhead = 16;

export class SecretboxTransformer implements ValueTransformer {
  readonly #key: Uint8Array;

  /** `key` is 32 bytes, as the configuration's validation ensures. */
  constructor(key: Uint8Array) {
    this.#key = Uint8Array.from(key);
  }

  fromStorage(data: Uint8Array): FromStorage {
    if (data.length < nonceSize + overhead) throw new TransformError('the stored data was shorter than the required size');
    try {
      return { data: xsalsa20poly1305(this.#key, data.subarray(0, nonceSize)).decrypt(data.subarray(nonceSize)), stale: false };
    } catch {
      // What golang.org/x/crypto's secretbox.Open failing makes kube say, whatever the cause.
      throw new TransformError('output array was not large enough for encryption');
    }
  }

  toStorage(data: Uint8Array): Uint8Array {
    const nonce = randomFillSync(new Uint8Array(nonceSize));
    const sealed = xsalsa20poly1305(this.#key, nonce).encrypt(data);
    const out = new Uint8Array(nonceSize + sealed.length);
    out.set(nonce, 0);
    out.set(sealed, nonceSize);
    return out;
  }
}
