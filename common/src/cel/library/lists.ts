// List functions as Kubernetes enables them: its own lists library (isSorted, sum, min, max,
// indexOf, lastIndexOf; present in every version) and cel-go's lists extension at version 3 (slice,
// flatten, distinct, sort, sortBy's @sortByAssociatedKeys, lists.range, reverse; since Kubernetes
// 1.34). Elements compare with CEL's equality and ordering, numbers across int, uint and double.

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { arithmetic } from '../values/arithmetic.ts';
import { compareValues, equalValues } from '../values/compare.ts';
import { CelDouble, CelDuration, CelError, CelTimestamp, CelUint, fromJson, isInt, typeOf, type CelValue } from '../values/values.ts';
import { actualSize, stringTraversalCostFactor } from './call-cost.ts';
import { indexOf, lastIndexOf } from './index-of.ts';
import { reverse, reverseCost } from './reverse.ts';
import { allocatingListCost, targetTraversalCost } from './runtime-cost.ts';
import { durationFromNanos, durationNanos } from './time-values.ts';

/** The kinds CEL can order (cel-go's traits.Comparer). */
function isComparable(value: CelValue): boolean {
  return (
    isInt(value) ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    value instanceof CelUint ||
    value instanceof CelDouble ||
    value instanceof Uint8Array ||
    value instanceof CelTimestamp ||
    value instanceof CelDuration
  );
}

/** -1, 0 or 1; undefined where cel-go's Compare answers an error (other kinds, NaN), which the callers ignore. */
function order(a: CelValue, b: CelValue): number | undefined {
  const result = compareValues(a, b);
  return typeof result === 'number' && !Number.isNaN(result) ? result : undefined;
}

/** `list.isSorted()`: no element is greater than the one after it. */
const isSorted: FunctionImpl = (args) => {
  const [list] = args;
  if (!Array.isArray(list) || args.length !== 1) return noSuchOverload('isSorted');
  let previous: CelValue | undefined;
  for (const item of list) {
    const next = fromJson(item);
    if (!isComparable(next)) return noSuchOverload('isSorted');
    if (previous !== undefined && order(previous, next) === 1) return false;
    previous = next;
  }
  return true;
};

/** `list.min()` and `list.max()`: the first of the least (greatest) elements; an error for an empty list. */
const extreme =
  (name: 'min' | 'max', replaceWhen: number): FunctionImpl =>
  (args) => {
    const [list] = args;
    if (!Array.isArray(list) || args.length !== 1) return noSuchOverload(name);
    let result: CelValue | undefined;
    for (const item of list) {
      const next = fromJson(item);
      if (!isComparable(next)) return noSuchOverload(name);
      if (result === undefined || order(result, next) === replaceWhen) result = next;
    }
    return result ?? new CelError(`${name} called on empty list`);
  };

const zeroOf = (value: CelValue): CelValue | undefined => {
  if (isInt(value)) return 0;
  if (value instanceof CelUint) return new CelUint(0);
  if (value instanceof CelDouble) return new CelDouble(0);
  if (value instanceof CelDuration) return new CelDuration(0n, 0);
  return undefined;
};

function add(sum: CelValue, next: CelValue): CelValue {
  if (sum instanceof CelDuration || next instanceof CelDuration) {
    return sum instanceof CelDuration && next instanceof CelDuration ? durationFromNanos(durationNanos(sum) + durationNanos(next)) : noSuchOverload('sum');
  }
  return arithmetic('_+_', sum, next);
}

/**
 * `list.sum()` starting from a given zero, as each of Kubernetes' overloads does (list(int) from 0,
 * list(double) from 0.0, ...); with no zero, the kind of the first element's (0 for an empty list).
 */
export function sumFrom(zero?: CelValue): FunctionImpl {
  return (args) => {
    const [list] = args;
    if (!Array.isArray(list) || args.length !== 1) return noSuchOverload('sum');
    let sum = zero ?? (list.length === 0 ? 0 : zeroOf(fromJson(list[0])));
    if (sum === undefined) return noSuchOverload('sum');
    for (const item of list) {
      const next = fromJson(item);
      if (zeroOf(next) === undefined) return noSuchOverload('sum');
      sum = add(sum, next);
      if (sum instanceof CelError) return sum;
    }
    return sum;
  };
}

/** `list.slice(start, end)`: the elements from start up to end. */
const slice: FunctionImpl = (args) => {
  const [list, start, end] = args;
  if (!Array.isArray(list) || !isInt(start) || !isInt(end) || args.length !== 3) return noSuchOverload('slice');
  if (start < 0 || end < 0) return new CelError(`cannot slice(${start}, ${end}), negative indexes not supported`);
  if (start > end) return new CelError(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
  if (list.length < end) return new CelError(`cannot slice(${start}, ${end}), list is length ${list.length}`);
  return list.slice(Number(start), Number(end));
};

function flattenList(list: readonly unknown[], depth: number, into: unknown[]): unknown[] {
  for (const item of list) {
    if (Array.isArray(item) && depth > 0) flattenList(item, depth - 1, into);
    else into.push(item);
  }
  return into;
}

/** `list.flatten([depth])`: nested lists spliced into their parent, depth levels deep (1 by default). */
const flatten: FunctionImpl = (args) => {
  const [list, depth] = args;
  if (!Array.isArray(list) || (args.length === 2 ? !isInt(depth) : args.length !== 1)) return noSuchOverload('flatten');
  const levels = args.length === 2 ? (depth as number | bigint) : 1;
  if (levels < 0) return new CelError('level must be non-negative');
  // Lists cannot nest deeper than the safe integers reach.
  return flattenList(list, Number(levels), []);
};

/** `list.distinct()`: the first of each group of equal elements, in order. */
const distinct: FunctionImpl = (args) => {
  const [list] = args;
  if (!Array.isArray(list) || args.length !== 1) return noSuchOverload('distinct');
  const unique: CelValue[] = [];
  for (const item of list) {
    const value = fromJson(item);
    if (!unique.some((seen) => equalValues(value, seen) === true)) unique.push(value);
  }
  return unique;
};

/**
 * The list's elements in the order of their keys, which must all be comparable and of one type.
 * Equal keys keep their elements' order (cel-go's sort is not stable; for sort() itself equal keys
 * are equal elements, so only sortBy can tell).
 */
function sortByKeys(list: readonly unknown[], keys: readonly unknown[]): CelValue {
  if (list.length !== keys.length) {
    return new CelError(`@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got ${list.length} and ${keys.length} elements respectively`);
  }
  const values = keys.map(fromJson);
  const [first] = values;
  if (first === undefined) return list;
  if (!isComparable(first)) return new CelError('list elements must be comparable');
  const type = typeOf(first).name;
  if (values.some((key) => typeOf(key).name !== type)) return new CelError('list elements must have the same type');
  // sort() is stable: equal keys keep their elements' order.
  const keyed = values.map((key, i) => ({ key, item: list[i] }));
  keyed.sort((a, b) => order(a.key, b.key) ?? 0);
  return keyed.map(({ item }) => item);
}

/** `list.sort()`. */
const sort: FunctionImpl = (args) => {
  const [list] = args;
  return Array.isArray(list) && args.length === 1 ? sortByKeys(list, list) : noSuchOverload('sort');
};

/** `list.@sortByAssociatedKeys(keys)`, which the sortBy macro expands to. */
const sortByAssociatedKeys: FunctionImpl = (args) => {
  const [list, keys] = args;
  return Array.isArray(list) && Array.isArray(keys) && args.length === 2 ? sortByKeys(list, keys) : noSuchOverload('@sortByAssociatedKeys');
};

/**
 * Beyond this, lists.range refuses rather than allocating (cel-go 0.26 has no limit, but Kubernetes'
 * per-call cost limit of 1,000,000 stops any range longer than that right after it is built).
 */
const maxRangeSize = 10_000_000;

/** `lists.range(n)`: [0, 1, ..., n - 1], empty for n <= 0. */
const range: FunctionImpl = (args) => {
  const [count] = args;
  if (!isInt(count) || args.length !== 1) return noSuchOverload('lists.range');
  if (count > maxRangeSize) return new CelError(`lists.range: size ${count} exceeds maximum allowed (${maxRangeSize})`);
  return Array.from({ length: Math.max(0, Number(count)) }, (_, i) => i);
};

export const listFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['isSorted', { member: isSorted }],
  ['sum', { member: sumFrom() }],
  ['min', { member: extreme('min', 1) }],
  ['max', { member: extreme('max', -1) }],
  ['indexOf', { member: indexOf }],
  ['lastIndexOf', { member: lastIndexOf }],
  ['slice', { member: slice }],
  ['flatten', { member: flatten }],
  ['distinct', { member: distinct }],
  ['sort', { member: sort }],
  ['@sortByAssociatedKeys', { member: sortByAssociatedKeys }],
  ['lists.range', { global: range }],
  ['reverse', { member: reverse }],
]);

/** The version of cel-go's lists extension that brought each of its functions; Kubernetes runs version 3 (from 1.34). */
export const listExtensionVersions: Readonly<Record<string, number>> = {
  slice: 0,
  flatten: 1,
  distinct: 2,
  sort: 2,
  '@sortByAssociatedKeys': 2,
  'lists.range': 2,
  reverse: 2,
};

/** n x n comparisons at 2 each (2.1 when the first element is a string or bytes), plus the call and the new list. */
function selfCompareCost(list: CelValue | undefined): number {
  const size = actualSize(list);
  const first = Array.isArray(list) && list.length > 0 ? fromJson(list[0]) : undefined;
  const factor = typeof first === 'string' || first instanceof Uint8Array ? 2 + stringTraversalCostFactor : 2;
  return allocatingListCost(size * size, factor);
}

const resultListCost = (_args: readonly CelValue[], result: CelValue): number => allocatingListCost(actualSize(result), 1);

/**
 * Each function's cost as Kubernetes counts it. `actual` is the run-time cost of one call. For the
 * static estimate: 'traversal' is size(list) x (1 + element size x 0.1 when the elements are strings
 * or bytes, else 1); 'allocatingList' is size x factor + 1 + 10 with size the result's (slice: end -
 * start; range: n; flatten: the target's, factor the depth); 'selfCompare' is size^2 x factor + 11.
 */
export const listCosts = {
  isSorted: { kind: 'traversal', actual: targetTraversalCost },
  sum: { kind: 'traversal', actual: targetTraversalCost },
  min: { kind: 'traversal', actual: targetTraversalCost },
  max: { kind: 'traversal', actual: targetTraversalCost },
  indexOf: { kind: 'traversal', actual: targetTraversalCost },
  lastIndexOf: { kind: 'traversal', actual: targetTraversalCost },
  slice: { kind: 'allocatingList', factor: 1, actual: resultListCost },
  flatten: {
    kind: 'allocatingList',
    factor: 'depth',
    actual: (args: readonly CelValue[]): number => allocatingListCost(actualSize(args[0]), isInt(args[1]) ? Number(args[1]) : 1),
  },
  distinct: { kind: 'selfCompare', factor: 2, actual: (args: readonly CelValue[]): number => selfCompareCost(args[0]) },
  sort: { kind: 'selfCompare', factor: 2, actual: (args: readonly CelValue[]): number => selfCompareCost(args[0]) },
  '@sortByAssociatedKeys': { kind: 'selfCompare', factor: 2, actual: (args: readonly CelValue[]): number => selfCompareCost(args[1]) },
  'lists.range': { kind: 'allocatingList', factor: 1, actual: resultListCost },
  reverse: { kind: 'allocatingList', factor: 1, actual: reverseCost },
} as const;
