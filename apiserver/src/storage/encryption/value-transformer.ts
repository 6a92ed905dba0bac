// What encryption at rest does to one stored value (kube's value.Transformer): the bytes an object
// is stored as, turned into what the store keeps and back. The authenticated data is the value's
// storage key, so that a value copied under another key does not decrypt (kube's etcd store
// passes the key the same way).

/** Refuses a stored value, in the words of kube's transformer; the read answers kube's error for it. */
export class TransformError extends Error {
  override name = 'TransformError';
}

export interface FromStorage {
  readonly data: Uint8Array;
  /** Read with a provider or key other than the one that writes: a write should store it again. */
  readonly stale: boolean;
}

export interface ValueTransformer {
  /** The plain bytes of a stored value; throws TransformError when they cannot be had. */
  fromStorage(data: Uint8Array, authenticatedData: Uint8Array): FromStorage;
  /** The bytes to store for plain bytes. */
  toStorage(data: Uint8Array, authenticatedData: Uint8Array): Uint8Array;
}

export interface PrefixedTransformer {
  /** What stored values of this transformer start with; empty for identity. */
  readonly prefix: Uint8Array;
  readonly transformer: ValueTransformer;
}

/**
 * kube's prefix transformers: the first one writes and prefixes what it writes; a read goes to the
 * first whose prefix the value has. A failure does not end the search (two providers of one kind
 * share a prefix while keys rotate), nor does the identity provider's refusal of an encrypted
 * value; when none reads it, the errors met, or `noMatch`.
 */
export class PrefixTransformers implements ValueTransformer {
  readonly #transformers: readonly PrefixedTransformer[];
  readonly #noMatch: string;

  constructor(transformers: readonly PrefixedTransformer[], noMatch: string) {
    if (transformers.length === 0) throw new Error('prefix transformers need at least one transformer');
    this.#transformers = transformers;
    this.#noMatch = noMatch;
  }

  fromStorage(data: Uint8Array, authenticatedData: Uint8Array): FromStorage {
    const errors: string[] = [];
    for (let i = 0; i < this.#transformers.length; i++) {
      const { prefix, transformer } = this.#transformers[i] as PrefixedTransformer;
      if (!hasPrefix(data, prefix)) continue;
      try {
        const read = transformer.fromStorage(data.subarray(prefix.length), authenticatedData);
        return i === 0 || read.stale ? read : { data: read.data, stale: true };
      } catch (error) {
        if (!(error instanceof TransformError)) throw error;
        if (prefix.length > 0) errors.push(error.message);
      }
    }
    if (errors.length === 1) throw new TransformError(errors[0]);
    // Go's errors.Reduce of an aggregate: one error as it is, several in brackets.
    if (errors.length > 1) throw new TransformError(`[${errors.join(', ')}]`);
    throw new TransformError(this.#noMatch);
  }

  toStorage(data: Uint8Array, authenticatedData: Uint8Array): Uint8Array {
    const { prefix, transformer } = this.#transformers[0] as PrefixedTransformer;
    const stored = transformer.toStorage(data, authenticatedData);
    if (prefix.length === 0) return stored;
    const prefixed = new Uint8Array(prefix.length + stored.length);
    prefixed.set(prefix, 0);
    prefixed.set(stored, prefix.length);
    return prefixed;
  }
}

export function hasPrefix(data: Uint8Array, prefix: Uint8Array): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}
