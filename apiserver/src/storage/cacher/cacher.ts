// The watch cache in front of a store (kube-apiserver's cacher): keys under a cached resource
// prefix are read and watched through that resource's cache; writes, exact reads of past
// revisions and everything else go to the store. Resources join and leave at run time (a
// CustomResourceDefinition's objects while it is served), as kube gives each CRD's storage a cacher.

import { futureRevision, unavailable } from '../storage-error.ts';
import type { DeleteResult, GetResult, KeyValue, ListOptions, ListResult, ReadOptions, Revision, Storage, Watch, WatchListener, WatchOptions } from '../storage.ts';
import { groupResourceResolver, type GroupResource } from '../../metrics/storage-metrics.ts';
import { ResourceCache, type ResourceCacheOptions, type ResourceStats, type WatchIndex } from './resource-cache.ts';

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
  /**
   * The indexed field of resources whose watchers are mostly narrowed to one value of it, by
   * prefix: the value of a stored object's field (pods by spec.nodeName, kube's one indexed trigger).
   */
  readonly watchIndexes?: ReadonlyMap<string, WatchIndex>;
  /** The group and resource of a cached prefix, for the watch cache metrics; read off the key when absent. */
  readonly groupResourceOf?: (prefix: string) => GroupResource;
}

/** The resources a watch cache holds can change at run time: what the API server needs of it. */
export interface ResourceCaches {
  /** Caches the resource under `prefix`, e.g. "/registry/example.com/widgets/", until as many removes. */
  addResource(prefix: string): void;
  /** Undoes one addResource; the last one stops the cache and ends its watches. */
  removeResource(prefix: string): void;
  /** The objects the resource under `prefix` holds now, once its cache is ready (API priority and fairness's list work estimate). */
  stats?(prefix: string): ResourceStats | undefined;
}

interface CachedResource {
  readonly cache: ResourceCache;
  /** The adds not yet undone: a prefix can be asked for twice (a CRD deleted and created again before the first one's teardown). */
  users: number;
}

export class Cacher implements Storage, ResourceCaches {
  readonly #store: Storage;
  readonly #cacheOptions: ResourceCacheOptions;
  readonly #watchIndexes: ReadonlyMap<string, WatchIndex>;
  readonly #caches = new Map<string, CachedResource>();
  #closed = false;

  constructor(store: Storage, options: CacherOptions) {
    this.#store = store;
    this.#cacheOptions = {
      ringCapacity: options.ringCapacity ?? 10_000,
      historyMs: options.historyMs ?? 5 * 60_000,
      freshnessWaitMs: options.freshnessWaitMs ?? 3000,
      maxPendingWatchEvents: options.maxPendingWatchEvents,
      groupResourceOf: options.groupResourceOf ?? groupResourceResolver([]),
    };
    this.#watchIndexes = options.watchIndexes ?? new Map();
    for (const prefix of options.resourcePrefixes) this.addResource(prefix);
  }

  /** Resolves once every resource cache there is now holds its first snapshot (or was removed). */
  async ready(): Promise<void> {
    const caches = [...this.#caches.values()].map((cached) => cached.cache);
    while (!caches.every((cache) => cache.isReady || cache.closed)) {
      // A store that never lets the caches fill (a damaged file) must not keep a stopped process alive.
      if (this.#closed) throw unavailable('the watch cache is closed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  addResource(prefix: string): void {
    // A late add while the server stops would start a cache that retries against a closed store.
    if (this.#closed) return;
    const cached = this.#caches.get(prefix);
    if (cached !== undefined) cached.users++;
    else this.#caches.set(prefix, { cache: new ResourceCache(this.#store, prefix, this.#cacheOptions, this.#watchIndexes.get(prefix)), users: 1 });
  }

  removeResource(prefix: string): void {
    const cached = this.#caches.get(prefix);
    if (cached === undefined || --cached.users > 0) return;
    this.#caches.delete(prefix);
    // Reads already waiting on it go to the store (see #waitFresh); its watchers get an
    // Unavailable error, as when the store closes, and list and watch again.
    cached.cache.close();
  }

  stats(prefix: string): ResourceStats | undefined {
    const cache = this.#caches.get(prefix)?.cache;
    return cache?.isReady === true ? cache.stats() : undefined;
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
    if (!(await this.#waitFresh(cache, options.minRevision))) return this.#store.get(key, options);
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
      if (!(await this.#waitFresh(cache, options.minRevision))) return this.#store.list(prefix, options);
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

  watch(prefix: string, fromRevision: Revision, listener: WatchListener, options?: WatchOptions): Watch {
    const cache = this.#cacheFor(prefix);
    // A resume from further back than the ring reaches is served by the store, which keeps more
    // history; so is every watch before the cache's first snapshot. A cache that re-initialises
    // after that holds its new watches until it is back (they resume from its ring).
    if (cache === undefined || !cache.hasSnapshot || (cache.isReady && !cache.covers(fromRevision))) {
      return this.#store.watch(prefix, fromRevision, listener);
    }
    return cache.watch(prefix, fromRevision, listener, options?.indexValue);
  }

  async compact(revision: Revision): Promise<void> {
    await this.#store.compact(revision);
    for (const { cache } of this.#caches.values()) cache.forgetBefore(revision);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const { cache } of this.#caches.values()) cache.close();
    await this.#store.close();
  }

  #cacheFor(keyOrPrefix: string): ResourceCache | undefined {
    for (const { cache } of this.#caches.values()) {
      if (keyOrPrefix.startsWith(cache.prefix)) return cache;
    }
    return undefined;
  }

  /**
   * Waits for a NotOlderThan read: true once the cache is fresh enough, false when it was removed
   * meanwhile (the store answers instead), a FutureRevision error when it does not get there in time.
   */
  async #waitFresh(cache: ResourceCache, revision: Revision): Promise<boolean> {
    let fresh: boolean;
    try {
      fresh = await cache.waitFresh(revision);
    } catch (error) {
      if (cache.closed && !this.#closed) return false;
      throw error;
    }
    if (fresh) return true;
    if (cache.closed && !this.#closed) return false;
    throw futureRevision(revision, cache.revision);
  }
}

const isExact = (options: ReadOptions): boolean => options.revision !== undefined && options.revision > 0;
