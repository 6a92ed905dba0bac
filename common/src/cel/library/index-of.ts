// indexOf and lastIndexOf, which two libraries define on different receivers: cel-go's strings
// extension on strings (positions in code points, with an optional start), Kubernetes' lists
// library on lists (the position of an equal element). One implementation serves both, so the
// libraries' tables can be merged in either order.

import { isPair } from '../../tuples.ts';
import { noSuchOverload, type FunctionImpl } from '../interpreter/functions.ts';
import { equalValues } from '../values/compare.ts';
import { CelError, fromJson, isInt, type CelValue } from '../values/values.ts';

/** cel-go's error for a position outside a string. */
export const outOfRange = (index: number | bigint): CelError => new CelError(`index out of range: ${index}`);

/** Whether needle's code points stand in haystack from position i on. */
function matchesAt(haystack: readonly string[], needle: readonly string[], i: number): boolean {
  for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) return false;
  return true;
}

/** The start of the first match of needle at or after `from`. */
function searchForward(haystack: readonly string[], needle: readonly string[], from: number): number {
  for (let i = from; i < haystack.length - (needle.length - 1); i++) if (matchesAt(haystack, needle, i)) return i;
  return -1;
}

/** The start of the last match of needle at or before `from`. */
function searchBackward(haystack: readonly string[], needle: readonly string[], from: number): number {
  for (let i = Math.min(from, haystack.length - needle.length); i >= 0; i--) if (matchesAt(haystack, needle, i)) return i;
  return -1;
}

/**
 * '...'.indexOf(needle[, start]) as cel-go 0.26 answers it: the start itself for an empty needle
 * (whatever it is), an error for a negative start, -1 for a start at or past the end.
 */
function stringIndexOf(text: string, needle: string, start: number | bigint): CelValue {
  if (needle === '') return start;
  if (start < 0) return outOfRange(start);
  const points = [...text];
  if (start >= points.length) return -1;
  return searchForward(points, [...needle], Number(start));
}

/**
 * '...'.lastIndexOf(needle[, start]): the length (or the start) for an empty needle, an error for a
 * negative start, -1 for a start at or past the end; a match may begin at the start at the latest.
 */
function stringLastIndexOf(text: string, needle: string, start: number | bigint | undefined): CelValue {
  const points = [...text];
  if (needle === '') return start ?? points.length;
  if (start === undefined) {
    if (points.length === 0) return -1;
    start = points.length - 1;
  }
  if (start < 0) return outOfRange(start);
  if (start >= points.length) return -1;
  return searchBackward(points, [...needle], Number(start));
}

function listIndexOf(list: readonly unknown[], element: CelValue, fromEnd: boolean): number {
  for (let k = 0; k < list.length; k++) {
    const i = fromEnd ? list.length - 1 - k : k;
    if (equalValues(fromJson(list[i]), element) === true) return i;
  }
  return -1;
}

const searchIn =
  (name: string, fromEnd: boolean): FunctionImpl =>
  (args) => {
    const [target, needle, start] = args;
    if (Array.isArray(target)) return isPair(args) ? listIndexOf(target, args[1], fromEnd) : noSuchOverload(name);
    if (typeof target !== 'string' || typeof needle !== 'string' || args.length > 3) return noSuchOverload(name);
    if (args.length === 3 && !isInt(start)) return noSuchOverload(name);
    const offset = args.length === 3 ? (start as number | bigint) : undefined;
    return fromEnd ? stringLastIndexOf(target, needle, offset) : stringIndexOf(target, needle, offset ?? 0);
  };

/** `x.indexOf(y)`: for a string x, the code point position of y (from an optional start); for a list x, the first index of an element equal to y. */
export const indexOf = searchIn('indexOf', false);

/** `x.lastIndexOf(y)`: for a string x, the last code point position of y (up to an optional start); for a list x, the last index of an element equal to y. */
export const lastIndexOf = searchIn('lastIndexOf', true);
