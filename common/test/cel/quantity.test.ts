// Kubernetes' quantity library in CEL, with apimachinery's exact quantities underneath: parse
// errors, canonical forms, what counts as an integer (which depends on how apimachinery stores the
// amount), approximate floats, add and sub with their formats and overflows, comparisons, the
// equality quirk of add/sub results, and costs. Expected values are Kubernetes 1.35's.

import test from 'ava';
import fc from 'fast-check';
import { CelQuantity, quantityCosts, quantityFunctions, quantityType } from '../../src/cel/library/quantity.ts';
import { equalValues } from '../../src/cel/values/compare.ts';
import { CelDouble, CelError, typeOf, type CelValue } from '../../src/cel/values/values.ts';

const global = (name: string, ...args: CelValue[]): CelValue => quantityFunctions.get(name)!.global!(args);
const member = (name: string, target: CelValue, ...args: CelValue[]): CelValue => quantityFunctions.get(name)!.member!([target, ...args]);
const quantity = (text: string): CelValue => global('quantity', text);
const float = (value: CelValue): number => (value as CelDouble).value;
const formatError = new CelError("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
const notInteger = new CelError('cannot convert value to integer');

test("quantity() parses, and refuses with apimachinery's three messages", (t) => {
  t.true(quantity('12Mi') instanceof CelQuantity);
  t.is(typeOf(quantity('1')), quantityType);
  t.is(quantityType.name, 'kubernetes.Quantity');
  for (const text of ['10Mo', '', 'Three', '1,3G', '1.1.M', '1+1.0M', ' 1', '1 ', '1e+-3']) t.deepEqual(quantity(text), formatError, text);
  for (const text of ['10Mm', '200K', '1e', '-3.01e-', '0.1mi', '1ki']) t.deepEqual(quantity(text), new CelError("unable to parse quantity's suffix"), text);
  t.deepEqual(quantity('Pi'), new CelError('unable to parse numeric part of quantity'));
  // Odd but true: no digits at all is zero when the fast path takes it.
  t.is(String(quantity('Mi')), '0');
  t.is(String(quantity('.')), '0');
  t.is(String(quantity('+')), '0');
});

test('isQuantity answers whether quantity() would succeed', (t) => {
  for (const text of ['20', '20M', '20Mi', '1.3G', '1.3Gi', '10000k', '1.G', '.001', 'Mi']) t.true(global('isQuantity', text), text);
  for (const text of ['20Mo', '10Mm', '1,3G', '200K', 'Three', '']) t.false(global('isQuantity', text), text);
});

test('quantities print in canonical form, or as written when that already looked canonical', (t) => {
  const cases: Array<[string, string]> = [
    ['1.5Gi', '1536Mi'],
    ['1024Ki', '1Mi'],
    ['0.5Mi', '512Ki'],
    ['100.035Ki', '102435840m'],
    ['0.000000000001Ki', '2n'],
    ['1500m', '1500m'],
    ['1.5', '1500m'],
    ['2000', '2k'],
    ['.001', '1m'],
    ['8Ei', '9223372036854775807'],
    ['-0', '0'],
    // Kept as written.
    ['+1', '+1'],
    ['01Ki', '01Ki'],
    ['1E3', '1E3'],
    ['12E', '12E'],
    ['1.G', '1.G'],
  ];
  for (const [text, canonical] of cases) t.is(String(quantity(text)), canonical, text);
});

test('isInteger and asInteger follow how apimachinery stores the amount', (t) => {
  const integers: Array<[string, number | bigint]> = [
    ['50k', 50000],
    ['50', 50],
    ['1Ti', 1099511627776],
    ['50000000G', 50000000000000000n],
    ['123456789012345678', 123456789012345678n],
    ['1e18', 1000000000000000000n],
    ['0e400', 0],
  ];
  for (const [text, value] of integers) {
    t.true(member('isInteger', quantity(text)), text);
    t.is(member('asInteger', quantity(text)), value, text);
  }
  // Negative scales, inf.Dec storage (more than 18 digits, Pi and Ei) and overflow are no integers.
  for (const text of ['1000m', '1.0', '1234567890123456789', '9223372036854775807', '1Pi', '1Ei', '8Ei', '1e19', '1e400', '0.1n', '9999999999999999999999999999999999999G']) {
    t.false(member('isInteger', quantity(text)), text);
    t.deepEqual(member('asInteger', quantity(text)), notInteger, text);
  }
});

test("asApproximateFloat multiplies the stored integer by Go's Pow10 of its exponent", (t) => {
  t.is(float(member('asApproximateFloat', quantity('50.703k'))), 50703);
  t.is(float(member('asApproximateFloat', quantity('1000m'))), 1);
  t.is(float(member('asApproximateFloat', quantity('100.035Ki'))), 102435.84000000001);
  t.is(float(member('asApproximateFloat', quantity('1Ei'))), 1152921504606847000);
  t.is(float(member('asApproximateFloat', quantity('1e-400'))), 1e-9);
  t.is(float(member('asApproximateFloat', quantity('1e400'))), Infinity);
  t.true(Number.isNaN(float(member('asApproximateFloat', quantity('0e400')))));
});

test('sign is a global function of a quantity', (t) => {
  t.is(global('sign', quantity('-1')), -1);
  t.is(global('sign', quantity('0')), 0);
  t.is(global('sign', quantity('1n')), 1);
  t.is(quantityFunctions.get('sign')!.member, undefined);
});

test("Kubernetes' examples of arithmetic and comparison", (t) => {
  const add = (a: string, b: CelValue) => member('add', quantity(a), typeof b === 'string' ? quantity(b) : b);
  const sub = (a: string, b: CelValue) => member('sub', quantity(a), typeof b === 'string' ? quantity(b) : b);
  t.true(equalValues(add('50k', '20'), quantity('50.02k')));
  t.false(member('isLessThan', add('50k', 20), quantity('50020')) as boolean);
  t.true(equalValues(sub('50k', '20'), quantity('49.98k')));
  t.true(equalValues(sub('50k', 20), quantity('49980')));
  t.is(member('asInteger', member('sub', add('50k', 20), quantity('100k'))), -49980);
  t.is(member('asInteger', member('sub', member('sub', add('50k', 20), quantity('100k')), -50000)), 20);
  t.is(member('compareTo', quantity('200M'), quantity('0.2G')), 0);
  t.is(member('compareTo', quantity('50M'), quantity('50Mi')), -1);
  t.is(member('compareTo', quantity('50Mi'), quantity('50M')), 1);
  t.true(member('isGreaterThan', quantity('150Mi'), quantity('100Mi')));
  t.false(member('isGreaterThan', quantity('50Mi'), quantity('100Mi')));
  t.true(member('isLessThan', quantity('50M'), quantity('100M')));
  t.false(member('isLessThan', quantity('100M'), quantity('50M')));
});

test("a sum keeps the receiver's format, or takes the operand's when the receiver is zero", (t) => {
  t.is(String(member('add', quantity('0'), 1000)), '1e3');
  t.is(String(member('sub', quantity('0'), 1000)), '-1e3');
  t.is(String(member('add', quantity('1'), 1000)), '1001');
  t.is(String(member('add', quantity('0'), quantity('1Ki'))), '1Ki');
  t.is(String(member('sub', quantity('0'), quantity('1Ki'))), '-1Ki');
  t.is(String(member('add', quantity('50k'), 20)), '50020');
});

test('sums past int64 move to exact decimals; subtracting the most negative int64 wraps as in 1.35', (t) => {
  const big = member('add', quantity('9223372036854775807'), quantity('1'));
  t.is(String(big), '9223372036854775808');
  t.false(member('isInteger', big));
  t.is(String(member('add', quantity('9e18'), quantity('9e18'))), '18e18');
  t.is(String(member('sub', quantity('0'), -9223372036854775808n)), '-9223372036854775808');
  t.is(String(member('sub', quantity('1'), -9223372036854775808n)), '-9223372036854775807');
  t.is(String(member('sub', quantity('1e400'), quantity('1'))), '9'.repeat(400));
  t.deepEqual(member('add', quantity('1e200000'), quantity('1')), new CelError('quantity out of range'));
});

test('equality compares values; an add or sub result on the right is a "no such overload" error', (t) => {
  t.true(equalValues(quantity('200M'), quantity('200M')));
  t.true(equalValues(quantity('200M'), quantity('0.2G')));
  t.true(equalValues(quantity('2000k'), quantity('2M')));
  t.false(equalValues(quantity('200M'), quantity('0.3G')));
  const sum = member('add', quantity('0'), 1);
  t.true(equalValues(sum, quantity('1')));
  t.deepEqual(equalValues(quantity('1'), sum), new CelError('no such overload'));
  t.deepEqual(equalValues(sum, member('add', quantity('0'), 1)), new CelError('no such overload'));
});

test('the functions answer no such overload for arguments of other kinds', (t) => {
  t.deepEqual(global('isQuantity', [1, 2, 3]), new CelError('no such overload: isQuantity'));
  t.deepEqual(global('quantity', 12), new CelError('no such overload: quantity'));
  t.deepEqual(member('add', quantity('1'), '20k'), new CelError('no such overload: add'));
  t.deepEqual(member('sub', quantity('1'), new CelDouble(1)), new CelError('no such overload: sub'));
  t.deepEqual(member('compareTo', quantity('1'), 1), new CelError('no such overload: compareTo'));
  t.deepEqual(member('isInteger', '1'), new CelError('no such overload: isInteger'));
});

test("costs, as Kubernetes' cost tests count them", (t) => {
  t.is(quantityCosts.quantity.actual(['12Mi']), 1);
  t.is(quantityCosts.isQuantity.actual(['20M']), 1);
  t.is(quantityCosts.quantity.actual(['9999999999999999999999999999999999999G']), 4);
  for (const name of ['sign', 'isInteger', 'asInteger', 'asApproximateFloat', 'add', 'sub', 'isLessThan', 'isGreaterThan', 'compareTo'] as const) {
    t.is(quantityCosts[name].actual(), 1, name);
  }
});

const quantityText = fc
  .tuple(fc.constantFrom('', '-'), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.constantFrom('', 'm', 'k', 'M', 'G', 'Ki', 'Mi', 'Gi', 'e3', 'e-2', 'n', 'E'))
  .map(([sign, digits, suffix]) => `${sign}${digits}${suffix}`);

test('compareTo is antisymmetric and agrees with isLessThan, isGreaterThan and equality', (t) => {
  fc.assert(
    fc.property(quantityText, quantityText, (a, b) => {
      const x = quantity(a);
      const y = quantity(b);
      const order = member('compareTo', x, y);
      return (
        member('compareTo', y, x) === -(order as number) &&
        member('isLessThan', x, y) === (order === -1) &&
        member('isGreaterThan', x, y) === (order === 1) &&
        equalValues(x, y) === (order === 0)
      );
    }),
  );
  t.pass();
});

test('adding then subtracting the same quantity gives back an equal quantity', (t) => {
  fc.assert(
    fc.property(quantityText, quantityText, (a, b) => {
      const x = quantity(a);
      const y = quantity(b);
      return member('compareTo', member('sub', member('add', x, y), y), x) === 0 && global('sign', member('sub', x, x)) === 0;
    }),
  );
  t.pass();
});
