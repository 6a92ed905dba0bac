// The watch cache in front of a store (kube-apiserver's cacher): keys under a cached resource
// prefix are read and watched through that resource's cache; writes, exact reads of past
// revisions and everything else go to the store.

import { futureRevision, unavailable } from '../storage-error.ts';
import type { DeleteResult, GetResult, KeyValue, ListOptions, ListResult, ReadOptions, Revision, Storage, Watch, WatchListener } from '../storage.ts';
import { ResourceCache, type ResourceCacheOptions } from './resource-cache.ts';

export interface CacherOptions {
  /** The prefixes of the resources to cache, e.g. "/registry/pods/". */
  readonly resourcePrefixes: readonly string[];
  /** Recent events kept per resource for watches that resume (default 10,000). */
  readonly ringCapacity?: number;
  /** How long recent events are kept (default 5 minutes, as --watch-history-duration). */
  readonly historyMs?: number;
  /** How long a read waits for the cache to reach a revision before giving up (default 3 s). */
  readonly freshnessWaitMs?: number;
  readonly maxPendingWatchEvents?: number;
}

export class Cacher implements Storage {
  readonly #store: Storage;
  readonly #caches: readonly ResourceCache[];
  #closed = false;

  constructor(store: Storage, options: CacherOptions) {
    this.#store = store;
    const cacheOptions: ResourceCacheOptions = {
      ringCapacity: options.ringCapacity ?? 10_000,
      historyMs: options.historyMs ?? 5 * 60_000,
      freshnessWaitMs: options.freshnessWaitMs ?? 3000,
      maxPendingWatchEvents: options.maxPendingWatchEvents,
    };
    this.#caches = options.resourcePrefixes.map((prefix) => new ResourceCache(store, prefix, cacheOptions));
  }

  /** Resolves once every resource cache holds its first snapshot. */
  async ready(): Promise<void> {
    while (!this.#caches.every((cache) => cache.isReady)) {
      // A store that never lets the caches fill (a damaged file) must not keep a stopped process alive.
      if (this.#closed) throw unavailable('the watch cache is closed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  currentRevision(): Promise<Revision> {
    return this.#store.currentRevision();
  }

  async get(key: string, options: ReadOptions = {}): Promise<GetResult> {
    const cache = this.#cacheFor(key);
    // A get of the latest state is one cheap store read; only NotOlderThan gets are worth the cache.
    if (cache === undefined || !cache.isReady || options.minRevision === undefined || isExact(options)) {
      return this.#store.get(key, options);
    }
    await this.#waitFresh(cache, options.minRevision);
    return { kv: cache.get(key), revision: cache.revision };
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    const cache = this.#cacheFor(prefix);
    if (cache === undefined || !cache.isReady) return this.#store.list(prefix, options);
    const limit = options.limit ?? 0;
    if (isExact(options)) {
      // A page of a snapshot the cache still holds; older snapshots are the store's.
      if (options.revision !== cache.revision) return this.#store.list(prefix, options);
      return cache.list(prefix, limit, options.continueAfter);
    }
    if (options.minRevision !== undefined) {
      // NotOlderThan: the cache must reach the revision, or the read fails as too new.
      await this.#waitFresh(cache, options.minRevision);
      return cache.list(prefix, limit, options.continueAfter);
    }
    // A consistent read needs the store's current revision; a cache that cannot get there in time
    // (a lagging or re-initialising watch) hands the read to the store, as kube-apiserver does.
    const current = await this.#store.currentRevision();
    if (!(await cache.waitFresh(current))) return this.#store.list(prefix, options);
    return cache.list(prefix, limit, options.continueAfter);
  }

  create(key: string, value: Uint8Array): Promise<KeyValue> {
    return this.#store.create(key, value);
  }

  update(key: string, value: Uint8Array, expectedRevision: Revision): Promise<KeyValue> {
    return this.#store.update(key, value, expectedRevision);
  }

  delete(key: string, expectedRevision?: Revision): Promise<DeleteResult> {
    return this.#store.delete(key, expectedRevision);
  }

  watch(prefix: string, fromRevision: Revision, listener: WatchListener): Watch {
    const cache = this.#cacheFor(prefix);
    // A resume from further back than the ring reaches is served by the store, which keeps more history.
    if (cache === undefined || (cache.isReady && !cache.covers(fromRevision))) {
      return this.#store.watch(prefix, fromRevision, listener);
    }
    return cache.watch(prefix, fromRevision, listener);
  }

  async compact(revision: Revision): Promise<void> {
    await this.#store.compact(revision);
    for (const cache of this.#caches) cache.forgetBefore(revision);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const cache of this.#caches) cache.close();
    await this.#store.close();
  }

  #cacheFor(keyOrPrefix: string): ResourceCache | undefined {
    return this.#caches.find((cache) => keyOrPrefix.startsWith(cache.prefix));
  }

  async #waitFresh(cache: ResourceCache, revision: Revision): Promise<void> {
    if (!(await cache.waitFresh(revision))) throw futureRevision(revision, cache.revision);
  }
}

const isExact = (options: ReadOptions): boolean => options.revision !== undefined && options.revision > 0;
