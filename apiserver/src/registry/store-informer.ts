// An in-process informer of one store (kube's shared informer, without a client): lists every
// object, then watches from the list's revision and hands each change to its handler; when the
// watch ends (compacted, too slow) it lists and watches again.

import type { Logger } from '@capstan/common';
import type { GenericStore } from './generic-store.ts';
import type { JsonObject } from './object-meta.ts';
import { wholeList } from './store-list.ts';
import type { WatchRequest } from './watch-request.ts';
import type { Watch } from '../storage/storage.ts';

export interface InformerHandler {
  /** Every object there is, as a (re)list found them: what was known before is forgotten. */
  replace(objects: readonly JsonObject[]): void;
  upsert(object: JsonObject): void;
  remove(object: JsonObject): void;
}

/** How long a list that failed, or a watch that ended, waits before the next list. */
const relistDelayMs = 1000;

const changesFrom = (resourceVersion: number): WatchRequest => ({
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

export class StoreInformer {
  readonly #store: GenericStore;
  readonly #handler: InformerHandler;
  readonly #logger: Logger;
  readonly #stopping: AbortSignal | undefined;
  #watch: Watch | undefined;

  constructor(store: GenericStore, handler: InformerHandler, logger: Logger, stopping?: AbortSignal) {
    this.#store = store;
    this.#handler = handler;
    this.#logger = logger;
    this.#stopping = stopping;
    stopping?.addEventListener('abort', () => this.#watch?.close(), { once: true });
  }

  /** Lists and watches; resolves once the first list is handed over. */
  async start(): Promise<void> {
    if (this.#stopping?.aborted === true) return;
    // A start again (after a failure elsewhere, or a relist) ends the watch it had.
    this.#watch?.close();
    this.#watch = undefined;
    const page = await this.#store.list(wholeList(undefined));
    this.#handler.replace(page.items.map((kv) => this.#store.decode(kv)));
    this.#watch = await this.#store.watch(changesFrom(Number(page.resourceVersion)), (event) => {
      switch (event.type) {
        case 'ADDED':
        case 'MODIFIED':
          this.#handler.upsert(event.object);
          break;
        case 'DELETED':
          this.#handler.remove(event.object);
          break;
        case 'ERROR':
        case 'CLOSED':
          this.#watch = undefined;
          this.#relist();
          break;
      }
    });
    // The server began to stop while the watch was being set up.
    const stopping: AbortSignal | undefined = this.#stopping;
    if (stopping?.aborted === true) this.#watch.close();
  }

  #relist(): void {
    if (this.#stopping?.aborted === true) return;
    setTimeout(
      () =>
        void this.start().catch((error: unknown) => {
          this.#logger.warn({ err: error, resource: this.#store.definition.resource }, 'listing and watching failed; retrying');
          this.#relist();
        }),
      relistDelayMs,
    ).unref();
  }
}
