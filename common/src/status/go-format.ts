// Strings and numbers rendered as Go's fmt renders them (%q and %v), so messages read as kube-apiserver's.

import { isRawJSON } from '../json/raw-json.ts';
import { isJsonObject } from '../json/read-field.ts';

const goEscapes: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
};

/** A string as Go's %q (strconv.Quote) writes it: unprintable runes escaped, the rest kept. */
export function goQuote(text: string): string {
  let out = '"';
  for (const ch of text) {
    const named = goEscapes[ch];
    const point = ch.codePointAt(0) ?? 0;
    if (named !== undefined) out += named;
    else if (point < 0x20 || point === 0x7f) out += `\\x${hex(point, 2)}`;
    // Go prints letters, marks, numbers, punctuation, symbols and the ASCII space as they are.
    else if (point !== 0x20 && /[\p{C}\p{Z}]/u.test(ch)) out += point < 0x10000 ? `\\u${hex(point, 4)}` : `\\U${hex(point, 8)}`;
    else out += ch;
  }
  return `${out}"`;
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

/** A number as Go's %v writes an int64 or float64. */
export function goNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  // A float64 from 1e21 up is in exponent form (an int64 never gets there).
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
  // %v switches to exponent form below 1e-4 (JavaScript waits until 1e-7) and pads the exponent.
  if (Math.abs(value) < 1e-4) return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return String(value);
}

/**
 * A decoded JSON value as Go's %v writes an interface{} holding it: map[key:value ...] with the
 * keys sorted, [item item] for slices, strings bare, <nil> for null.
 */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'number') return goNumber(value);
  if (Array.isArray(value)) return `[${value.map(goValue).join(' ')}]`;
  if (isJsonObject(value)) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([key, item]) => `${key}:${goValue(item)}`).join(' ')}]`;
  }
  return String(value);
}

/**
 * A Go struct's fields in declaration order, for goJson: json.Marshal sorts the keys of a map but
 * writes a struct's fields in the order the type declares them. A field left undefined is left out
 * (omitempty, or a field the JSON tag drops); null is written as null (a nil pointer, slice or map).
 */
export class GoStruct {
  readonly fields: Readonly<Record<string, unknown>>;
  constructor(fields: Readonly<Record<string, unknown>>) {
    this.fields = fields;
  }
}

export const goStruct = (fields: Readonly<Record<string, unknown>>): GoStruct => new GoStruct(fields);

/**
 * A value as Go's json.Marshal writes it: plain objects are maps (keys sorted), GoStruct keeps its
 * field order, raw JSON numbers and bigints keep their digits, and <, >, &, U+2028 and U+2029 are
 * escaped as \u003c etc. (Go's HTML-safe encoding).
 */
export function goJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goJsonString(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (isRawJSON(value)) return (value as { readonly rawJSON: string }).rawJSON;
  if (value instanceof GoStruct) {
    const fields = Object.entries(value.fields).filter(([, item]) => item !== undefined);
    return `{${fields.map(([key, item]) => `${goJsonString(key)}:${goJson(item)}`).join(',')}}`;
  }
  if (typeof value !== 'object') return 'null';
  // Go compares map keys bytewise (UTF-8), which the code-point order of the keys matches.
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => compareCodePoints(a, b));
  return `{${entries.map(([key, item]) => `${goJsonString(key)}:${goJson(item)}`).join(',')}}`;
}

function goJsonString(text: string): string {
  return JSON.stringify(text).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${hex(ch.charCodeAt(0), 4)}`);
}

function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/** The kind Go's encoding/json names a decoded value by in an UnmarshalTypeError ("cannot unmarshal <kind> into ..."). */
export function goJsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'object') return isRawJSON(value) ? 'number' : 'object';
  return 'string';
}
