// An in-process informer of one store, as the node authorizer's graph needs it: every object is
// handed to `set` as it is, every deleted one to `remove`; a watch that ends lists again and hands
// over what changed meanwhile (deletions included) before it watches on.

import type { Logger } from '@capstan/common';
import type { GenericStore } from '../../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import { wholeList } from '../../registry/store-list.ts';
import type { WatchRequest } from '../../registry/watch-request.ts';
import type { Watch } from '../../storage/storage.ts';

export interface InformerHandlers {
  set(object: JsonObject): void;
  remove(object: JsonObject): void;
}

/** How long the informer waits before it lists again after a failure. */
const retryDelayMs = 1000;

const changesAfter = (resourceVersion: number): WatchRequest => ({
  namespace: undefined,
  fieldSelector: undefined,
  resourceVersion,
  anyRecentState: false,
  sendInitialEvents: false,
  initialEventsEndBookmark: false,
  allowWatchBookmarks: false,
  timeoutSeconds: 0,
  labelSelector: undefined,
});

const keyOf = (object: JsonObject): string => {
  const metadata = metadataOf(object);
  return `${String(metadata.namespace ?? '')}/${String(metadata.name ?? '')}`;
};

export class StoreInformer {
  readonly #store: GenericStore;
  readonly #handlers: InformerHandlers;
  readonly #stopping: AbortSignal;
  readonly #logger: Logger;
  /** What was handed over last, by "namespace/name": a list after a broken watch finds what went meanwhile. */
  readonly #known = new Map<string, JsonObject>();
  #watch: Watch | undefined;

  constructor(store: GenericStore, handlers: InformerHandlers, stopping: AbortSignal, logger: Logger) {
    this.#store = store;
    this.#handlers = handlers;
    this.#stopping = stopping;
    this.#logger = logger;
    stopping.addEventListener('abort', () => this.#watch?.close(), { once: true });
  }

  /** Lists and watches; resolves once the list is handed over (kube's HasSynced). */
  async start(): Promise<void> {
    if (this.#stopping.aborted) return;
    const page = await this.#store.list(wholeList(undefined));
    const listed = new Map<string, JsonObject>();
    for (const kv of page.items) {
      const object = this.#store.decode(kv);
      listed.set(keyOf(object), object);
    }
    for (const [key, object] of this.#known) if (!listed.has(key)) this.#handlers.remove(object);
    this.#known.clear();
    for (const [key, object] of listed) {
      this.#known.set(key, object);
      this.#handlers.set(object);
    }
    if (this.#stopping.aborted) return;
    this.#watch = await this.#store.watch(changesAfter(Number(page.resourceVersion)), (event) => {
      if (event.type === 'ADDED' || event.type === 'MODIFIED') {
        this.#known.set(keyOf(event.object), event.object);
        this.#handlers.set(event.object);
      } else if (event.type === 'DELETED') {
        this.#known.delete(keyOf(event.object));
        this.#handlers.remove(event.object);
      } else if (event.type === 'ERROR' || event.type === 'CLOSED') {
        this.#watch = undefined;
        this.#restartLater();
      }
    });
    if (this.#stopping.aborted) this.#watch.close();
  }

  #restartLater(): void {
    if (this.#stopping.aborted) return;
    setTimeout(() => {
      this.start().catch((error: unknown) => {
        this.#logger.warn({ err: error, resource: this.#store.groupResource }, 'the node authorizer could not list and watch; retrying');
        this.#restartLater();
      });
    }, retryDelayMs).unref();
  }
}
