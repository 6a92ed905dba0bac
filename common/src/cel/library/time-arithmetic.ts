// `+`, `-` and unary `-` over timestamps and durations, with cel-go's errors: a timestamp leaving
// years 1 to 9999 is "timestamp overflow", a duration leaving int64 nanoseconds "integer overflow".
// A timestamp keeps its UTC offset through arithmetic, as Go's time.Time keeps its location.

import { CelDuration, CelTimestamp, type CelValue } from '../values/values.ts';
import { durationFromNanos, durationNanos, integerOverflow, timestampFromNanos, timestampNanos, timestampOffset } from './time-values.ts';

const minDurationNanos = -(2n ** 63n);

function addToTimestamp(timestamp: CelTimestamp, nanos: bigint): CelValue {
  return timestampFromNanos(timestampNanos(timestamp) + nanos, timestampOffset(timestamp));
}

/** `a op b` when a is a timestamp or a duration; undefined when CEL has no such overload. */
export function timeArithmetic(op: string, a: CelTimestamp | CelDuration, b: CelValue): CelValue | undefined {
  if (a instanceof CelDuration) {
    if (b instanceof CelDuration) {
      if (op === '_+_') return durationFromNanos(durationNanos(a) + durationNanos(b));
      if (op === '_-_') return durationFromNanos(durationNanos(a) - durationNanos(b));
    } else if (b instanceof CelTimestamp && op === '_+_') return addToTimestamp(b, durationNanos(a));
    return undefined;
  }
  if (b instanceof CelDuration) {
    if (op === '_+_') return addToTimestamp(a, durationNanos(b));
    if (op === '_-_') {
      // cel-go subtracts by adding the negated duration, which the least int64 does not have.
      const nanos = durationNanos(b);
      return nanos === minDurationNanos ? integerOverflow() : addToTimestamp(a, -nanos);
    }
  } else if (b instanceof CelTimestamp && op === '_-_') return durationFromNanos(timestampNanos(a) - timestampNanos(b));
  return undefined;
}

export function negateDuration(duration: CelDuration): CelValue {
  return durationFromNanos(-durationNanos(duration));
}
