// What a resource's storage does around the generic store's writes, for the few resources whose
// objects hold something elsewhere (a Service's cluster IP and node ports).

import type { JsonObject } from './object-meta.ts';

export interface ResourceHooks {
  /**
   * Before a create is written: allocates what the object needs; answers what to do once the
   * create is known to have happened or not (give back what was allocated for a create that did not).
   */
  beforeCreate?(object: JsonObject, namespace: string | undefined): Promise<(created: boolean) => Promise<void>>;
  /**
   * Before an update is written (PUT or PATCH of the object): allocates what the new object needs
   * from the stored object `current`. Runs inside the store's read-check-write loop, once per
   * attempt with a fresh copy of the body (see GenericStore's ReplaceOptions.beginUpdate); answers
   * what to do once the attempt's write is known to have happened or not (give back what the
   * object no longer holds, or what was allocated for a write that did not happen).
   */
  beforeUpdate?(next: JsonObject, current: JsonObject): Promise<(written: boolean) => Promise<void>>;
  /** After an object is gone: gives back what it held. */
  afterDelete?(object: JsonObject): Promise<void>;
}
