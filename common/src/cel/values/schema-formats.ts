// The CEL values of strings whose schema format makes them something else, read as Kubernetes
// reads them for rules (strfmt): byte -> bytes (URL-alphabet base64), date -> timestamp
// (time.Parse "2006-01-02"), date-time -> timestamp (the first of strfmt's five layouts that reads
// the text, else the last one's error), duration -> duration (Go's syntax, else strfmt's loose
// "<digits> <unit>" reading). Text that does not read is an error value with Kubernetes' message,
// which the rule meets when it uses the value.

import { parseGoDuration } from '../library/time-go-duration.ts';
import { CelZonedTimestamp } from '../library/time-values.ts';
import { decodeGoBase64Url } from './go-base64.ts';
import { goTimeLayout, parseGoTime, parseStrictRfc3339, type GoTimeError, type ParsedTime } from './go-time-layouts.ts';
import { CelDuration, CelError, CelTimestamp } from './values.ts';

const dateLayout = goTimeLayout('2006-01-02');
// strfmt tries RFC3339Micro, RFC3339Millis, RFC3339, RFC3339Nano, then a local time. RFC 3339
// reads whatever the first two read alike (any fraction), so it goes first for speed; they still
// read what only they accept (a signed fraction of their exact width), and the error is the last's.
const dateTimeLayouts = [
  '2006-01-02T15:04:05Z07:00',
  '2006-01-02T15:04:05.000000Z07:00',
  '2006-01-02T15:04:05.000Z07:00',
  '2006-01-02T15:04:05.999999999Z07:00',
  '2006-01-02T15:04:05',
].map(goTimeLayout);

// Go keeps whatever year 0000 to 9999 the text says: no range check, unlike timestamp(string).
const timestampOf = ({ seconds, nanos, offsetSeconds }: ParsedTime): CelTimestamp =>
  offsetSeconds === 0 ? new CelTimestamp(seconds, nanos) : new CelZonedTimestamp(seconds, nanos, offsetSeconds);

export function dateValue(text: string): CelTimestamp | CelError {
  const parsed = parseGoTime(dateLayout, text);
  return typeof parsed === 'function' ? new CelError(`Invalid date formatted string ${text}: ${parsed()}`) : timestampOf(parsed);
}

export function dateTimeValue(text: string): CelTimestamp | CelError {
  // strfmt reads "" as the Unix epoch.
  if (text === '') return new CelTimestamp(0n, 0);
  const strict = parseStrictRfc3339(text);
  if (strict !== undefined) return timestampOf(strict);
  let error: GoTimeError = () => '';
  for (const layout of dateTimeLayouts) {
    const parsed = parseGoTime(layout, text);
    if (typeof parsed !== 'function') return timestampOf(parsed);
    error = parsed;
  }
  return new CelError(`Invalid date-time formatted string ${text}: ${error()}`);
}

export function bytesValue(text: string): Uint8Array | CelError {
  const decoded = decodeGoBase64Url(text);
  return typeof decoded === 'string' ? new CelError(`Invalid byte formatted string ${text}: ${decoded}`) : decoded;
}

export function durationValue(text: string): CelDuration | CelError {
  const nanos = parseGoDuration(text) ?? looseDuration(text);
  if (typeof nanos === 'string') return new CelError(`Invalid duration ${text}: ${nanos}`);
  return new CelDuration(nanos / 1_000_000_000n, Number(nanos % 1_000_000_000n));
}

// strfmt's units: each group's last spelling also matches as a prefix ("minutes", "seconds").
const looseUnits: readonly (readonly [nanos: bigint, spellings: readonly string[]])[] = [
  [1n, ['ns', 'nano']],
  [1_000n, ['us', '\u00b5s', 'micro']],
  [1_000_000n, ['ms', 'milli']],
  [1_000_000_000n, ['s', 'sec']],
  [60_000_000_000n, ['m', 'min']],
  [3_600_000_000_000n, ['h', 'hr', 'hour']],
  [86_400_000_000_000n, ['d', 'day']],
  [604_800_000_000_000n, ['w', 'wk', 'week']],
];

const looseTerm = /(\d+)[\t\n\f\r ]*([A-Za-z\u00b5]+)/g;
const maxInt64 = 2n ** 63n - 1n;

/**
 * strfmt's fallback when Go's syntax fails: every "<digits><spaces><letters>" in the text that
 * names a unit adds up (so "1.5d" is 5 days), in int64 arithmetic that wraps as Go's does; an
 * error text when no term names a unit or a number exceeds int64.
 */
function looseDuration(text: string): bigint | string {
  let total = 0n;
  let matched = false;
  for (const [, digits = '', letters = ''] of text.matchAll(looseTerm)) {
    const factor = BigInt(digits);
    if (factor > maxInt64) return `strconv.Atoi: parsing "${digits}": value out of range`;
    const unit = letters.toLowerCase();
    for (const [nanos, spellings] of looseUnits) {
      spellings.forEach((spelling, i) => {
        if ((i === spellings.length - 1 && unit.startsWith(spelling)) || unit === spelling) {
          matched = true;
          total = BigInt.asIntN(64, total + BigInt.asIntN(64, factor * nanos));
        }
      });
    }
  }
  return matched ? total : `unable to parse ${text} as duration`;
}
