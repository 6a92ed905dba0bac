// How long ago a timestamp was, the way kube's printers show ages ("<unknown>" for an unset time).

import { humanDuration } from '../human-duration.ts';

// Go's zero time.Time: what an absent timestamp decodes to, and what IsZero() checks for.
const goZeroTime = Date.parse('0001-01-01T00:00:00Z');

/** Milliseconds since the epoch, or undefined for a missing, unparseable or zero timestamp. */
export function timestampMillis(timestamp: unknown): number | undefined {
  if (typeof timestamp !== 'string' || timestamp === '') return undefined;
  const millis = Date.parse(timestamp);
  return Number.isNaN(millis) || millis === goZeroTime ? undefined : millis;
}

export function timestampSince(timestamp: unknown, now: number): string {
  const millis = timestampMillis(timestamp);
  return millis === undefined ? '<unknown>' : humanDuration(now - millis);
}
