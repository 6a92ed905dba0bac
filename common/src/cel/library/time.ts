// CEL's time functions as Kubernetes' cel-go has them (with DefaultUTCTimeZone, so getters without
// a zone read UTC): timestamp() and duration() conversions, the timestamp getters with an optional
// time zone, and the duration getters. string() and int() of time values are in timeConversions,
// to be chained after the core conversions of the same names. Every call costs 1, as cel-go
// accounts calls it has no special rule for.

import { CelDuration, CelError, CelTimestamp, makeInt, type CelValue } from '../values/values.ts';
import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { wallClock, type WallClock } from './time-calendar.ts';
import { formatDurationSeconds, parseGoDuration } from './time-go-duration.ts';
import { formatTimestamp, parseTimestamp } from './time-rfc3339.ts';
import { durationFromNanos, durationNanos, makeTimestamp } from './time-values.ts';
import { resolveZone } from './time-zones.ts';

function toTimestamp(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (value instanceof CelTimestamp) return value;
  if (typeof value === 'string') return parseTimestamp(value);
  if (typeof value === 'number' || typeof value === 'bigint') return makeTimestamp(BigInt(value), 0);
  return noSuchOverload('timestamp');
}

function toDuration(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (value instanceof CelDuration) return value;
  if (typeof value === 'string') {
    const nanos = parseGoDuration(value);
    return nanos === undefined ? new CelError("type conversion error from 'string' to 'google.protobuf.Duration'") : durationFromNanos(nanos);
  }
  if (typeof value === 'number' || typeof value === 'bigint') return durationFromNanos(BigInt(value));
  return noSuchOverload('duration');
}

type TimestampField = (clock: WallClock) => number;
type DurationField = (nanos: bigint) => CelValue;

/** A getter on timestamps, `ts.f()` in UTC or `ts.f(zone)`, and on durations `d.f()` where one is given. */
function getter(name: string, timestampField: TimestampField, durationField?: DurationField): FunctionImpl {
  return (args) => {
    const [target, zone] = args;
    if (target instanceof CelTimestamp) {
      if (args.length === 1) return timestampField(wallClock(target.seconds, target.nanos, 0));
      if (args.length !== 2 || typeof zone !== 'string') return noSuchOverload(name);
      const offsetAt = resolveZone(zone);
      if (offsetAt instanceof CelError) return offsetAt;
      return timestampField(wallClock(target.seconds, target.nanos, offsetAt(target.seconds)));
    }
    if (target instanceof CelDuration && durationField !== undefined && args.length === 1) return durationField(durationNanos(target));
    return noSuchOverload(name);
  };
}

/**
 * Whole units of a duration as Go's Duration.Hours(), Minutes() and Seconds() give them: the whole
 * part plus the remainder as a float64 fraction, truncated (so rounding matches cel-go's to the bit).
 */
const wholeUnits =
  (unit: bigint): DurationField =>
  (nanos) =>
    Math.trunc(Number(nanos / unit) + Number(nanos % unit) / Number(unit));

const member = (impl: FunctionImpl): FunctionOverloads => ({ member: impl });

export const timeFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['timestamp', { global: toTimestamp }],
  ['duration', { global: toDuration }],
  ['getFullYear', member(getter('getFullYear', (clock) => clock.year))],
  ['getMonth', member(getter('getMonth', (clock) => clock.month - 1))],
  ['getDayOfYear', member(getter('getDayOfYear', (clock) => clock.dayOfYear - 1))],
  ['getDayOfMonth', member(getter('getDayOfMonth', (clock) => clock.day - 1))],
  ['getDate', member(getter('getDate', (clock) => clock.day))],
  ['getDayOfWeek', member(getter('getDayOfWeek', (clock) => clock.weekday))],
  ['getHours', member(getter('getHours', (clock) => clock.hour, wholeUnits(3_600_000_000_000n)))],
  ['getMinutes', member(getter('getMinutes', (clock) => clock.minute, wholeUnits(60_000_000_000n)))],
  ['getSeconds', member(getter('getSeconds', (clock) => clock.second, wholeUnits(1_000_000_000n)))],
  [
    'getMilliseconds',
    member(
      getter(
        'getMilliseconds',
        (clock) => Math.floor(clock.nanos / 1_000_000),
        (nanos) => makeInt(nanos / 1_000_000n),
      ),
    ),
  ],
]);

/** string(x) of a timestamp (RFC 3339) or a duration ("1.5s"); no such overload for other values. */
export function timeToString(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (value instanceof CelTimestamp) return formatTimestamp(value);
  if (value instanceof CelDuration) return formatDurationSeconds(value);
  return noSuchOverload('string');
}

/** int(x) of a timestamp (Unix seconds) or a duration (nanoseconds); no such overload for other values. */
export function timeToInt(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (value instanceof CelTimestamp) return makeInt(value.seconds);
  if (value instanceof CelDuration) return makeInt(durationNanos(value));
  return noSuchOverload('int');
}

/** The time overloads of string() and int(), whose other overloads are the core's. */
export const timeConversions: FunctionTable = new Map<string, FunctionOverloads>([
  ['string', { global: timeToString }],
  ['int', { global: timeToInt }],
]);

/** Cost per call, as cel-go's estimator and runtime tracker charge functions without a size rule. */
export const timeCosts: Readonly<Record<string, number>> = {
  timestamp: 1,
  duration: 1,
  getFullYear: 1,
  getMonth: 1,
  getDayOfYear: 1,
  getDayOfMonth: 1,
  getDate: 1,
  getDayOfWeek: 1,
  getHours: 1,
  getMinutes: 1,
  getSeconds: 1,
  getMilliseconds: 1,
  string: 1,
  int: 1,
};
