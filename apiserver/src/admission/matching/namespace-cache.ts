// The namespaces as admission reads them on every request (kube's namespace lister): kept by an
// in-process informer over the namespaces store, started on first use; a namespace the informer has
// not seen yet is read from the store (kube's live lookup on a lister miss).

import type { Logger } from '@capstan/common';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { StoreInformer } from '../../registry/store-informer.ts';

const nameOf = (object: JsonObject): string => String((object.metadata as { name?: unknown } | undefined)?.name ?? '');

export class NamespaceCache {
  readonly #store: GenericStore;
  readonly #byName = new Map<string, JsonObject>();
  readonly #informer: StoreInformer;
  #started: Promise<void> | undefined;

  constructor(namespaces: GenericStore, logger: Logger, stopping: AbortSignal) {
    this.#store = namespaces;
    const byName = this.#byName;
    this.#informer = new StoreInformer(
      namespaces,
      {
        replace: (objects) => {
          byName.clear();
          for (const object of objects) byName.set(nameOf(object), object);
        },
        upsert: (object) => byName.set(nameOf(object), object),
        remove: (object) => byName.delete(nameOf(object)),
      },
      logger,
      stopping,
    );
  }

  /** The namespace, as GenericStore.get answers it (the store's 404 when there is none); `namespace` is always undefined. */
  async get(namespace: undefined, name: string): Promise<JsonObject> {
    this.#started ??= this.#informer.start().catch((error: unknown) => {
      // The next read tries again.
      this.#started = undefined;
      throw error;
    });
    await this.#started;
    return this.#byName.get(name) ?? this.#store.get(namespace, name);
  }
}
