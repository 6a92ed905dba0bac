// CBOR's time tags as kube's decoder turns them into strings for the JSON form: tag 0 (an RFC 3339
// text) and tag 1 (seconds since the epoch) both become an RFC 3339 text with nanoseconds, the
// way Go's time.Time.MarshalText writes it (trailing zeros of the fraction dropped, UTC as "Z").

import { CborDecodeError } from './cbor-decode-error.ts';

const layout = '2006-01-02T15:04:05Z07:00';

/** Tag 0's text, checked as Go's time.Parse(time.RFC3339) checks it, written back as Go writes it. */
export function rfc3339FromTag0(text: string): string {
  const parsed = parseRfc3339(text);
  if (typeof parsed === 'string') throw new CborDecodeError(`cbor: cannot set ${text} for time.Time: ${parsed}`);
  const fraction = trimFraction(parsed.fraction);
  const offset = parsed.offsetMinutes === 0 ? 'Z' : parsed.offset;
  return `${parsed.dateTime}${fraction === '' ? '' : `.${fraction}`}${offset}`;
}

/** Tag 1's seconds (an integer, or a float with a fraction) as Go formats time.Unix(...).UTC(). */
export function rfc3339FromTag1(seconds: number | bigint): string {
  let whole: number;
  let nanos = 0;
  if (typeof seconds === 'bigint') whole = Number(seconds);
  else {
    whole = Math.trunc(seconds);
    // Go: math.Modf, then the fraction times 1e9 truncated to an integer of nanoseconds.
    nanos = Math.trunc((seconds - whole) * 1e9);
  }
  if (nanos < 0) {
    whole -= 1;
    nanos += 1e9;
  }
  const date = new Date(whole * 1000);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(date.getTime()) || year < 0 || year > 9999) {
    throw new CborDecodeError('cbor: decoded time cannot be represented in RFC3339 format with sub-second precision: Time.MarshalText: year outside of range [0,9999]');
  }
  const fraction = trimFraction(String(nanos).padStart(9, '0'));
  return `${date.toISOString().slice(0, 19)}${fraction === '' ? '' : `.${fraction}`}Z`;
}

const trimFraction = (digits: string): string => digits.replace(/0+$/, '');

interface ParsedTime {
  readonly dateTime: string;
  readonly fraction: string;
  readonly offset: string;
  readonly offsetMinutes: number;
}

/**
 * The parts of an RFC 3339 time, or Go's error text for a text that is none: Go reads the layout
 * element by element and names the first that does not fit.
 */
function parseRfc3339(text: string): ParsedTime | string {
  const fail = (rest: string, element: string): string => `parsing time ${goQuote(text)} as ${goQuote(layout)}: cannot parse ${goQuote(rest)} as ${goQuote(element)}`;
  const range = (what: string): string => `parsing time ${goQuote(text)}: ${what} out of range`;
  let at = 0;
  const digits = (count: number, element: string): number | string => {
    const part = text.slice(at, at + count);
    if (!new RegExp(`^[0-9]{${count}}$`).test(part)) return fail(text.slice(at), element);
    at += count;
    return Number(part);
  };
  const literal = (expected: string): string | undefined => {
    if (!text.startsWith(expected, at)) return fail(text.slice(at), expected);
    at += expected.length;
    return undefined;
  };
  const parts: [number | string | undefined, string][] = [];
  const year = digits(4, '2006');
  if (typeof year === 'string') return year;
  for (const [element, kind] of [
    ['-', 'literal'],
    ['01', 'month'],
    ['-', 'literal'],
    ['02', 'day'],
    ['T', 'literal'],
    ['15', 'hour'],
    [':', 'literal'],
    ['04', 'minute'],
    [':', 'literal'],
    ['05', 'second'],
  ] as const) {
    const value = kind === 'literal' ? literal(element) : digits(2, element);
    if (typeof value === 'string') return value;
    parts.push([value, kind]);
  }
  const [month, day, hour, minute, second] = parts.filter(([, kind]) => kind !== 'literal').map(([value]) => value as number) as [number, number, number, number, number];
  if (month < 1 || month > 12) return range('month');
  if (day < 1 || day > daysIn(year, month)) return range('day');
  if (hour > 23) return range('hour');
  if (minute > 59) return range('minute');
  if (second > 59) return range('second');
  const dateTime = text.slice(0, at);
  let fraction = '';
  if (text[at] === '.' || text[at] === ',') {
    const match = /^[.,]([0-9]+)/.exec(text.slice(at));
    if (match === null) return fail(text.slice(at), 'Z07:00');
    fraction = (match[1] as string).slice(0, 9).padEnd(9, '0');
    at += (match[0] as string).length;
  }
  const zone = text.slice(at);
  if (zone === 'Z') return { dateTime, fraction, offset: 'Z', offsetMinutes: 0 };
  const offset = /^([+-])([0-9]{2}):([0-9]{2})/.exec(zone);
  if (offset === null) return fail(zone, 'Z07:00');
  if (zone.length > 6) return `parsing time ${goQuote(text)}: extra text: ${goQuote(zone.slice(6))}`;
  const hours = Number(offset[2]);
  const minutes = Number(offset[3]);
  if (hours > 23) return range('time zone offset hour');
  if (minutes > 59) return range('time zone offset minute');
  return { dateTime, fraction, offset: zone, offsetMinutes: hours * 60 + minutes };
}

/** The days of a month (1-12) of a year, years 0-99 included (Date.UTC would read them as 19xx). */
function daysIn(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/** Go's %q of a string: JSON's quoting is the same for the texts that reach here. */
const goQuote = (text: string): string => JSON.stringify(text);
