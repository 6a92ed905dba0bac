// Go's time.Parse for the few layouts Kubernetes reads schema strings with (strfmt's date and
// date-time formats): the same acceptance (a one- or two-digit hour, a fraction after the seconds
// even where the layout has none, offsets up to 24:60, years 0000 to 9999) and the same error
// texts: `parsing time "x" as "2006-01-02": cannot parse "x" as "2006"`, `...: day out of range`.

import { daysFromDate, daysInMonth } from '../library/time-calendar.ts';

/** An instant as Go's time.Parse answers it: the wall clock read at a UTC offset. */
export interface ParsedTime {
  readonly seconds: bigint;
  readonly nanos: number;
  /** Seconds east of UTC the text was written at (0 for Z and for layouts without a zone). */
  readonly offsetSeconds: number;
}

type ElementKind = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'zone';

type Chunk =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: ElementKind; readonly text: string }
  /** .000 (exactly that many digits) or .999 (any number of digits, or none). */
  | { readonly kind: 'fraction'; readonly text: string; readonly digits: number; readonly optional: boolean };

export interface GoTimeLayout {
  readonly text: string;
  readonly chunks: readonly Chunk[];
}

const elements: readonly [string, ElementKind][] = [
  ['2006', 'year'],
  ['Z07:00', 'zone'],
  ['01', 'month'],
  ['02', 'day'],
  ['15', 'hour'],
  ['04', 'minute'],
  ['05', 'second'],
];

/** A layout made of the elements above, fractions (.000, .999999999) and literal text. */
export function goTimeLayout(text: string): GoTimeLayout {
  const chunks: Chunk[] = [];
  let literal = '';
  const flushLiteral = (): void => {
    if (literal !== '') chunks.push({ kind: 'literal', text: literal });
    literal = '';
  };
  let i = 0;
  while (i < text.length) {
    const element = elements.find(([spelling]) => text.startsWith(spelling, i));
    if (element !== undefined) {
      flushLiteral();
      chunks.push({ kind: element[1], text: element[0] });
      i += element[0].length;
      continue;
    }
    const digit = text[i + 1];
    if (text[i] === '.' && (digit === '0' || digit === '9')) {
      let end = i + 1;
      while (text[end] === digit) end++;
      flushLiteral();
      chunks.push({ kind: 'fraction', text: text.slice(i, end), digits: end - i - 1, optional: digit === '9' });
      i = end;
      continue;
    }
    literal += text[i];
    i++;
  }
  flushLiteral();
  return { text, chunks };
}

const isDigit = (text: string, i: number): boolean => i < text.length && text[i]! >= '0' && text[i]! <= '9';

/** Go's getnum: one or two digits (exactly two when fixed). */
function twoDigits(text: string, fixed: boolean): { value: number; rest: string } | undefined {
  if (!isDigit(text, 0)) return undefined;
  if (!isDigit(text, 1)) return fixed ? undefined : { value: Number(text[0]), rest: text.slice(1) };
  return { value: Number(text.slice(0, 2)), rest: text.slice(2) };
}

/** Go's atoi: an optional sign and decimal digits, nothing else. */
function signedInteger(text: string): number | undefined {
  const match = /^([+-]?)(\d*)$/.exec(text);
  if (match === null) return undefined;
  const value = match[2] === '' ? 0 : Number(match[2]);
  return match[1] === '-' ? -value : value;
}

/** A separator and a digit: a fraction of seconds, which Go reads after the seconds wherever it is. */
const startsFraction = (text: string): boolean => (text[0] === '.' || text[0] === ',') && isDigit(text, 1);

/** The length of a fraction's separator and digits. */
function fractionLength(text: string): number {
  let end = 1;
  while (isDigit(text, end)) end++;
  return end;
}

/** Go's parseNanoseconds over the separator and the digits of `text` up to `length`. */
function nanoseconds(text: string, length: number): { nanos: number } | { rangeError: string } | undefined {
  if (text[0] !== '.' && text[0] !== ',') return undefined;
  const digits = Math.min(length, 10);
  const value = signedInteger(text.slice(1, digits));
  if (value === undefined) return undefined;
  if (value < 0) return { rangeError: 'fractional second' };
  return { nanos: value * 10 ** (10 - digits) };
}

const lowerHex = '0123456789abcdef';
const utf8 = new TextEncoder();

/** Go's time-package quoting: ASCII as is (with " and \ escaped), other bytes as \xNN. */
export function goTimeQuote(text: string): string {
  let quoted = '"';
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    if (code >= 0x80 || code < 0x20) {
      for (const byte of utf8.encode(c)) quoted += `\\x${lowerHex[byte >> 4]}${lowerHex[byte & 15]}`;
    } else {
      quoted += c === '"' || c === '\\' ? `\\${c}` : c;
    }
  }
  return `${quoted}"`;
}

/** The text of Go's ParseError, made only when asked for (a caller trying several layouts wants one). */
export type GoTimeError = () => string;

/** time.Parse(layout, value): the instant, or Go's ParseError. */
export function parseGoTime(layout: GoTimeLayout, value: string): ParsedTime | GoTimeError {
  const cannotParse =
    (valueElement: string, layoutElement: string): GoTimeError =>
    () =>
      `parsing time ${goTimeQuote(value)} as ${goTimeQuote(layout.text)}: cannot parse ${goTimeQuote(valueElement)} as ${goTimeQuote(layoutElement)}`;
  const withMessage =
    (message: string): GoTimeError =>
    () =>
      `parsing time ${goTimeQuote(value)}${message}`;
  let rest = value;
  let year = 0;
  let month = -1;
  let day = -1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let nanos = 0;
  let offsetSeconds = 0;
  let failed = false;
  let rangeError = '';
  /** Reads the separator and digits of a fraction `length` characters long. */
  const readFraction = (length: number): void => {
    const fraction = nanoseconds(rest, length);
    if (fraction === undefined) failed = true;
    else if ('rangeError' in fraction) rangeError = fraction.rangeError;
    else nanos = fraction.nanos;
    rest = rest.slice(length);
  };
  const { chunks } = layout;
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c]!;
    if (chunk.kind === 'literal') {
      let i = 0;
      while (i < chunk.text.length && rest[i] === chunk.text[i]) i++;
      if (i < chunk.text.length) return cannotParse(rest.slice(i), chunk.text);
      rest = rest.slice(i);
      continue;
    }
    const hold = rest;
    switch (chunk.kind) {
      case 'year': {
        const parsed = rest.length >= 4 && isDigit(rest, 0) ? signedInteger(rest.slice(0, 4)) : undefined;
        if (parsed === undefined) failed = true;
        else {
          year = parsed;
          rest = rest.slice(4);
        }
        break;
      }
      case 'month':
      case 'day':
      case 'minute':
      case 'hour': {
        const parsed = twoDigits(rest, chunk.kind !== 'hour');
        if (parsed === undefined) {
          failed = true;
          break;
        }
        rest = parsed.rest;
        if (chunk.kind === 'month') {
          month = parsed.value;
          if (month <= 0 || month > 12) rangeError = 'month';
        } else if (chunk.kind === 'day') day = parsed.value;
        else if (chunk.kind === 'hour') {
          hour = parsed.value;
          if (hour >= 24) rangeError = 'hour';
        } else {
          minute = parsed.value;
          if (minute >= 60) rangeError = 'minute';
        }
        break;
      }
      case 'second': {
        const parsed = twoDigits(rest, true);
        if (parsed === undefined) {
          failed = true;
          break;
        }
        second = parsed.value;
        rest = parsed.rest;
        if (second >= 60) {
          rangeError = 'second';
          break;
        }
        // A fraction the layout does not spell is read here, unless a fraction element comes next.
        if (startsFraction(rest) && chunks.slice(c + 1).find((next) => next.kind !== 'literal')?.kind !== 'fraction') readFraction(fractionLength(rest));
        break;
      }
      case 'fraction': {
        if (chunk.optional) {
          if (startsFraction(rest)) readFraction(fractionLength(rest));
        } else if (rest.length < chunk.digits + 1) failed = true;
        else readFraction(chunk.digits + 1);
        break;
      }
      case 'zone': {
        if (rest[0] === 'Z') {
          rest = rest.slice(1);
          offsetSeconds = 0;
          break;
        }
        if (rest.length < 6 || rest[3] !== ':') {
          failed = true;
          break;
        }
        const sign = rest[0];
        const hours = twoDigits(rest.slice(1, 3), true);
        const minutes = hours === undefined ? undefined : twoDigits(rest.slice(4, 6), true);
        rest = rest.slice(6);
        if (hours !== undefined && hours.value > 24) rangeError = 'time zone offset hour';
        if (minutes !== undefined && minutes.value > 60) rangeError = 'time zone offset minute';
        if (hours === undefined || minutes === undefined || (sign !== '+' && sign !== '-')) failed = true;
        else offsetSeconds = (sign === '-' ? -1 : 1) * (hours.value * 3600 + minutes.value * 60);
        break;
      }
    }
    if (rangeError !== '') return withMessage(`: ${rangeError} out of range`);
    if (failed) return cannotParse(hold, chunk.text);
  }
  if (rest !== '') return withMessage(`: extra text: ${goTimeQuote(rest)}`);
  if (month < 0) month = 1;
  if (day < 0) day = 1;
  if (day < 1 || day > daysInMonth(year, month)) return withMessage(': day out of range');
  const seconds = BigInt(daysFromDate(year, month, day)) * 86_400n + BigInt(hour * 3600 + minute * 60 + second - offsetSeconds);
  return { seconds, nanos, offsetSeconds };
}

const strictRfc3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Go's fast path for the RFC 3339 layouts: the plain form, two-digit fields in range. Whatever it
 * reads the general parser reads alike; undefined sends the text there.
 */
export function parseStrictRfc3339(text: string): ParsedTime | undefined {
  const match = strictRfc3339.exec(text);
  if (match === null) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const hour = Number(match[4]);
  const minute = Number(match[5]);
  const second = Number(match[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  const fraction = match[7];
  const sign = match[8];
  let offsetSeconds = 0;
  if (sign !== undefined) {
    const hours = Number(match[9]);
    const minutes = Number(match[10]);
    if (hours > 23 || minutes > 59) return undefined;
    offsetSeconds = (sign === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
  }
  const nanos = fraction === undefined ? 0 : Number(fraction.slice(0, 9).padEnd(9, '0'));
  const seconds = BigInt(daysFromDate(year, month, day)) * 86_400n + BigInt(hour * 3600 + minute * 60 + second - offsetSeconds);
  return { seconds, nanos, offsetSeconds };
}
