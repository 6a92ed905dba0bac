// A kind served in more than one group-version is one stored object: each other group-version
// converts it on the way in (toStorage) and out (fromStorage), on every read, write and watch event.
// The served version that needs one names it in its declaration (`behaviour.conversion`).

import type { JsonObject } from '../object-meta.ts';

export interface StoredConversion {
  /** The stored shape (the storage version, its apiVersion included) of an object of this view. */
  toStorage(object: JsonObject): JsonObject;
  /** This view's shape of a stored object. */
  fromStorage(object: JsonObject): JsonObject;
}
