// Encryption at rest in the storage layer (kube's transformer in its etcd store): values are
// encrypted on their way into the backend and decrypted on their way out, for every read, list,
// write and watch event, below the watch cache, so that the cache holds plain values and decrypts
// each change once. Only a server started with --encryption-provider-config has this layer.
//
// A value no provider can read is handed up as it is stored, with `transformError` saying why:
// the registry answers kube's error for that object (corrupt-object.ts), and its unsafe deletion
// still works. A value read with an old key is marked `stale`, so that an update rewrites it with
// the current key even when nothing changed (kube's key rotation: `kubectl replace` every object).

import type { DeleteResult, GetResult, KeyValue, ListOptions, ListResult, ReadOptions, Revision, Storage, Watch, WatchEvent, WatchListener } from '../storage.ts';
import { identityTransformer } from './providers/identity.ts';
import type { KeyGroupResource } from './key-group-resources.ts';
import type { ResourceTransformers } from './resource-transformers.ts';
import { TransformError, type ValueTransformer } from './value-transformer.ts';

const encoder = new TextEncoder();

export class EncryptingStorage implements Storage {
  readonly #store: Storage;
  readonly #transformers: ResourceTransformers;
  readonly #groupResourceOf: KeyGroupResource;

  constructor(store: Storage, transformers: ResourceTransformers, groupResourceOf: KeyGroupResource) {
    this.#store = store;
    this.#transformers = transformers;
    this.#groupResourceOf = groupResourceOf;
  }

  currentRevision(): Promise<Revision> {
    return this.#store.currentRevision();
  }

  async get(key: string, options?: ReadOptions): Promise<GetResult> {
    const result = await this.#store.get(key, options);
    return result.kv === undefined ? result : { kv: this.#read(result.kv), revision: result.revision };
  }

  async list(prefix: string, options?: ListOptions): Promise<ListResult> {
    const result = await this.#store.list(prefix, options);
    return { ...result, items: result.items.map((kv) => this.#read(kv)) };
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    const kv = await this.#store.create(key, this.#write(key, value));
    return { ...kv, value };
  }

  async update(key: string, value: Uint8Array, expectedRevision: Revision): Promise<KeyValue> {
    const kv = await this.#store.update(key, this.#write(key, value), expectedRevision);
    return { ...kv, value };
  }

  async delete(key: string, expectedRevision?: Revision): Promise<DeleteResult> {
    const result = await this.#store.delete(key, expectedRevision);
    return { prev: this.#read(result.prev), revision: result.revision };
  }

  watch(prefix: string, fromRevision: Revision, listener: WatchListener): Watch {
    return this.#store.watch(prefix, fromRevision, (event) => listener(this.#readEvent(event)));
  }

  compact(revision: Revision): Promise<void> {
    return this.#store.compact(revision);
  }

  close(): Promise<void> {
    return this.#store.close();
  }

  #transformerFor(key: string): ValueTransformer {
    const groupResource = this.#groupResourceOf(key);
    return groupResource === undefined ? identityTransformer : this.#transformers.transformerFor(groupResource);
  }

  #write(key: string, value: Uint8Array): Uint8Array {
    return this.#transformerFor(key).toStorage(value, encoder.encode(key));
  }

  /** The key-value with its plain value; the same object when nothing changes (a resource stored as it is). */
  #read(kv: KeyValue): KeyValue {
    try {
      const { data, stale } = this.#transformerFor(kv.key).fromStorage(kv.value, encoder.encode(kv.key));
      if (data === kv.value && !stale) return kv;
      return stale ? { ...kv, value: data, stale } : { ...kv, value: data };
    } catch (error) {
      if (!(error instanceof TransformError)) throw error;
      return { ...kv, transformError: error.message };
    }
  }

  #readEvent(event: WatchEvent): WatchEvent {
    switch (event.type) {
      case 'ADDED':
        return { ...event, kv: this.#read(event.kv) };
      case 'MODIFIED':
        return { ...event, kv: this.#read(event.kv), prev: this.#read(event.prev) };
      case 'DELETED':
        return { ...event, prev: this.#read(event.prev) };
      default:
        return event;
    }
  }
}
