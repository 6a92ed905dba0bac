// The per-kind hooks of the generic store (kube-apiserver's RESTCreateStrategy,
// RESTGracefulDeleteStrategy and friends): what a kind does differently from the generic path.

import type { DeleteOptions } from './delete-options.ts';
import type { JsonObject } from './object-meta.ts';

export interface ResourceStrategy {
  /** Fills what the kind owns on create; gets a copy it may change. */
  readonly prepareForCreate?: (object: JsonObject) => void;
  /** Puts what every update stores (the status subresource's too) into its canonical form (kube's Canonicalize). */
  readonly canonicalize?: (object: JsonObject) => void;
  /** Fills what the kind owns on update, from the stored object; gets a copy it may change. */
  readonly prepareForUpdate?: (next: JsonObject, old: JsonObject) => void;
  /** The same for a write of the status subresource (kube's status strategy's PrepareForUpdate). */
  readonly prepareForStatusUpdate?: (next: JsonObject, old: JsonObject) => void;
  /**
   * Graceful deletion: the grace period a delete gives the object, from the period asked for.
   * Kinds without it are deleted at once (or as soon as their finalizers are gone).
   */
  readonly gracePeriodSeconds?: (object: JsonObject, requested: number | undefined) => number;
  /** A kind whose first delete only marks the object (a namespace starts Terminating). */
  readonly beginDeletion?: (object: JsonObject, options: DeleteOptions, now: Date) => JsonObject | undefined;
  /** Why the object may not go yet although a delete was asked for, if anything holds it. */
  readonly finalDeletionBlocker?: (object: JsonObject) => string | undefined;
  /** The delete answers the object as it was, not a Success Status. */
  readonly returnsDeletedObject?: boolean;
}

/** The strategy of the kinds whose delete kube answers with the object (their storage's ReturnDeletedObject). */
export const returnsDeletedObject: ResourceStrategy = { returnsDeletedObject: true };
