// The errors of reads and watches that the store cannot serve: revisions it no longer or not yet
// holds (apiserver storage, the watch cache), and objects it holds but cannot decode.

import { newResourceExpired } from './api-errors.ts';
import type { StatusCause } from './status.ts';
import { failure, qualified, type GroupResource, type StatusError } from './status-error.ts';

/**
 * A watch from a resourceVersion the history no longer holds. `oldest` is the number kube prints
 * second: the resourceVersion just before the oldest event still kept.
 */
export function tooOldResourceVersion(requested: number | bigint, oldest: number | bigint): StatusError {
  return newResourceExpired(`too old resource version: ${requested} (${oldest})`);
}

/** A read that must be at least `minimum` fresh while the store is only at `current`. */
export function tooLargeResourceVersion(minimum: number | bigint, current: number | bigint, retryAfterSeconds = 1): StatusError {
  return failure(504, 'Timeout', `Timeout: Too large resource version: ${minimum}, current: ${current}`, {
    causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
    retryAfterSeconds,
  });
}

/** An exact list at a revision that compaction has removed. */
export function expiredListResourceVersion(): StatusError {
  return newResourceExpired('The resourceVersion for the provided list is too old.');
}

/** A watch from a revision that compaction has removed. */
export function expiredWatchResourceVersion(): StatusError {
  return newResourceExpired('The resourceVersion for the provided watch is too old.');
}

/**
 * A continue token whose snapshot was compacted away. Given `restartToken` (one that continues at
 * the newest revision), the status carries it in metadata.continue and says the rest may be inconsistent.
 */
export function expiredContinue(restartToken?: string): StatusError {
  const base = 'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter';
  if (restartToken === undefined) return newResourceExpired(`${base}.`);
  return newResourceExpired(
    `${base}, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.`,
    { continue: restartToken },
  );
}

/**
 * A list that met stored objects it cannot decode (with AllowUnsafeMalformedObjectDeletion on):
 * one UnexpectedServerResponse cause per object, its key in `field`.
 */
export function corruptObjectsListed(resource: GroupResource, causes: readonly StatusCause[]): StatusError {
  const message = `failed to read one or more ${qualified(resource.resource, resource.group)} from the storage`;
  return failure(500, 'StoreReadError', message, { name: 'list', group: resource.group, kind: resource.resource, causes });
}

/** The ERROR event of a watch whose object was deleted while its stored value could not be decoded. */
export function corruptObjectDeleted(reason: string): StatusError {
  return failure(500, 'StoreReadError', `saw a DELETED event, but object data is corrupt - ${reason}`);
}
