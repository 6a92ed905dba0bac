// Informer: client-go's reflector and store in one. It lists, then watches from the list's
// resourceVersion, keeps the objects in memory and tells handlers of each add, update and delete.
// A dropped or refused watch resumes from the last resourceVersion seen (bookmarks included); a
// 410 (the version was compacted away) or another refusal lists again. Every retry waits an
// exponential, jittered backoff, and only one list or watch is ever in flight.

import { StatusError } from '../status/status-error.ts';
import { apiErrorFromStatus, isResourceExpired } from './api-error.ts';
import { sleep } from '../wait/sleep.ts';
import { Backoff, type BackoffOptions } from './backoff.ts';
import { ObjectStore, objectKey, type ReadonlyObjectStore } from './object-store.ts';
import type { KubeObject } from './object-types.ts';
import { RequestError } from './request-error.ts';
import type { ResourceTarget } from './resource-path.ts';
import type { RestClient } from './rest-client.ts';

export interface ResourceEventHandler<T extends KubeObject> {
  onAdd?(object: T): void;
  onUpdate?(oldObject: T, newObject: T): void;
  /** `finalStateUnknown`: the deletion was found by a re-list, and `object` is the last state seen. */
  onDelete?(object: T, finalStateUnknown: boolean): void;
}

export interface InformerOptions {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /** Keeps only apiVersion, kind and metadata of each object (PartialObjectMetadata), as client-go's metadata informers. */
  readonly metadataOnly?: boolean;
  /** Items per list page (500); 0 lists in one request. */
  readonly pageSize?: number;
  readonly backoff?: BackoffOptions;
  /** The timeoutSeconds of each watch; by default a random 5 to 10 minutes, as client-go spreads them. */
  readonly watchTimeoutSeconds?: number;
  /** Told of each failed list or watch (the informer goes on by itself). */
  readonly onError?: (error: unknown) => void;
  /**
   * Applied to each object before it is stored or handed to handlers (client-go's TransformFunc),
   * e.g. to drop managedFields, which controllers never read and which dominate an object's size.
   */
  readonly transform?: <O extends KubeObject>(object: O) => O;
}

export interface InformerStats {
  /** Lists started (the first one and every re-list). */
  readonly lists: number;
  /** Watches started. */
  readonly watches: number;
}

/** A watch that ends this soon without an event counts as a failure, so a broken server is not hammered. */
const shortWatchMs = 1000;

export class Informer<T extends KubeObject = KubeObject> {
  readonly #client: RestClient;
  readonly #target: ResourceTarget;
  readonly #options: InformerOptions;
  readonly #store = new ObjectStore<T>();
  readonly #handlers = new Set<ResourceEventHandler<T>>();
  readonly #backoff: Backoff;
  #abort: AbortController | undefined;
  #running: Promise<void> | undefined;
  #resourceVersion = '';
  #synced = false;
  #syncWaiters: ((synced: boolean) => void)[] = [];
  #lists = 0;
  #watches = 0;

  /** `target` names the resource (and namespace, or none for all); no name. */
  constructor(client: RestClient, target: ResourceTarget, options: InformerOptions = {}) {
    if (target.name !== undefined || target.subresource !== undefined) throw new TypeError('an informer watches a collection: the target has no name');
    this.#client = client;
    this.#target = target;
    this.#options = options;
    this.#backoff = new Backoff(options.backoff);
  }

  get store(): ReadonlyObjectStore<T> {
    return this.#store;
  }

  /** The resourceVersion the store is at: of the last list, event or bookmark. */
  get lastSyncResourceVersion(): string {
    return this.#resourceVersion;
  }

  get stats(): InformerStats {
    return { lists: this.#lists, watches: this.#watches };
  }

  /** True once the first list is in the store and its handlers have run. */
  hasSynced(): boolean {
    return this.#synced;
  }

  /** Resolves true once synced, false if the informer stops (or the signal aborts) before. */
  waitForSync(signal?: AbortSignal): Promise<boolean> {
    if (this.#synced) return Promise.resolve(true);
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onAbort = (): void => resolve(false);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#syncWaiters.push((synced) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(synced);
      });
    });
  }

  /** Adds handlers; once synced, they are first told of every stored object as an add. Answers a remover. */
  addEventHandler(handler: ResourceEventHandler<T>): () => void {
    this.#handlers.add(handler);
    if (this.#synced) for (const object of this.#store.list()) this.#call(() => handler.onAdd?.(object));
    return () => this.#handlers.delete(handler);
  }

  start(): void {
    if (this.#running !== undefined) return;
    const abort = new AbortController();
    this.#abort = abort;
    this.#running = this.#run(abort.signal);
  }

  /** Ends the current list or watch and the loop; the store keeps what it had. */
  async stop(): Promise<void> {
    this.#abort?.abort();
    await this.#running;
    this.#running = undefined;
    this.#resolveSync(false);
  }

  async #run(signal: AbortSignal): Promise<void> {
    let needList = true;
    while (!signal.aborted) {
      try {
        if (needList) {
          await this.#list(signal);
          needList = false;
        }
        await this.#watch(signal);
      } catch (error) {
        if (signal.aborted) break;
        this.#options.onError?.(error);
        // The server is unreachable or busy: the store is still right, resume the watch where it was.
        // Anything else (the resourceVersion expired, a refusal) needs a fresh list.
        if (!isTransient(error)) needList = true;
        await sleep(this.#backoff.next(), signal);
      }
    }
  }

  async #list(signal: AbortSignal): Promise<void> {
    this.#lists += 1;
    const list = await this.#client.listAll<T>(this.#target, {
      ...this.#selectors(),
      pageSize: this.#options.pageSize ?? 500,
      signal,
    });
    if (signal.aborted) return;
    const listed = new Set<string>();
    const transform = this.#options.transform;
    for (const item of list.items) {
      const object = transform === undefined ? item : transform(item);
      listed.add(objectKey(object));
      const old = this.#store.set(object);
      if (old === undefined) this.#emit((handler) => handler.onAdd?.(object));
      else if (old.metadata?.resourceVersion !== object.metadata?.resourceVersion) this.#emit((handler) => handler.onUpdate?.(old, object));
    }
    for (const key of this.#store.keys()) {
      if (listed.has(key)) continue;
      const gone = this.#store.getByKey(key);
      if (gone === undefined) continue;
      this.#store.delete(gone);
      this.#emit((handler) => handler.onDelete?.(gone, true));
    }
    this.#resourceVersion = list.metadata.resourceVersion ?? '';
    this.#resolveSync(true);
  }

  async #watch(signal: AbortSignal): Promise<void> {
    this.#watches += 1;
    const started = Date.now();
    const watch = await this.#client.watch<T>(this.#target, {
      ...this.#selectors(),
      resourceVersion: this.#resourceVersion,
      allowWatchBookmarks: true,
      timeoutSeconds: this.#options.watchTimeoutSeconds ?? 300 + Math.floor(Math.random() * 300),
      signal,
    });
    for await (const event of watch) {
      if (event.type === 'ERROR') throw apiErrorFromStatus(event.object, `watch ${this.#describe()}`);
      this.#backoff.reset();
      const object = this.#options.transform === undefined || event.type === 'BOOKMARK' ? event.object : this.#options.transform(event.object);
      if (event.type === 'ADDED' || event.type === 'MODIFIED') {
        const old = this.#store.set(object);
        if (old === undefined) this.#emit((handler) => handler.onAdd?.(object));
        else this.#emit((handler) => handler.onUpdate?.(old, object));
      } else if (event.type === 'DELETED') {
        this.#store.delete(object);
        this.#emit((handler) => handler.onDelete?.(object, false));
      }
      this.#resourceVersion = object.metadata?.resourceVersion ?? this.#resourceVersion;
    }
    if (!signal.aborted && watch.received === 0 && Date.now() - started < shortWatchMs) {
      throw new RequestError(`watch ${this.#describe()}`, 'ShortWatch', `very short watch: the server ended it within ${shortWatchMs} ms without an event`);
    }
  }

  #selectors(): { labelSelector?: string; fieldSelector?: string; metadataOnly?: boolean } {
    const { labelSelector, fieldSelector, metadataOnly } = this.#options;
    return { ...(labelSelector ? { labelSelector } : {}), ...(fieldSelector ? { fieldSelector } : {}), ...(metadataOnly === true ? { metadataOnly } : {}) };
  }

  #describe(): string {
    const { group, version, resource, namespace } = this.#target;
    return `${group === '' ? '' : `${group}/`}${version} ${resource}${namespace === undefined ? '' : ` in ${namespace}`}`;
  }

  #emit(call: (handler: ResourceEventHandler<T>) => void): void {
    for (const handler of this.#handlers) this.#call(() => call(handler));
  }

  /** A handler that throws is reported and does not stop the informer. */
  #call(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#options.onError?.(error);
    }
  }

  #resolveSync(synced: boolean): void {
    if (synced) this.#synced = true;
    const waiters = this.#syncWaiters;
    this.#syncWaiters = [];
    for (const resolve of waiters) resolve(synced);
  }
}

/** No answer, or an answer that says come back later: worth the same request again after a pause. */
function isTransient(error: unknown): boolean {
  if (error instanceof RequestError) return true;
  if (!(error instanceof StatusError) || isResourceExpired(error)) return false;
  return error.code === 429 || error.code >= 500;
}
