// `"<format>".format([args])` as Kubernetes evaluates it: cel-go's strings extension at version 2,
// whose formatter is the legacy one (version 4 rewrote it): %s %d %f %e %b %x %X %o and %%, an
// optional precision (%.3f), %f and %e printed by the en_US number printer, lists and maps in %s
// written as CEL literals, and cel-go's error texts. The clauses are read and applied left to
// right, so the first problem met is the one reported, as in cel-go.

import { toStringValue } from '../interpreter/functions.ts';
import { goQuote } from '../../status/go-format.ts';
import { compareStrings } from '../values/compare.ts';
import { mapEntries } from '../values/maps.ts';
import { CelDouble, CelDuration, CelError, CelMap, CelTimestamp, CelType, CelUint, fromJson, isInt, isPlainMap, typeOf, type CelValue } from '../values/values.ts';
import { enUsFixed, enUsScientific, goFixed, goShortestFloat } from './go-float-format.ts';
import { formatDurationSeconds } from './time-go-duration.ts';
import { formatTimestamp } from './time-rfc3339.ts';

/** A clause's failure, reported as "error during formatting: <message>". */
class ClauseError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

type Clause = (value: CelValue) => string | ClauseError;

const typeName = (value: CelValue): string => typeOf(value).name;
const isMap = (value: CelValue): value is CelMap | { readonly [key: string]: unknown } => value instanceof CelMap || isPlainMap(value);

const stringClauseError = (value: CelValue): ClauseError =>
  new ClauseError(`string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${typeName(value)}`);

/** Larger precisions (and %e widths) make Go's printer give up; they are refused here rather than imitated. */
const maxPrecision = 1_000_000;

/** The text of `format` with each clause replaced by its argument, or cel-go's error. */
export function formatString(format: string, args: readonly unknown[]): string | CelError {
  let out = '';
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    const percent = format.indexOf('%', i);
    if (percent < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, percent);
    if (format[percent + 1] === '%') {
      out += '%';
      i = percent + 2;
      continue;
    }
    if (argIndex >= args.length) return new CelError(`index ${argIndex} out of range`);
    if (percent + 1 >= format.length) return new CelError('unexpected end of string');
    const parsed = parseClause(format, percent + 1);
    if (typeof parsed === 'string') return new CelError(`could not parse formatting clause: ${parsed}`);
    const text = parsed.clause(fromJson(args[argIndex]));
    if (text instanceof ClauseError) return new CelError(`error during formatting: ${text.message}`);
    out += text;
    i = parsed.end;
    argIndex++;
  }
  return out;
}

/** The clause starting at `start` (just after the '%'): its implementation and where it ends, or why it cannot be read. */
function parseClause(format: string, start: number): { clause: Clause; end: number } | string {
  let position = start;
  let precision: number | undefined;
  if (format[position] === '.') {
    position++;
    let digits = '';
    for (;;) {
      if (position >= format.length) return 'error while parsing precision: could not find end of precision specifier';
      const ch = format[position] as string;
      if (ch < '0' || ch > '9') break;
      digits += ch;
      position++;
    }
    if (digits === '') return 'error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax';
    if (BigInt(digits) > 2n ** 63n - 1n) return `error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing ${goQuote(digits)}: value out of range`;
    precision = Number(digits);
    if (precision > maxPrecision) return `error while parsing precision: precision ${digits} is too large`;
  }
  const verb = format.codePointAt(position) as number;
  const end = position + 1;
  switch (verb) {
    case 0x73: // s
      return { clause: formatPlain, end };
    case 0x64: // d
      return { clause: formatDecimal, end };
    case 0x66: // f
      return { clause: (value) => withDouble(value, 'fixed-point', (x) => enUsFixed(x, precision ?? 6)), end };
    case 0x65: // e
      // The legacy formatter writes the precision where Go reads a width ("%6e"): digits stay at six.
      return { clause: (value) => withDouble(value, 'scientific', (x) => enUsScientific(x, precision ?? 6)), end };
    case 0x62: // b
      return { clause: formatBinary, end };
    case 0x78: // x
    case 0x58: // X
      return { clause: (value) => formatHex(value, verb === 0x58), end };
    case 0x6f: // o
      return { clause: formatOctal, end };
    default:
      return `unrecognized formatting clause "${firstByteAsRune(verb)}"`;
  }
}

/** Go reads the clause letter as a single byte: a non-ASCII character shows as the rune of its first UTF-8 byte. */
function firstByteAsRune(codePoint: number): string {
  if (codePoint < 0x80) return String.fromCodePoint(codePoint);
  const firstByte = new TextEncoder().encode(String.fromCodePoint(codePoint))[0] as number;
  return String.fromCodePoint(firstByte);
}

/** %s: the value as string() writes it; lists and maps as CEL literals. */
function formatPlain(value: CelValue): string | ClauseError {
  if (Array.isArray(value)) return formatList(value);
  if (isMap(value)) return formatMap(value);
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean' || isInt(value) || value instanceof CelUint || value instanceof CelDouble || value instanceof Uint8Array) {
    const converted = toStringValue([value]);
    return converted instanceof CelError ? new ClauseError(`could not convert argument ${goQuote(converted.message)} to string`) : (converted as string);
  }
  if (value instanceof CelTimestamp) return formatTimestamp(value);
  if (value instanceof CelDuration) return formatDurationSeconds(value);
  if (value instanceof CelType) return value.name;
  return stringClauseError(value);
}

/** A list or map member as a CEL literal would write it: strings quoted, doubles with six places, timestamp("..."). */
function formatMember(value: CelValue): string | ClauseError {
  if (isInt(value) || value instanceof CelUint) return formatDecimal(value);
  if (value instanceof CelDouble) {
    const text = goFixed(value.value, 6);
    return Number.isFinite(value.value) ? text : goQuote(text);
  }
  if (value instanceof CelTimestamp) return `timestamp(${goQuote(formatTimestamp(value))})`;
  if (value instanceof CelDuration) return `duration(${goQuote(formatDurationSeconds(value))})`;
  if (Array.isArray(value) || isMap(value) || value === null || typeof value === 'boolean' || value instanceof CelType) return formatPlain(value);
  if (typeof value === 'string') return goQuote(value);
  if (value instanceof Uint8Array) {
    const text = formatPlain(value);
    return text instanceof ClauseError ? text : `b${goQuote(text)}`;
  }
  return new ClauseError(`no formatting function for ${typeName(value)}`);
}

function formatList(list: readonly unknown[]): string | ClauseError {
  const parts: string[] = [];
  for (const item of list) {
    const text = formatMember(fromJson(item));
    if (text instanceof ClauseError) return text;
    parts.push(text);
  }
  return `[${parts.join(', ')}]`;
}

function formatMap(map: CelMap | { readonly [key: string]: unknown }): string | ClauseError {
  const pairs: [string, string][] = [];
  for (const [key, value] of mapEntries(map)) {
    let keyText: string;
    if (typeof key === 'string') keyText = goQuote(key);
    else if (typeof key === 'boolean') keyText = String(key);
    else if (isInt(key) || key instanceof CelUint) keyText = formatDecimal(key) as string;
    else return new ClauseError(`no formatting function for map key of type ${typeName(key)}`);
    const valueText = formatMember(value);
    if (valueText instanceof ClauseError) return valueText;
    pairs.push([keyText, valueText]);
  }
  pairs.sort(([a], [b]) => compareStrings(a, b));
  return `{${pairs.map(([key, value]) => `${key}:${value}`).join(', ')}}`;
}

function formatDecimal(value: CelValue): string | ClauseError {
  if (isInt(value)) return String(value);
  if (value instanceof CelUint) return String(value.value);
  return new ClauseError(`decimal clause can only be used on integers, was given ${typeName(value)}`);
}

/** %f and %e take a double, or one of the strings "NaN", "Infinity" and "-Infinity". */
function withDouble(value: CelValue, clause: string, write: (x: number) => string): string | ClauseError {
  if (value instanceof CelDouble) return write(value.value);
  if (value === 'NaN' || value === 'Infinity' || value === '-Infinity') return write(Number(value));
  return new ClauseError(`${clause} clause can only be used on doubles, was given ${typeName(value)}`);
}

/** An int in another base as Go's fmt writes it: a '-' before the magnitude. */
const inBase = (value: number | bigint, base: number): string => (value < 0 ? `-${(-BigInt(value)).toString(base)}` : value.toString(base));

function formatBinary(value: CelValue): string | ClauseError {
  if (isInt(value)) return inBase(value, 2);
  if (value instanceof CelUint) return value.value.toString(2);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return new ClauseError(`only integers and bools can be formatted as binary, was given ${typeName(value)}`);
}

function formatHex(value: CelValue, upper: boolean): string | ClauseError {
  let text: string;
  if (isInt(value)) text = inBase(value, 16);
  else if (value instanceof CelUint) text = value.value.toString(16);
  else if (typeof value === 'string') text = Buffer.from(value, 'utf8').toString('hex');
  else if (value instanceof Uint8Array) text = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  else return new ClauseError(`only integers, byte buffers, and strings can be formatted as hex, was given ${typeName(value)}`);
  return upper ? text.toUpperCase() : text;
}

function formatOctal(value: CelValue): string | ClauseError {
  if (isInt(value)) return inBase(value, 8);
  if (value instanceof CelUint) return value.value.toString(8);
  return new ClauseError(`octal clause can only be used on integers, was given ${typeName(value)}`);
}
