// The aescbc provider (kube's NewCBCTransformer): AES-CBC with a random 16-byte IV stored before
// the ciphertext, PKCS#7 padding, no authentication.

import { createCipheriv, createDecipheriv, randomFillSync } from 'node:crypto';
import { TransformError, type FromStorage, type ValueTransformer } from '../value-transformer.ts';

const blockSize = 16;

type CbcAlgorithm = 'aes-128-cbc' | 'aes-192-cbc' | 'aes-256-cbc';

export class AesCbcTransformer implements ValueTransformer {
  readonly #key: Buffer;
  readonly #algorithm: CbcAlgorithm;

  /** `key` is 16, 24 or 32 bytes, as the configuration's validation ensures. */
  constructor(key: Uint8Array) {
    this.#key = Buffer.from(key);
    this.#algorithm = `aes-${key.length * 8}-cbc` as CbcAlgorithm;
  }

  fromStorage(data: Uint8Array): FromStorage {
    if (data.length < blockSize) throw new TransformError('the stored data was shorter than the required size');
    const ciphertext = data.subarray(blockSize);
    if (ciphertext.length % blockSize !== 0) throw new TransformError('the stored data is not a multiple of the block size');
    // kube-apiserver 1.35 panics on a value that is an IV alone (it reads the padding byte of an
    // empty plaintext); that value is refused as the empty plaintext it is.
    if (ciphertext.length === 0) throw new TransformError(invalidPkcs7Data);
    const decipher = createDecipheriv(this.#algorithm, this.#key, data.subarray(0, blockSize)).setAutoPadding(false);
    const plain = decipher.update(ciphertext);
    // The padding is checked here rather than by OpenSSL, to refuse it in kube's words.
    const padding = plain[plain.length - 1] as number;
    if (padding === 0 || padding > plain.length) throw new TransformError(invalidPkcs7Data);
    for (let i = plain.length - padding; i < plain.length; i++) {
      if (plain[i] !== padding) throw new TransformError('invalid padding on input');
    }
    return { data: plain.subarray(0, plain.length - padding), stale: false };
  }

  toStorage(data: Uint8Array): Uint8Array {
    const padding = blockSize - (data.length % blockSize);
    const out = Buffer.allocUnsafe(blockSize + data.length + padding);
    const iv = randomFillSync(out, 0, blockSize).subarray(0, blockSize);
    const cipher = createCipheriv(this.#algorithm, this.#key, iv).setAutoPadding(false);
    const padded = Buffer.allocUnsafe(data.length + padding);
    padded.set(data, 0);
    padded.fill(padding, data.length);
    const written = cipher.update(padded).copy(out, blockSize);
    cipher.final();
    if (written !== padded.length) throw new Error('AES-CBC wrote fewer bytes than it was given');
    return out;
  }
}

const invalidPkcs7Data = 'invalid PKCS7 data (empty or not padded)';
