// Whether any ResourceQuota exists at all, from an in-process informer started at the first write
// that asks. With none, the ResourceQuota plugin has nothing to check, and the admission chain
// lets a large write keep its fast path: its object is not decoded on the event loop for the
// validating phase. Until the informer's first list, every write counts as possibly quota'd.

import type { Logger } from '@capstan/common';
import type { GenericStore } from '../../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import { StoreInformer } from '../../registry/store-informer.ts';

export class QuotaPresence {
  readonly #informer: StoreInformer;
  readonly #quotas = new Set<string>();
  #synced = false;
  #started = false;

  constructor(resourceQuotas: GenericStore, logger: Logger, stopping: AbortSignal) {
    const key = (object: JsonObject): string => `${String(metadataOf(object).namespace)}/${String(metadataOf(object).name)}`;
    this.#informer = new StoreInformer(
      resourceQuotas,
      {
        replace: (objects) => {
          this.#quotas.clear();
          for (const object of objects) this.#quotas.add(key(object));
          this.#synced = true;
        },
        upsert: (object) => this.#quotas.add(key(object)),
        remove: (object) => this.#quotas.delete(key(object)),
      },
      logger,
      stopping,
    );
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
    return !this.#synced || this.#quotas.size > 0;
  }
}
