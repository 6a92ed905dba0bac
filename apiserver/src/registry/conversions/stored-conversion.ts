// A kind served in more than one group-version is one stored object: each other group-version
// converts it on the way in (toStorage) and out (fromStorage), on every read, write and watch event.
// The served version that needs one names it in its declaration (`behaviour.conversion`).

import type { JsonObject } from '../object-meta.ts';

/** A conversion the server makes itself, at once (events.k8s.io/v1 Events, a CRD's strategy None). */
export interface LocalConversion {
  readonly remote?: false;
  /** The stored shape (the storage version, its apiVersion included) of an object of this view. */
  toStorage(object: JsonObject): JsonObject;
  /** This view's shape of a stored object. */
  fromStorage(object: JsonObject): JsonObject;
}

/**
 * A conversion made elsewhere (a CRD's conversion webhook): it takes a round trip, so reads and
 * writes await it, and it fails with the Status error the client sees.
 */
export interface RemoteConversion {
  readonly remote: true;
  toStorage(object: JsonObject): Promise<JsonObject>;
  fromStorage(object: JsonObject): Promise<JsonObject>;
}

export type StoredConversion = LocalConversion | RemoteConversion;
