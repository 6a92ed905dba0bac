// Timestamps and durations within the ranges Kubernetes' CEL (cel-go) allows: timestamps from
// 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z, durations as Go's time.Duration, a signed
// 64-bit count of nanoseconds (about ±292 years), so duration arithmetic overflows as int64 does.

import { CelDuration, CelError, CelTimestamp } from '../values/values.ts';

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in Unix seconds. */
export const minTimestampSeconds = -62135596800n;
export const maxTimestampSeconds = 253402300799n;

const minDurationNanos = -(2n ** 63n);
const maxDurationNanos = 2n ** 63n - 1n;
const nanosPerSecond = 1_000_000_000n;

/**
 * A timestamp that keeps the UTC offset its text was written with, as Go's time.Time keeps its
 * location: it is the same instant as a plain timestamp, but string() writes the offset back, and
 * adding a duration keeps it.
 */
export class CelZonedTimestamp extends CelTimestamp {
  /** Seconds east of UTC, never 0 (a timestamp at UTC is a plain CelTimestamp). */
  readonly offsetSeconds: number;
  constructor(seconds: bigint, nanos: number, offsetSeconds: number) {
    super(seconds, nanos);
    this.offsetSeconds = offsetSeconds;
  }
}

export const timestampOverflow = (): CelError => new CelError('timestamp overflow');
export const integerOverflow = (): CelError => new CelError('integer overflow');

export function timestampOffset(timestamp: CelTimestamp): number {
  return timestamp instanceof CelZonedTimestamp ? timestamp.offsetSeconds : 0;
}

/** The timestamp at seconds + nanos (nanos 0 to 999,999,999) with the given UTC offset, or an overflow error. */
export function makeTimestamp(seconds: bigint, nanos: number, offsetSeconds = 0): CelTimestamp | CelError {
  if (seconds < minTimestampSeconds || seconds > maxTimestampSeconds) return timestampOverflow();
  return offsetSeconds === 0 ? new CelTimestamp(seconds, nanos) : new CelZonedTimestamp(seconds, nanos, offsetSeconds);
}

/** The timestamp a count of nanoseconds since the epoch denotes, keeping an offset. */
export function timestampFromNanos(total: bigint, offsetSeconds: number): CelTimestamp | CelError {
  let seconds = total / nanosPerSecond;
  let nanos = total % nanosPerSecond;
  if (nanos < 0n) {
    seconds -= 1n;
    nanos += nanosPerSecond;
  }
  return makeTimestamp(seconds, Number(nanos), offsetSeconds);
}

export function timestampNanos(timestamp: CelTimestamp): bigint {
  return timestamp.seconds * nanosPerSecond + BigInt(timestamp.nanos);
}

/** The duration of a count of nanoseconds, or an integer overflow error beyond int64. */
export function durationFromNanos(total: bigint): CelDuration | CelError {
  if (total < minDurationNanos || total > maxDurationNanos) return integerOverflow();
  return new CelDuration(total / nanosPerSecond, Number(total % nanosPerSecond));
}

export function durationNanos(duration: CelDuration): bigint {
  return duration.seconds * nanosPerSecond + BigInt(duration.nanos);
}
