// cel-go's strings extension as Kubernetes enables it (version 2 since Kubernetes 1.29): charAt,
// indexOf, lastIndexOf, lowerAscii, upperAscii, replace, split, join, substring, trim, format and
// strings.quote, plus reverse (version 3, which Kubernetes' base environment does not enable yet:
// `stringFunctionVersions` says which version brought each function). Positions and lengths count
// code points; the results and error texts are cel-go 0.26's.

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelDouble, CelError, CelUint, fromJson, isInt, typeOf, type CelValue } from '../values/values.ts';
import { goQuote } from '../../status/go-format.ts';
import { goShortestFloat } from './go-float-format.ts';
import { indexOf, lastIndexOf, outOfRange } from './index-of.ts';
import { reverse, reverseCost } from './reverse.ts';
import { nominalCost, stringTraversalCostFactor, traversalCost } from './call-cost.ts';
import { targetTraversalCost } from './runtime-cost.ts';
import { formatString } from './string-format.ts';

/** `s.charAt(i)`: the code point at i, '' at the end, an error before 0 or past the end. */
const charAt: FunctionImpl = (args) => {
  const [text, index] = args;
  if (typeof text !== 'string' || !isInt(index) || args.length !== 2) return noSuchOverload('charAt');
  const points = [...text];
  if (index < 0 || index > points.length) return outOfRange(index);
  return points[Number(index)] ?? '';
};

const asciiCase =
  (name: string, letters: RegExp, change: (letter: string) => string): FunctionImpl =>
  (args) => {
    const [text] = args;
    return typeof text === 'string' && args.length === 1 ? text.replace(letters, change) : noSuchOverload(name);
  };

const lowerAscii = asciiCase('lowerAscii', /[A-Z]+/g, (letters) => letters.toLowerCase());
const upperAscii = asciiCase('upperAscii', /[a-z]+/g, (letters) => letters.toUpperCase());

/** A limit as Go's strings functions read an int64: negative means none. */
const limitOf = (count: number | bigint | undefined): number => (count === undefined || count < 0 ? -1 : count > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : Number(count));

/** Go's strings.Replace: at most `limit` replacements (all when negative); an empty `old` matches before each code point and at the end. */
function replaceText(text: string, old: string, replacement: string, limit: number): string {
  if (old === replacement || limit === 0) return text;
  if (old === '') {
    const points = [...text];
    let out = '';
    let done = 0;
    for (const point of points) {
      if (limit < 0 || done < limit) {
        out += replacement;
        done++;
      }
      out += point;
    }
    return limit < 0 || done < limit ? out + replacement : out;
  }
  const parts = text.split(old);
  if (limit < 0 || parts.length - 1 <= limit) return parts.join(replacement);
  return parts.slice(0, limit + 1).join(replacement) + old + parts.slice(limit + 1).join(old);
}

/** `s.replace(old, new[, n])`. */
const replace: FunctionImpl = (args) => {
  const [text, old, replacement, count] = args;
  if (typeof text !== 'string' || typeof old !== 'string' || typeof replacement !== 'string') return noSuchOverload('replace');
  if (args.length === 4 ? !isInt(count) : args.length !== 3) return noSuchOverload('replace');
  return replaceText(text, old, replacement, limitOf(count as number | bigint | undefined));
};

/** Go's strings.SplitN: no parts for a limit of 0, the rest of the text in the last part; an empty separator splits into code points. */
function splitText(text: string, separator: string, limit: number): string[] {
  if (limit === 0) return [];
  const parts = separator === '' ? [...text] : text.split(separator);
  if (limit < 0 || parts.length <= limit) return parts;
  return [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(separator)];
}

/** `s.split(separator[, n])`. */
const split: FunctionImpl = (args) => {
  const [text, separator, count] = args;
  if (typeof text !== 'string' || typeof separator !== 'string') return noSuchOverload('split');
  if (args.length === 3 ? !isInt(count) : args.length !== 2) return noSuchOverload('split');
  return splitText(text, separator, limitOf(count as number | bigint | undefined));
};

/** A value as Go's %v writes the ref.Val that join refuses. */
function goValueText(value: CelValue): string {
  if (value === null) return 'NULL_VALUE';
  if (typeof value === 'boolean' || isInt(value)) return String(value);
  if (value instanceof CelUint) return String(value.value);
  if (value instanceof CelDouble) return goShortestFloat(value.value);
  if (value instanceof Uint8Array) return `[${value.join(' ')}]`;
  return typeOf(value).name;
}

/** `list.join([separator])`: the strings of the list, with the separator between them. */
const join: FunctionImpl = (args) => {
  const [list, separator] = args;
  if (!Array.isArray(list) || (args.length === 2 ? typeof separator !== 'string' : args.length !== 1)) return noSuchOverload('join');
  const parts: string[] = [];
  for (const item of list) {
    const value = fromJson(item);
    if (typeof value !== 'string') return new CelError(`join: invalid input: ${goValueText(value)}`);
    parts.push(value);
  }
  return parts.join((separator as string | undefined) ?? '');
};

/** `s.substring(start[, end])`, in code points; end before start, or either outside 0..size(s), is an error. */
const substring: FunctionImpl = (args) => {
  const [text, start, end] = args;
  if (typeof text !== 'string' || !isInt(start) || (args.length === 3 ? !isInt(end) : args.length !== 2)) return noSuchOverload('substring');
  const points = [...text];
  if (args.length === 2) {
    if (start < 0 || start > points.length) return outOfRange(start);
    return points.slice(Number(start)).join('');
  }
  const last = end as number | bigint;
  if (start > last) return new CelError(`invalid substring range. start: ${start}, end: ${last}`);
  if (start < 0 || start > points.length) return outOfRange(start);
  if (last < 0 || last > points.length) return outOfRange(last);
  return points.slice(Number(start), Number(last)).join('');
};

/** Go's unicode.IsSpace: Unicode White_Space, which has U+0085 and not U+FEFF (unlike JavaScript's trim). */
const goSpace = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const goSpaceEnds = new RegExp(`^${goSpace}+|${goSpace}+$`, 'g');

const trim: FunctionImpl = (args) => {
  const [text] = args;
  return typeof text === 'string' && args.length === 1 ? text.replace(goSpaceEnds, '') : noSuchOverload('trim');
};

/** `"...".format([args])`. */
const format: FunctionImpl = (args) => {
  const [text, values] = args;
  return typeof text === 'string' && Array.isArray(values) && args.length === 2 ? formatString(text, values) : noSuchOverload('format');
};

/** `strings.quote(s)`: s in double quotes with CEL's escape sequences escaped; everything else, even other control characters, kept. */
const quote: FunctionImpl = (args) => {
  const [text] = args;
  if (typeof text !== 'string' || args.length !== 1) return noSuchOverload('strings.quote');
  // A lone surrogate is not a character: Go would see U+FFFD there.
  return `"${text.toWellFormed().replace(/[\x07\b\f\n\r\t\v\\"]/g, (ch) => goQuote(ch).slice(1, -1))}"`;
};

export const stringFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['charAt', { member: charAt }],
  ['indexOf', { member: indexOf }],
  ['lastIndexOf', { member: lastIndexOf }],
  ['lowerAscii', { member: lowerAscii }],
  ['upperAscii', { member: upperAscii }],
  ['replace', { member: replace }],
  ['split', { member: split }],
  ['join', { member: join }],
  ['substring', { member: substring }],
  ['trim', { member: trim }],
  ['format', { member: format }],
  ['strings.quote', { global: quote }],
  ['reverse', { member: reverse }],
]);

/** The version of cel-go's strings library that brought each function; Kubernetes runs version 2 (0 before 1.29). */
export const stringFunctionVersions: Readonly<Record<string, number>> = {
  charAt: 0,
  indexOf: 0,
  lastIndexOf: 0,
  lowerAscii: 0,
  upperAscii: 0,
  replace: 0,
  split: 0,
  join: 0,
  substring: 0,
  trim: 0,
  format: 1,
  'strings.quote': 1,
  reverse: 3,
};

const targetSizeCost = (args: readonly CelValue[]): number => traversalCost(args[0]);
const twiceTargetSizeCost = (args: readonly CelValue[]): number => traversalCost(args[0], 2 * stringTraversalCostFactor);

/**
 * Each function's cost as Kubernetes counts it. `actual` is the run-time cost of one call. For the
 * static estimate: 'fixed' costs `cost`; 'traversal' is size(target) x 0.1 for a string, and
 * size(list) x (1 + element size x 0.1 for strings and bytes, else 1) for a list; 'targetSize' is
 * size(target) x factor with a result as long as the target; 'argumentSize' is size(argument) x factor;
 * 'joinResult' is size(list) x size(element) + separators, x factor.
 */
export const stringCosts = {
  charAt: { kind: 'fixed', cost: 1, actual: nominalCost },
  indexOf: { kind: 'traversal', actual: targetTraversalCost },
  lastIndexOf: { kind: 'traversal', actual: targetTraversalCost },
  lowerAscii: { kind: 'targetSize', factor: stringTraversalCostFactor, actual: targetSizeCost },
  upperAscii: { kind: 'targetSize', factor: stringTraversalCostFactor, actual: targetSizeCost },
  substring: { kind: 'targetSize', factor: stringTraversalCostFactor, actual: targetSizeCost },
  trim: { kind: 'targetSize', factor: stringTraversalCostFactor, actual: targetSizeCost },
  replace: { kind: 'targetSize', factor: 2 * stringTraversalCostFactor, actual: twiceTargetSizeCost },
  split: { kind: 'targetSize', factor: 2 * stringTraversalCostFactor, actual: twiceTargetSizeCost },
  join: {
    kind: 'joinResult',
    factor: stringTraversalCostFactor,
    actual: (_args: readonly CelValue[], result: CelValue): number => traversalCost(result, 2 * stringTraversalCostFactor),
  },
  format: { kind: 'targetSize', factor: stringTraversalCostFactor, actual: targetSizeCost },
  'strings.quote': { kind: 'argumentSize', factor: stringTraversalCostFactor, actual: targetSizeCost },
  reverse: { kind: 'fixed', cost: 1, actual: reverseCost },
} as const;
