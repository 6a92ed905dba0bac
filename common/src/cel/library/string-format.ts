// `"<format>".format([args])` as Kubernetes evaluates it: cel-go's strings extension at version 2,
// whose formatter is the legacy one (version 4 rewrote it): %s %d %f %e %b %x %X %o and %%, an
// optional precision (%.3f), %f and %e printed by the en_US number printer, lists and maps in %s
// written as CEL literals, and cel-go's error texts. The clauses are read (string-format-clauses.ts)
// and applied left to right, so the first problem met is the one reported, as in cel-go.

import { toStringValue } from '../interpreter/functions.ts';
import { goQuote } from '../../status/go-format.ts';
import { byCodePoint } from '../../text/code-point-order.ts';
import { mapEntries } from '../values/maps.ts';
import { CelDouble, CelDuration, CelError, CelMap, CelTimestamp, CelType, CelUint, fromJson, isInt, isPlainMap, typeOf, type CelValue } from '../values/values.ts';
import { enUsFixed, enUsScientific, goFixed } from './go-float-format.ts';
import { clauseTypeMessage, formatPieces, type ClauseVerb } from './string-format-clauses.ts';
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

const clauseError = (verb: ClauseVerb, value: CelValue): ClauseError => new ClauseError(clauseTypeMessage(verb, typeName(value)));

/** Larger precisions (and %e widths) make Go's printer give up; they are refused here rather than imitated. */
const maxPrecision = 1_000_000;

/** The text of `format` with each clause replaced by its argument, or cel-go's error. */
export function formatString(format: string, args: readonly unknown[]): string | CelError {
  let out = '';
  let argIndex = 0;
  for (const piece of formatPieces(format)) {
    if (piece.kind === 'text') {
      out += piece.text;
      continue;
    }
    if (argIndex >= args.length) return new CelError(`index ${argIndex} out of range`);
    if (piece.kind === 'unexpected-end') return new CelError('unexpected end of string');
    if (piece.kind === 'unparsable') return new CelError(`could not parse formatting clause: ${piece.reason}`);
    const { verb, precisionDigits } = piece.clause;
    const precision = precisionDigits === undefined ? undefined : Number(precisionDigits);
    if (precision !== undefined && precision > maxPrecision) {
      return new CelError(`could not parse formatting clause: error while parsing precision: precision ${precisionDigits} is too large`);
    }
    const text = clauseImplementation(verb, precision)(fromJson(args[argIndex]));
    if (text instanceof ClauseError) return new CelError(`error during formatting: ${text.message}`);
    out += text;
    argIndex++;
  }
  return out;
}

function clauseImplementation(verb: ClauseVerb, precision: number | undefined): Clause {
  switch (verb) {
    case 's':
      return formatPlain;
    case 'd':
      return formatDecimal;
    case 'f':
      return (value) => withDouble(value, verb, (x) => enUsFixed(x, precision ?? 6));
    case 'e':
      // The legacy formatter writes the precision where Go reads a width ("%6e"): digits stay at six.
      return (value) => withDouble(value, verb, (x) => enUsScientific(x, precision ?? 6));
    case 'b':
      return formatBinary;
    case 'x':
    case 'X':
      return (value) => formatHex(value, verb === 'X');
    case 'o':
      return formatOctal;
  }
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
  return clauseError('s', value);
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
  pairs.sort(([a], [b]) => byCodePoint(a, b));
  return `{${pairs.map(([key, value]) => `${key}:${value}`).join(', ')}}`;
}

function formatDecimal(value: CelValue): string | ClauseError {
  if (isInt(value)) return String(value);
  if (value instanceof CelUint) return String(value.value);
  return clauseError('d', value);
}

/** %f and %e take a double, or one of the strings "NaN", "Infinity" and "-Infinity". */
function withDouble(value: CelValue, verb: 'f' | 'e', write: (x: number) => string): string | ClauseError {
  if (value instanceof CelDouble) return write(value.value);
  if (value === 'NaN' || value === 'Infinity' || value === '-Infinity') return write(Number(value));
  return clauseError(verb, value);
}

/** An int in another base as Go's fmt writes it: a '-' before the magnitude. */
const inBase = (value: number | bigint, base: number): string => (value < 0 ? `-${(-BigInt(value)).toString(base)}` : value.toString(base));

function formatBinary(value: CelValue): string | ClauseError {
  if (isInt(value)) return inBase(value, 2);
  if (value instanceof CelUint) return value.value.toString(2);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return clauseError('b', value);
}

function formatHex(value: CelValue, upper: boolean): string | ClauseError {
  let text: string;
  if (isInt(value)) text = inBase(value, 16);
  else if (value instanceof CelUint) text = value.value.toString(16);
  else if (typeof value === 'string') text = Buffer.from(value, 'utf8').toString('hex');
  else if (value instanceof Uint8Array) text = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  else return clauseError('x', value);
  return upper ? text.toUpperCase() : text;
}

function formatOctal(value: CelValue): string | ClauseError {
  if (isInt(value)) return inBase(value, 8);
  if (value instanceof CelUint) return value.value.toString(8);
  return clauseError('o', value);
}
