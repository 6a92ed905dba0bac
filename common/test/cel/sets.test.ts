// The sets extension as Kubernetes runs it (from 1.29): containment, equivalence and intersection of
// lists under CEL's equality, called directly with CEL values, and their costs.

import test from 'ava';
import fc from 'fast-check';
import { setCosts, setFunctions } from '../../src/cel/library/sets.ts';
import { CelDouble, CelError, CelUint, type CelValue } from '../../src/cel/values/values.ts';

const call =
  (name: string) =>
  (...args: unknown[]): CelValue =>
    setFunctions.get(name)!.global!(args as CelValue[]);
const contains = call('sets.contains');
const equivalent = call('sets.equivalent');
const intersects = call('sets.intersects');
const double = (value: number): CelDouble => new CelDouble(value);
const uint = (value: number): CelUint => new CelUint(value);

const errorMessage = (value: CelValue): string | undefined => (value instanceof CelError ? value.message : undefined);

test('sets.contains holds when every element of the second list is in the first', (t) => {
  t.true(contains([], []));
  t.false(contains([], [1]));
  t.true(contains([1], []));
  t.true(contains([1, 2, 3, 4], [2, 3]));
  t.true(contains([1, double(2), uint(3)], [double(1), uint(2), 3]));
  t.true(contains([[1], [2, 3]], [[2, double(3)]]));
  t.false(contains([1], [1, 2]));
  t.false(contains([1], ['1', 1]));
  t.false(contains([1], [double(1.1), uint(1)]));
  t.true(contains([{ a: 1 }], [{ a: double(1) }]));
});

test('sets.equivalent holds when each list contains the other, whatever the repetitions', (t) => {
  t.true(equivalent([], []));
  t.true(equivalent([1], [1, 1]));
  t.true(equivalent([1, 1], [1]));
  t.true(equivalent([1], [uint(1), double(1)]));
  t.true(equivalent([1, 2, 3], [uint(3), double(2), 1]));
  t.true(equivalent([[double(1)], [2, 3]], [[1], [2, double(3)]]));
  t.false(equivalent([2, 1], [1]));
  t.false(equivalent([1], [1, 2]));
  t.false(equivalent([1, 2], [uint(1), 2, double(2.3)]));
});

test('sets.intersects holds when the lists share an element', (t) => {
  t.false(intersects([], []));
  t.false(intersects([1], []));
  t.true(intersects([1], [1, 2]));
  t.true(intersects([1], [double(1), 2]));
  t.true(
    intersects(
      [[1], [2, 3]],
      [
        [1, 2],
        [2, double(3)],
      ],
    ),
  );
  t.false(intersects([1], [2]));
  t.false(intersects([1], ['1', 2]));
  t.false(intersects([1], [double(1.1), uint(2)]));
});

test('the set functions take two lists', (t) => {
  t.is(errorMessage(contains([1], 1)), 'no such overload: sets.contains');
  t.is(errorMessage(equivalent('ab', ['a'])), 'no such overload: sets.equivalent');
  t.is(errorMessage(intersects([1])), 'no such overload: sets.intersects');
  t.is(errorMessage(intersects([1], [1], [1])), 'no such overload: sets.intersects');
});

const element = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.integer({ min: -3, max: 3 }).map((n) => new CelDouble(n)),
  fc.constantFrom('a', 'b'),
);

test('the set relations agree with each other', (t) => {
  fc.assert(
    fc.property(fc.array(element, { maxLength: 8 }), fc.array(element, { maxLength: 8 }), (a, b) => {
      t.true(contains(a, a));
      t.true(contains([...a, ...b], b));
      t.is(equivalent(a, b), contains(a, b) === true && contains(b, a) === true);
      t.is(intersects(a, b), intersects(b, a));
      t.is(
        intersects(a, b),
        a.some((x) => contains(b, [x]) === true),
      );
      if (b.length > 0 && contains(a, b) === true) t.true(intersects(a, b));
    }),
  );
});

test('costs are size(a) x size(b) comparisons plus the call, equivalence counting twice', (t) => {
  const actual = (name: keyof typeof setCosts, a: unknown[], b: unknown[]): number => setCosts[name].actual([a, b] as CelValue[]);
  // Kubernetes' own figures, less the 10 each list literal costs.
  t.is(actual('sets.contains', [], []), 1);
  t.is(actual('sets.contains', [1], [1]), 2);
  t.is(actual('sets.contains', [1, 2, 3, 4], [2, 3]), 9);
  t.is(actual('sets.contains', [1, 2.0, 3], [1.0, 2, 3]), 10);
  t.is(actual('sets.equivalent', [1], [1, 1]), 5);
  t.is(actual('sets.equivalent', [1, 2, 3], [3, 2.0, 1]), 19);
  t.is(
    actual(
      'sets.intersects',
      [[1], [2, 3]],
      [
        [1, 2],
        [2, 3.0],
      ],
    ),
    5,
  );
  t.is(actual('sets.intersects', [1, 2], [2, 2, 2]), 7);
});
