// The ResourceQuotas as admission reads them: kube's quotaAccessor. An in-process informer,
// started at the first write that asks, holds every quota; a check reads its namespace's quotas
// from it instead of asking the store (on etcd a consistent list is a quorum read per write).
// What an informer cannot know yet is handled as kube handles it:
// - a quota this server has just written may reach the informer after the next check in its
//   namespace: the written copy stands in until the informer has one as new (kube's updatedQuotas);
// - a namespace the informer shows no quota in is asked of the store, and that answer is kept for
//   30 s (kube's live lookup cache), so that a quota made an instant ago is not missed;
// - before the informer's first list, every read is a live list.
// With no quota at all, the plugin has nothing to check, and the admission chain lets a large
// write keep its fast path: its object is not decoded on the event loop for the validating phase.

import type { Logger } from '@capstan/common';
import type { GenericStore } from '../../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import { StoreInformer } from '../../registry/store-informer.ts';
import { wholeList } from '../../registry/store-list.ts';

/** kube's liveTTL: how long a live lookup's answer is used for a namespace the informer shows no quota in. */
const liveLookupTtlMs = 30_000;
/** kube's liveLookupCache holds 100 namespaces. */
const liveLookupEntries = 100;

const nameOf = (object: JsonObject): string => String(metadataOf(object).name);
const namespaceOf = (object: JsonObject): string => String(metadataOf(object).namespace);
const revisionOf = (object: JsonObject): number => Number(metadataOf(object).resourceVersion);

export class QuotaLister {
  readonly #store: GenericStore;
  readonly #informer: StoreInformer;
  /** namespace → name → quota, as the informer has them. */
  readonly #byNamespace = new Map<string, Map<string, JsonObject>>();
  /** "namespace/name" → a quota this server wrote, newer than the informer's copy. */
  readonly #written = new Map<string, JsonObject>();
  readonly #liveLookups = new Map<string, { readonly expiresAt: number; readonly quotas: Promise<JsonObject[]> }>();
  #synced = false;
  #started = false;

  constructor(resourceQuotas: GenericStore, logger: Logger, stopping: AbortSignal) {
    this.#store = resourceQuotas;
    this.#informer = new StoreInformer(
      resourceQuotas,
      {
        replace: (objects) => {
          this.#byNamespace.clear();
          for (const object of objects) this.#upsert(object);
          this.#synced = true;
        },
        upsert: (object) => this.#upsert(object),
        remove: (object) => {
          const namespace = this.#byNamespace.get(namespaceOf(object));
          namespace?.delete(nameOf(object));
          if (namespace?.size === 0) this.#byNamespace.delete(namespaceOf(object));
          this.#written.delete(`${namespaceOf(object)}/${nameOf(object)}`);
        },
      },
      logger,
      stopping,
    );
  }

  #upsert(object: JsonObject): void {
    const namespace = namespaceOf(object);
    let quotas = this.#byNamespace.get(namespace);
    if (quotas === undefined) this.#byNamespace.set(namespace, (quotas = new Map()));
    quotas.set(nameOf(object), object);
    const key = `${namespace}/${nameOf(object)}`;
    const written = this.#written.get(key);
    if (written !== undefined && revisionOf(object) >= revisionOf(written)) this.#written.delete(key);
  }

  /** Whether a quota may exist: true until the first list is in. */
  possible(): boolean {
    if (!this.#started) {
      this.#started = true;
      this.#informer.start().catch(() => {
        // A failed first list leaves every write possibly quota'd; the next question tries again.
        this.#started = false;
      });
    }
    return !this.#synced || this.#byNamespace.size > 0;
  }

  /** The namespace's quotas, each as new as this server knows it. */
  async quotas(namespace: string): Promise<JsonObject[]> {
    if (!this.#synced) return this.#list(namespace);
    const known = this.#byNamespace.get(namespace);
    const quotas = known === undefined ? await this.#liveLookup(namespace) : [...known.values()];
    return quotas.map((quota) => {
      const written = this.#written.get(`${namespace}/${nameOf(quota)}`);
      return written !== undefined && revisionOf(written) > revisionOf(quota) ? written : quota;
    });
  }

  /** A quota as this server's status write stored it. */
  wrote(object: JsonObject): void {
    const quota = this.#byNamespace.get(namespaceOf(object))?.get(nameOf(object));
    if (quota === undefined || revisionOf(object) > revisionOf(quota)) this.#written.set(`${namespaceOf(object)}/${nameOf(object)}`, object);
  }

  /** The quota as the store has it now (after a status write lost to another writer). */
  live(namespace: string, name: string): Promise<JsonObject> {
    return this.#store.get(namespace, name);
  }

  #liveLookup(namespace: string): Promise<JsonObject[]> {
    const now = Date.now();
    const cached = this.#liveLookups.get(namespace);
    if (cached !== undefined && cached.expiresAt > now) return cached.quotas;
    const quotas = this.#list(namespace);
    this.#liveLookups.delete(namespace);
    this.#liveLookups.set(namespace, { expiresAt: now + liveLookupTtlMs, quotas });
    // Oldest first: a Map keeps insertion order.
    if (this.#liveLookups.size > liveLookupEntries) this.#liveLookups.delete(this.#liveLookups.keys().next().value as string);
    quotas.catch(() => this.#liveLookups.delete(namespace));
    return quotas;
  }

  async #list(namespace: string): Promise<JsonObject[]> {
    return this.#store.readAll((await this.#store.list(wholeList(namespace))).items);
  }
}
