// What a resource's storage does around the generic store's writes, for the few resources whose
// objects hold something elsewhere (a Service's cluster IP and node ports).

import type { JsonObject } from './object-meta.ts';

export interface ResourceHooks {
  /** Before a create is written: allocates what the object needs; answers what gives it back if the create fails. */
  beforeCreate?(object: JsonObject, namespace: string | undefined): Promise<() => Promise<void>>;
  /**
   * Before an update is written (PUT or PATCH of the object): allocates what the new object needs;
   * answers what to do once the write is known to have succeeded or failed (give back what the
   * object no longer holds, or what was allocated for a write that did not happen).
   */
  beforeUpdate?(next: JsonObject, current: JsonObject): Promise<(written: boolean) => Promise<void>>;
  /** After an object is gone: gives back what it held. */
  afterDelete?(object: JsonObject): Promise<void>;
}
