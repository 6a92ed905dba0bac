// Durations as text, as Go writes and reads them: duration(string) reads Go's syntax
// ("1h2m3.5s", "-1.5h", "300ms"; units ns, us, µs, ms, s, m, h) as time.ParseDuration does, to a
// count of nanoseconds within int64; string(duration) writes seconds ("3600s", "1.5s") as cel-go
// does; and Go's own Duration.String() form ("1h0m0s") is here for showing values to people.

import type { CelDuration } from '../values/values.ts';
import { durationNanos } from './time-values.ts';

const int64Limit = 2n ** 63n;

const unitNanos: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n],
  ['us', 1_000n],
  ['\u00b5s', 1_000n],
  ['\u03bcs', 1_000n],
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

/** time.ParseDuration: nanoseconds, or undefined when Go refuses the text (syntax, unit or int64 overflow). */
export function parseGoDuration(text: string): bigint | undefined {
  let rest = text;
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    negative = rest.startsWith('-');
    rest = rest.slice(1);
  }
  if (rest === '0') return 0n;
  if (rest === '') return undefined;
  let total = 0n;
  while (rest !== '') {
    if (rest[0] !== '.' && !isDigit(rest[0])) return undefined;
    let i = 0;
    let whole = 0n;
    while (isDigit(rest[i])) {
      whole = whole * 10n + BigInt(rest.charCodeAt(i) - 48);
      if (whole > int64Limit) return undefined;
      i++;
    }
    const hasWhole = i > 0;
    // The fraction keeps the digits that fit in int64 and ignores the rest, as Go does.
    let fraction = 0n;
    let scale = 1;
    let hasFraction = false;
    if (rest[i] === '.') {
      i++;
      let overflowed = false;
      while (isDigit(rest[i])) {
        hasFraction = true;
        const next = fraction * 10n + BigInt(rest.charCodeAt(i) - 48);
        if (!overflowed && next <= int64Limit) {
          fraction = next;
          scale *= 10;
        } else overflowed = true;
        i++;
      }
    }
    if (!hasWhole && !hasFraction) return undefined;
    const unitStart = i;
    while (i < rest.length && rest[i] !== '.' && !isDigit(rest[i])) i++;
    const unit = unitNanos.get(rest.slice(unitStart, i));
    if (unit === undefined) return undefined;
    rest = rest.slice(i);
    if (whole > int64Limit / unit) return undefined;
    let value = whole * unit;
    // Go scales the fraction in floating point, then truncates.
    if (fraction > 0n) value += BigInt(Math.trunc(Number(fraction) * (Number(unit) / scale)));
    if (value > int64Limit) return undefined;
    total += value;
    if (total > int64Limit) return undefined;
  }
  if (negative) return -total;
  return total > int64Limit - 1n ? undefined : total;
}

/** string(duration): the seconds as a float64 in shortest fixed notation, then "s", as cel-go writes it. */
export function formatDurationSeconds(duration: CelDuration): string {
  // Go's Duration.Seconds(): whole seconds plus the nanoseconds divided by 1e9, in float64.
  return `${shortestFixed(Number(duration.seconds) + duration.nanos / 1e9)}s`;
}

/** A float64 with the fewest digits that read back to it, never in exponent form (Go's 'f', -1). */
function shortestFixed(value: number): string {
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const integerDigits = (point < 0 ? mantissa.length : point) + exponent;
  let fixed: string;
  if (integerDigits <= 0) fixed = `0.${'0'.repeat(-integerDigits)}${digits}`;
  else if (integerDigits >= digits.length) fixed = digits + '0'.repeat(integerDigits - digits.length);
  else fixed = `${digits.slice(0, integerDigits)}.${digits.slice(integerDigits)}`;
  return negative ? `-${fixed}` : fixed;
}

/** Go's Duration.String(): "1h2m3.5s", "1m0s", "1.5ms", "0s". */
export function formatGoDuration(duration: CelDuration): string {
  const total = durationNanos(duration);
  if (total === 0n) return '0s';
  const sign = total < 0n ? '-' : '';
  const magnitude = total < 0n ? -total : total;
  if (magnitude < 1_000n) return `${sign}${magnitude}ns`;
  if (magnitude < 1_000_000n) return `${sign}${decimal(magnitude, 1_000n)}µs`;
  if (magnitude < 1_000_000_000n) return `${sign}${decimal(magnitude, 1_000_000n)}ms`;
  const hours = magnitude / 3_600_000_000_000n;
  const minutes = (magnitude / 60_000_000_000n) % 60n;
  const seconds = decimal(magnitude % 60_000_000_000n, 1_000_000_000n);
  if (hours > 0n) return `${sign}${hours}h${minutes}m${seconds}s`;
  if (minutes > 0n) return `${sign}${minutes}m${seconds}s`;
  return `${sign}${seconds}s`;
}

/** value / unit in decimal, without trailing zeros in the fraction. */
function decimal(value: bigint, unit: bigint): string {
  const fraction = value % unit;
  if (fraction === 0n) return String(value / unit);
  const width = String(unit).length - 1;
  return `${value / unit}.${String(fraction).padStart(width, '0').replace(/0+$/, '')}`;
}
