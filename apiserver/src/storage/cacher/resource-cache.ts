// The watch cache of one resource: an ordered index of its current objects and a ring of recent
// events, both fed by one watch on the store. It serves watches from a recent revision,
// NotOlderThan lists, and consistent lists once it has caught up with the store's current revision.

import { prefixEnd } from '../keys.ts';
import { RevisionWaiter } from '../revision-waiter.ts';
import { futureRevision, type StorageError, unavailable } from '../storage-error.ts';
import { changedKey, type ChangeEvent, type KeyValue, type ListResult, type Revision, type Storage, type Watch, type WatchEvent, type WatchListener } from '../storage.ts';
import { WatchChannel } from '../watch-channel.ts';
import type { GroupResource } from '../../metrics/storage-metrics.ts';
import { cacheRecorder, type CacheRecorder } from './cache-metrics.ts';
import { EventRing } from './event-ring.ts';
import { SortedIndex } from './sorted-index.ts';

export interface ResourceStats {
  readonly objectCount: number;
  readonly averageBytes: number;
}

export interface ResourceCacheOptions {
  readonly ringCapacity: number;
  readonly historyMs: number;
  readonly freshnessWaitMs: number;
  readonly maxPendingWatchEvents: number | undefined;
  readonly groupResourceOf: (prefix: string) => GroupResource;
}

/** The value of a stored object's indexed field ('' when it has none), undefined when it cannot be read. */
export type WatchIndex = (kv: KeyValue) => string | undefined;

interface CacheWatcher {
  readonly prefix: string;
  readonly channel: WatchChannel;
  /** The indexed field's value the watcher's selector requires, when the resource is indexed. */
  readonly indexValue: string | undefined;
}

export class ResourceCache {
  readonly prefix: string;
  readonly #store: Storage;
  readonly #options: ResourceCacheOptions;
  readonly #index = new SortedIndex();
  readonly #watchers = new Set<CacheWatcher>();
  readonly #watchIndex: WatchIndex | undefined;
  /** The watchers without an index value, and those with one by value: an event goes to the first and to its values' sets. */
  readonly #unindexed = new Set<CacheWatcher>();
  readonly #byIndexValue = new Map<string, Set<CacheWatcher>>();
  /** Watchers that asked for progress: answered with the store's revision, not just the cache's. */
  readonly #awaitingProgress = new Set<CacheWatcher>();
  #ring: EventRing;
  #revision = new RevisionWaiter(0);
  #storeWatch: Watch | undefined;
  #ready: Promise<void>;
  #isReady = false;
  #hasSnapshot = false;
  #closed = false;
  readonly #metrics: CacheRecorder;

  constructor(store: Storage, prefix: string, options: ResourceCacheOptions, index?: WatchIndex) {
    this.#store = store;
    this.#watchIndex = index;
    this.prefix = prefix;
    this.#options = options;
    const groupResource = options.groupResourceOf(prefix);
    const capacity = options.ringCapacity;
    const cache = this;
    this.#metrics = cacheRecorder({
      groupResource,
      capacity,
      get revision() {
        return cache.revision;
      },
    });
    this.#metrics.live();
    this.#ring = new EventRing(options.ringCapacity, options.historyMs, 0);
    this.#ready = this.#startInBackground();
  }

  /** Whether the cache holds a snapshot and follows the store; until then reads go to the store. */
  get isReady(): boolean {
    return this.#isReady;
  }

  /**
   * Whether the cache has held a snapshot yet. Until its first, reads and watches go to the store
   * as for a resource without a cache, so that a cache added at run time holds nobody up.
   */
  get hasSnapshot(): boolean {
    return this.#hasSnapshot;
  }

  /** Whether the cache was closed (its resource no longer cached): it follows the store no more. */
  get closed(): boolean {
    return this.#closed;
  }

  /** The revision of the store state that the cache holds. */
  get revision(): Revision {
    return this.#revision.revision;
  }

  /** Wait until the cache holds a state at least as new as `revision`; false if it does not in time. */
  async waitFresh(revision: Revision): Promise<boolean> {
    await this.#ready;
    if (this.#revision.revision >= revision) return true;
    if (this.#closed) return false;
    // Without changes under this prefix only a progress notification moves the cache forward.
    this.#storeWatch?.requestProgress();
    const startedAt = performance.now();
    try {
      return await this.#revision.waitFor(revision, this.#options.freshnessWaitMs);
    } finally {
      this.#metrics.readWait.observe((performance.now() - startedAt) / 1000);
    }
  }

  /** List from the cache at its current revision (the caller made sure it is fresh enough). */
  list(prefix: string, limit: number, continueAfter: string | undefined): ListResult {
    const { items, remaining } = this.#index.range(continueAfter ?? prefix, prefixEnd(prefix), limit);
    this.#metrics.listTotal.inc();
    this.#metrics.listFetched.inc(items.length);
    this.#metrics.listReturned.inc(items.length);
    const revision = this.#revision.revision;
    return remaining > 0 ? { items, revision, more: true, remaining } : { items, revision, more: false };
  }

  /** How many objects it holds and their average stored size (sampled): kube's storage Stats. */
  stats(): ResourceStats {
    return { objectCount: this.#index.size, averageBytes: this.#index.sampledAverageBytes(32) };
  }

  get(key: string): KeyValue | undefined {
    return this.#index.get(key);
  }

  /** Whether a watch from `revision` can be served from the ring. */
  covers(revision: Revision): boolean {
    return revision === 0 || revision >= this.#ring.coveredAfter;
  }

  watch(prefix: string, fromRevision: Revision, listener: WatchListener, indexValue?: string): Watch {
    const watcher: CacheWatcher = {
      prefix,
      indexValue: this.#watchIndex === undefined ? undefined : indexValue,
      channel: new WatchChannel(listener, {
        maxPending: this.#options.maxPendingWatchEvents,
        onClose: () => {
          this.#removeWatcher(watcher);
          this.#awaitingProgress.delete(watcher);
        },
        onProgressRequest: () => this.#requestProgress(watcher),
      }),
    };
    void this.#attach(watcher, fromRevision);
    return watcher.channel;
  }

  /**
   * A resource nobody writes would otherwise report the revision of its own last change, which
   * compaction soon expires; the store's progress notification brings the revision up to date
   * (kube's watch cache advances the same way), so bookmarks stay resumable.
   */
  #requestProgress(watcher: CacheWatcher): void {
    // Not attached yet: its backlog is still to come, and a bookmark must not overtake it.
    if (this.#storeWatch === undefined || !this.#watchers.has(watcher)) return;
    // One store request answers every watcher waiting when its notification comes.
    const requested = this.#awaitingProgress.size > 0;
    this.#awaitingProgress.add(watcher);
    if (!requested) this.#storeWatch.requestProgress();
  }

  forgetBefore(revision: Revision): void {
    this.#ring.forgetBefore(revision);
  }

  close(): void {
    this.#closed = true;
    this.#metrics.gone();
    this.#storeWatch?.close();
    this.#revision.cancelAll();
    this.#failWatchers(unavailable('the watch cache is closed'));
  }

  async #attach(watcher: CacheWatcher, fromRevision: Revision): Promise<void> {
    try {
      await this.#ready;
    } catch (error) {
      watcher.channel.fail(error as StorageError);
      return;
    }
    if (watcher.channel.closed) return;
    if (fromRevision > this.#revision.revision && !(await this.waitFresh(fromRevision))) {
      watcher.channel.fail(futureRevision(fromRevision, this.#revision.revision));
      return;
    }
    if (watcher.channel.closed) return;
    if (this.#closed) {
      watcher.channel.fail(unavailable('the watch cache is closed'));
      return;
    }
    // From here to registration nothing awaits, so no event falls between the backlog and the live feed.
    if (fromRevision !== 0) {
      const backlog = this.#ring.since(fromRevision, watcher.prefix);
      this.#metrics.initEvents.inc(backlog.length);
      watcher.channel.pushBacklog(backlog);
    }
    this.#addWatcher(watcher);
    watcher.channel.release();
  }

  #addWatcher(watcher: CacheWatcher): void {
    this.#watchers.add(watcher);
    if (watcher.indexValue === undefined) {
      this.#unindexed.add(watcher);
      return;
    }
    let watchers = this.#byIndexValue.get(watcher.indexValue);
    if (watchers === undefined) this.#byIndexValue.set(watcher.indexValue, (watchers = new Set()));
    watchers.add(watcher);
  }

  #removeWatcher(watcher: CacheWatcher): void {
    this.#watchers.delete(watcher);
    if (watcher.indexValue === undefined) {
      this.#unindexed.delete(watcher);
      return;
    }
    const watchers = this.#byIndexValue.get(watcher.indexValue);
    watchers?.delete(watcher);
    if (watchers?.size === 0) this.#byIndexValue.delete(watcher.indexValue);
  }

  async #start(): Promise<void> {
    // One snapshot of the whole resource, page by page at the first page's revision.
    const items: KeyValue[] = [];
    let page = await this.#store.list(this.prefix, { limit: 10_000 });
    const revision = page.revision;
    items.push(...page.items);
    for (let last = page.items.at(-1); page.more && last !== undefined; last = page.items.at(-1)) {
      page = await this.#store.list(this.prefix, { limit: 10_000, continueAfter: last.key, revision });
      items.push(...page.items);
    }
    if (this.#closed) throw unavailable('the watch cache is closed');
    this.#index.reset(items);
    this.#ring = new EventRing(this.#options.ringCapacity, this.#options.historyMs, revision);
    this.#revision = new RevisionWaiter(revision);
    this.#storeWatch = this.#store.watch(this.prefix, revision, (event) => this.#onStoreEvent(event));
    this.#isReady = true;
    this.#hasSnapshot = true;
    this.#metrics.initializations.inc();
  }

  #onStoreEvent(event: WatchEvent): void {
    switch (event.type) {
      case 'PROGRESS':
        this.#revision.advance(event.revision);
        for (const watcher of this.#awaitingProgress) watcher.channel.push({ type: 'PROGRESS', revision: this.#revision.revision });
        this.#awaitingProgress.clear();
        return;
      case 'ERROR':
        this.#restart(event.error);
        return;
      default:
        this.#apply(event);
    }
  }

  #apply(event: ChangeEvent): void {
    if (event.type === 'DELETED') this.#index.delete(event.prev.key);
    else this.#index.put(event.kv);
    this.#ring.push(event, Date.now());
    this.#metrics.received.inc();
    const key = changedKey(event);
    const index = this.#watchIndex;
    if (index === undefined) {
      for (const watcher of this.#watchers) this.#push(watcher, key, event);
    } else {
      for (const watcher of this.#unindexed) this.#push(watcher, key, event);
      // A watcher of one value sees the object arrive there and leave it: the value now and before.
      const now = event.type === 'DELETED' ? null : index(event.kv);
      const before = event.type === 'ADDED' ? null : index(event.prev);
      if (now === undefined || before === undefined) {
        // An object whose value cannot be read (it does not decode): every watcher decides for itself.
        for (const watchers of this.#byIndexValue.values()) for (const watcher of watchers) this.#push(watcher, key, event);
      } else {
        if (now !== null) this.#pushIndexed(now, key, event);
        if (before !== null && before !== now) this.#pushIndexed(before, key, event);
      }
    }
    this.#metrics.dispatched.inc();
    this.#revision.advance(event.revision);
  }

  #pushIndexed(value: string, key: string, event: ChangeEvent): void {
    const watchers = this.#byIndexValue.get(value);
    if (watchers !== undefined) for (const watcher of watchers) this.#push(watcher, key, event);
  }

  #push(watcher: CacheWatcher, key: string, event: ChangeEvent): void {
    if (!key.startsWith(watcher.prefix)) return;
    watcher.channel.push(event);
    // A watcher too far behind is closed by its channel (kube's terminated watchers).
    if (watcher.channel.closed) this.#metrics.terminated.inc();
  }

  /** The store watch failed (compacted while we lagged, or the store went away): start over. */
  #restart(error: StorageError): void {
    if (this.#closed) return;
    this.#storeWatch = undefined;
    this.#isReady = false;
    // Our watchers may have missed events: they must list again, as after any broken watch.
    this.#failWatchers(unavailable(`the watch cache is re-initialising: ${error.message}`, error));
    this.#ready = this.#startInBackground();
  }

  /**
   * Starts (again) until it works or the cache closes. Readers that await the start see a close as
   * their failure; when none awaits, a close during the start must not be an unhandled rejection
   * (it ended the process on SIGTERM when the store failed every read).
   */
  #startInBackground(): Promise<void> {
    const started = this.#retryStart();
    started.catch(() => {});
    return started;
  }

  async #retryStart(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#start();
        return;
      } catch (error) {
        if (this.#closed) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 5000)));
      }
    }
  }

  #failWatchers(error: StorageError): void {
    for (const watcher of [...this.#watchers]) watcher.channel.fail(error);
  }
}
