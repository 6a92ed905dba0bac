// The errors of reads and watches at revisions the store no longer or not yet holds (apiserver storage, the watch cache).

import { newResourceExpired } from './api-errors.ts';
import { failure, type StatusError } from './status-error.ts';

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
