// List functions as Kubernetes runs them: its own lists library (isSorted, sum, min, max, indexOf,
// lastIndexOf) and cel-go's lists extension at version 3 (slice, flatten, distinct, sort,
// @sortByAssociatedKeys, lists.range, reverse), called directly with CEL values, with their error
// texts and their costs as Kubernetes counts them.

import test from 'ava';
import fc from 'fast-check';
import { listCosts, listFunctions, sumFrom } from '../../src/cel/library/lists.ts';
import { stringFunctions } from '../../src/cel/library/strings.ts';
import { equalValues } from '../../src/cel/values/compare.ts';
import { CelDouble, CelDuration, CelError, CelTimestamp, CelUint, type CelValue } from '../../src/cel/values/values.ts';

const call =
  (name: string) =>
  (...args: unknown[]): CelValue =>
    listFunctions.get(name)!.member!(args as CelValue[]);
const isSorted = call('isSorted');
const sum = call('sum');
const min = call('min');
const max = call('max');
const indexOf = call('indexOf');
const lastIndexOf = call('lastIndexOf');
const slice = call('slice');
const flatten = call('flatten');
const distinct = call('distinct');
const sort = call('sort');
const sortByAssociatedKeys = call('@sortByAssociatedKeys');
const reverse = call('reverse');
const range = (n: unknown): CelValue => listFunctions.get('lists.range')!.global!([n as CelValue]);
const double = (value: number): CelDouble => new CelDouble(value);
const uint = (value: number): CelUint => new CelUint(value);
const seconds = (value: number): CelDuration => new CelDuration(BigInt(value), 0);

const errorMessage = (value: CelValue): string | undefined => (value instanceof CelError ? value.message : undefined);

test('isSorted holds when no element is greater than the next, for every comparable kind', (t) => {
  t.true(isSorted([1, 2, 3]));
  t.true(isSorted(['a', 'b', 'b', 'c']));
  t.false(isSorted([double(2), double(1)]));
  t.true(isSorted([1]));
  t.true(isSorted([]));
  t.true(isSorted([1, double(1.5), uint(2)]));
  t.true(isSorted([false, true]));
  t.true(isSorted([new Uint8Array([1]), new Uint8Array([1, 0])]));
  t.false(isSorted([seconds(2), seconds(1)]));
  t.true(isSorted([new CelTimestamp(1n, 0), new CelTimestamp(1n, 5)]));
  // Orderings cel-go cannot make (NaN, strings against numbers) are not counted as out of order.
  t.true(isSorted([double(2), double(Number.NaN), double(1)]));
  t.true(isSorted([2, 'a', 1]));
  t.is(errorMessage(isSorted([[1], [2]])), 'no such overload: isSorted');
  t.is(errorMessage(isSorted([1, null])), 'no such overload: isSorted');
  t.is(errorMessage(isSorted('abc')), 'no such overload: isSorted');
});

test('sum adds ints, uints, doubles and durations, starting from the zero of the kind', (t) => {
  t.is(sum([1, 3]), 4);
  t.deepEqual(sum([double(1), double(3)]), double(4));
  t.deepEqual(sum([uint(1), uint(2)]), uint(3));
  t.deepEqual(sum([seconds(60), seconds(1)]), seconds(61));
  t.deepEqual(sum([new CelDuration(0n, 600_000_000), new CelDuration(0n, 600_000_000)]), new CelDuration(1n, 200_000_000));
  t.is(sum([]), 0);
  t.is(sum([2n ** 62n, 2n ** 62n - 1n]), 2n ** 63n - 1n);
  t.is(errorMessage(sum([2n ** 62n, 2n ** 62n])), 'integer overflow');
  t.is(errorMessage(sum([uint(2 ** 53), new CelUint(2n ** 64n - 1n)])), 'unsigned integer overflow');
  t.is(errorMessage(sum([seconds(4_700_000_000), seconds(4_700_000_000)])), 'integer overflow');
  t.is(errorMessage(sum([1, double(2)])), 'no such overload');
  t.is(errorMessage(sum(['a'])), 'no such overload: sum');
  t.is(errorMessage(sum(5)), 'no such overload: sum');
  // JSON numbers read from an object are ints when integral and doubles otherwise.
  t.deepEqual(sum([1.5, 2.5]), double(4));
});

test('sum of an empty list answers the zero of the overload the checker chose', (t) => {
  t.deepEqual(sumFrom(double(0))([[]]), double(0));
  t.deepEqual(sumFrom(uint(0))([[]]), uint(0));
  t.deepEqual(sumFrom(seconds(0))([[]]), seconds(0));
  t.deepEqual(sumFrom(double(0))([[double(1.5)]]), double(1.5));
});

test('min and max answer the first least or greatest element, and an error for an empty list', (t) => {
  t.is(min([1, 3]), 1);
  t.is(max([1, 3]), 3);
  t.is(min([1]), 1);
  t.is(max(['b', 'c', 'a']), 'c');
  t.deepEqual(min([double(2.5), 1, uint(3)]), 1);
  t.deepEqual(max([seconds(5), seconds(70)]), seconds(70));
  // Ties keep the first of the equal elements.
  t.deepEqual(max([1, double(1)]), 1);
  t.deepEqual(min([double(1), 1]), double(1));
  t.is(errorMessage(min([])), 'min called on empty list');
  t.is(errorMessage(max([])), 'max called on empty list');
  t.is(errorMessage(min([{}])), 'no such overload: min');
  t.is(errorMessage(max('x')), 'no such overload: max');
});

test('indexOf and lastIndexOf find an equal element, numbers across kinds', (t) => {
  t.is(indexOf([1, 2, 2, 3], 2), 1);
  t.is(lastIndexOf(['a', 'b', 'b', 'c'], 'b'), 2);
  t.is(indexOf([double(1)], double(1.1)), -1);
  t.is(indexOf([], 'string'), -1);
  t.is(indexOf([1, double(2), uint(3)], uint(2)), 1);
  t.is(lastIndexOf([[1], [1, 2], [1]], [double(1)]), 2);
  t.is(indexOf([{ a: 1 }], { a: 1 }), 0);
  t.is(errorMessage(indexOf([1], 1, 2)), 'no such overload: indexOf');
});

test('the lists and strings libraries share one indexOf, lastIndexOf and reverse', (t) => {
  for (const name of ['indexOf', 'lastIndexOf', 'reverse']) t.is(listFunctions.get(name)!.member, stringFunctions.get(name)!.member);
  t.is(indexOf('tacocat', 'c'), 2);
  t.is(reverse('abc'), 'cba');
});

test('slice answers the elements from start up to end, refusing negative, reversed or too large bounds', (t) => {
  t.deepEqual(slice([1, 2, 3, 4], 1, 3), [2, 3]);
  t.deepEqual(slice([1, 2, 3, 4], 2, 4), [3, 4]);
  t.deepEqual(slice([1, 2], 2, 2), []);
  t.is(errorMessage(slice([1, 2, 3, 4], -1, 3)), 'cannot slice(-1, 3), negative indexes not supported');
  t.is(errorMessage(slice([1, 2, 3, 4], 3, 1)), 'cannot slice(3, 1), start index must be less than or equal to end index');
  t.is(errorMessage(slice([1, 2, 3, 4], 1, 5)), 'cannot slice(1, 5), list is length 4');
  t.is(errorMessage(slice([1], 0)), 'no such overload: slice');
  t.is(errorMessage(slice([1], 0, double(1))), 'no such overload: slice');
});

test('flatten splices nested lists one level deep, or as many levels as asked', (t) => {
  t.deepEqual(flatten([1, [2, 3], [4]]), [1, 2, 3, 4]);
  t.deepEqual(flatten([1, [2, [3, 4]]]), [1, 2, [3, 4]]);
  t.deepEqual(flatten([1, 2, [], [], [3, 4]]), [1, 2, 3, 4]);
  t.deepEqual(flatten([1, [2, [3, [4]]]], 2), [1, 2, 3, [4]]);
  t.deepEqual(flatten([1, [2, [3, [4]]]], 0), [1, [2, [3, [4]]]]);
  t.deepEqual(flatten([1, [2, [3, [4]]]], 2n ** 62n), [1, 2, 3, 4]);
  t.is(errorMessage(flatten([1, [2, [3, [4]]]], -1)), 'level must be non-negative');
  t.is(errorMessage(flatten([1], 'x')), 'no such overload: flatten');
});

test('distinct keeps the first of equal elements, in order', (t) => {
  t.deepEqual(distinct([1, 2, 2, 3, 3, 3]), [1, 2, 3]);
  t.deepEqual(distinct(['b', 'b', 'c', 'a', 'c']), ['b', 'c', 'a']);
  t.deepEqual(distinct([1, 'b', 2, 'b']), [1, 'b', 2]);
  t.deepEqual(distinct([1, double(1), uint(1), 2]), [1, 2]);
  t.deepEqual(distinct([[1], [double(1)], [2]]), [[1], [2]]);
  t.deepEqual(distinct([]), []);
  t.is(errorMessage(distinct({})), 'no such overload: distinct');
});

test('sort orders comparable elements of one type and refuses anything else', (t) => {
  t.deepEqual(sort([3, 2, 1]), [1, 2, 3]);
  t.deepEqual(sort(['b', 'c', 'a']), ['a', 'b', 'c']);
  t.deepEqual(sort([seconds(3), seconds(1)]), [seconds(1), seconds(3)]);
  t.deepEqual(sort([]), []);
  t.deepEqual(sort([[1]].slice(1)), []);
  t.is(errorMessage(sort([1, 'b'])), 'list elements must have the same type');
  t.is(errorMessage(sort([1, double(2)])), 'list elements must have the same type');
  t.is(errorMessage(sort([[1, 2, 3]])), 'list elements must be comparable');
  t.is(errorMessage(sort([null, null])), 'list elements must be comparable');
  t.is(errorMessage(sort('cba')), 'no such overload: sort');
});

test('@sortByAssociatedKeys orders a list by the keys sortBy computes, equal keys keeping their order', (t) => {
  t.deepEqual(sortByAssociatedKeys(['foo', 'bar', 'baz'], [3, 1, 2]), ['bar', 'baz', 'foo']);
  t.deepEqual(sortByAssociatedKeys([{ n: 'a' }, { n: 'b' }, { n: 'c' }], [0, -10, 0]), [{ n: 'b' }, { n: 'a' }, { n: 'c' }]);
  t.is(
    errorMessage(sortByAssociatedKeys(['a', 'b'], [1])),
    '@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got 2 and 1 elements respectively',
  );
  t.is(errorMessage(sortByAssociatedKeys(['a', 'b'], [{}, {}])), 'list elements must be comparable');
});

test('lists.range answers 0 to n - 1', (t) => {
  t.deepEqual(range(5), [0, 1, 2, 3, 4]);
  t.deepEqual(range(0), []);
  t.deepEqual(range(-3), []);
  t.is(errorMessage(range(100_000_000)), 'lists.range: size 100000000 exceeds maximum allowed (10000000)');
  t.is(errorMessage(range('3')), 'no such overload: lists.range');
});

test('reverse answers the elements in reverse order', (t) => {
  t.deepEqual(reverse([5, 3, 1, 2]), [2, 1, 3, 5]);
  t.deepEqual(reverse([]), []);
});

const element = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.integer({ min: -5, max: 5 }).map((n) => new CelDouble(n / 2)),
  fc.nat({ max: 5 }).map((n) => new CelUint(n)),
);

test('list functions keep their invariants', (t) => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 30 }), fc.array(element, { maxLength: 20 }), (ints, numbers) => {
      const sorted = sort(ints) as number[];
      t.true(isSorted(sorted));
      t.deepEqual(
        [...sorted].sort((a, b) => a - b),
        [...ints].sort((a, b) => a - b),
      );
      t.is(
        sum(ints),
        ints.reduce((a, b) => a + b, 0),
      );
      t.deepEqual(slice(ints, 0, ints.length), ints);
      t.deepEqual(reverse(reverse(ints)), ints);
      t.deepEqual(flatten(ints), ints);
      if (ints.length > 0) {
        t.is(min(ints), Math.min(...ints));
        t.is(max(ints), Math.max(...ints));
        t.is(indexOf(ints, ints[ints.length - 1]), ints.indexOf(ints[ints.length - 1]!));
        t.is(lastIndexOf(ints, ints[0]), ints.lastIndexOf(ints[0]!));
      }
      const unique = distinct(numbers) as CelValue[];
      t.deepEqual(distinct(unique), unique);
      unique.forEach((a, i) => unique.slice(i + 1).forEach((b) => t.false(equalValues(a, b))));
      for (const n of numbers) t.true(unique.some((u) => equalValues(u, n) === true));
    }),
  );
});

test('costs are counted as Kubernetes counts them', (t) => {
  const actual = (name: keyof typeof listCosts, args: unknown[], result: unknown = null): number => listCosts[name].actual(args as CelValue[], result as CelValue);
  const ints = [1, 2, 3, 4, 5];
  const strings = Array.from({ length: 5 }, () => '012345678901');
  for (const name of ['sum', 'isSorted', 'min', 'max'] as const) {
    t.is(actual(name, [ints]), 5);
    t.is(actual(name, [strings]), 5);
  }
  t.is(actual('indexOf', [ints, 3]), 5);
  t.is(actual('lastIndexOf', [[new Uint8Array(12), new Uint8Array(25)], new Uint8Array(1)]), 3);
  t.is(actual('indexOf', [[{ key: 'a'.repeat(30) }], 'x']), 3);
  t.is(actual('slice', [ints, 1, 3], [2, 3]), 13);
  t.is(actual('lists.range', [5], [0, 1, 2, 3, 4]), 16);
  t.is(actual('reverse', [ints], [5, 4, 3, 2, 1]), 16);
  t.is(actual('flatten', [[[1], [2, 3]]]), 13);
  t.is(actual('flatten', [[[1], [2, 3]], 3]), 17);
  t.is(actual('distinct', [ints]), 61);
  t.is(actual('sort', [strings]), Math.trunc(25 * 2.1) + 11);
  t.is(actual('sort', [[]]), 11);
  t.is(
    actual('@sortByAssociatedKeys', [
      ['a', 'b'],
      [2, 1],
    ]),
    19,
  );
});
