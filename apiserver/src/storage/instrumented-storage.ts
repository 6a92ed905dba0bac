// A store whose requests are timed and counted (metrics/storage-metrics.ts) by operation and by the
// group and resource their key belongs to, whichever backend is behind it (sqlite or etcd).

import { groupResourceResolver, recordStorageRequest, type GroupResource, type StoredResource } from '../metrics/storage-metrics.ts';
import { isStorageError } from './storage-error.ts';
import type { DeleteResult, GetResult, KeyValue, ListOptions, ListResult, ReadOptions, Revision, Storage, Watch, WatchListener } from './storage.ts';

/** A missing key, an existing one or a changed revision is the store's answer, not a failed request (kube counts no error for them). */
const answeredByStore = (error: unknown): boolean => isStorageError(error, 'NotFound') || isStorageError(error, 'AlreadyExists') || isStorageError(error, 'Conflict');

export class InstrumentedStorage implements Storage {
  readonly #store: Storage;
  readonly #groupResourceOf: (key: string) => GroupResource;

  constructor(store: Storage, stored: readonly StoredResource[]) {
    this.#store = store;
    this.#groupResourceOf = groupResourceResolver(stored);
  }

  currentRevision(): Promise<Revision> {
    return this.#store.currentRevision();
  }

  get(key: string, options?: ReadOptions): Promise<GetResult> {
    return this.#timed('get', key, () => this.#store.get(key, options));
  }

  list(prefix: string, options?: ListOptions): Promise<ListResult> {
    return this.#timed('list', prefix, () => this.#store.list(prefix, options));
  }

  create(key: string, value: Uint8Array): Promise<KeyValue> {
    return this.#timed('create', key, () => this.#store.create(key, value));
  }

  update(key: string, value: Uint8Array, expectedRevision: Revision): Promise<KeyValue> {
    return this.#timed('update', key, () => this.#store.update(key, value, expectedRevision));
  }

  delete(key: string, expectedRevision?: Revision): Promise<DeleteResult> {
    return this.#timed('delete', key, () => this.#store.delete(key, expectedRevision));
  }

  watch(prefix: string, fromRevision: Revision, listener: WatchListener): Watch {
    return this.#store.watch(prefix, fromRevision, listener);
  }

  compact(revision: Revision): Promise<void> {
    return this.#store.compact(revision);
  }

  close(): Promise<void> {
    return this.#store.close();
  }

  async #timed<T>(operation: string, key: string, request: () => Promise<T>): Promise<T> {
    const startedAt = performance.now();
    try {
      const result = await request();
      recordStorageRequest(operation, this.#groupResourceOf(key), false, startedAt);
      return result;
    } catch (error) {
      recordStorageRequest(operation, this.#groupResourceOf(key), !answeredByStore(error), startedAt);
      throw error;
    }
  }
}
