// The interpreter's core semantics on syntax trees built by hand (the parser has its own tests):
// error absorption of && and ||, int64 overflow, heterogeneous numeric equality, JSON values read
// as ints or doubles, code point sizes, comprehensions, and map and list access.

import test from 'ava';
import fc from 'fast-check';
import type { Constant, Expr } from '../../src/cel/syntax/ast.ts';
import { activationOf } from '../../src/cel/interpreter/activation.ts';
import { coreFunctions } from '../../src/cel/interpreter/functions.ts';
import { plan } from '../../src/cel/interpreter/plan.ts';
import { CelDouble, CelError, CelUint, type CelValue } from '../../src/cel/values/values.ts';

let nextId = 1;
const base = () => ({ id: nextId++, offset: 0 });
const lit = (value: Constant): Expr => ({ ...base(), type: 'const', value });
const int = (value: number | bigint): Expr => lit({ kind: 'int', value });
const str = (value: string): Expr => lit({ kind: 'string', value });
const bool = (value: boolean): Expr => lit({ kind: 'bool', value });
const id = (name: string): Expr => ({ ...base(), type: 'ident', name });
const call = (fn: string, ...args: Expr[]): Expr => ({ ...base(), type: 'call', function: fn, args });
const member = (target: Expr, fn: string, ...args: Expr[]): Expr => ({ ...base(), type: 'call', function: fn, target, args });
const select = (operand: Expr, field: string, testOnly = false): Expr => ({ ...base(), type: 'select', operand, field, testOnly });
const list = (...elements: Expr[]): Expr => ({ ...base(), type: 'list', elements, optionalIndices: [] });
/** The expansion of range.all(x, predicate), as the parser makes it. */
const all = (range: Expr, variable: string, predicate: Expr): Expr => ({
  ...base(),
  type: 'comprehension',
  iterVar: variable,
  iterRange: range,
  accuVar: '@result',
  accuInit: bool(true),
  loopCondition: call('@not_strictly_false', id('@result')),
  loopStep: call('_&&_', id('@result'), predicate),
  result: id('@result'),
});

const evaluate = (expr: Expr, variables: Record<string, unknown> = {}): CelValue => plan(expr, coreFunctions)(activationOf(variables));
const divideByZero = call('_/_', int(1), int(0));

test('&& and || absorb an error when the other side decides; otherwise the error is the result', (t) => {
  t.is(evaluate(call('_||_', bool(true), divideByZero)), true);
  t.is(evaluate(call('_||_', divideByZero, bool(true))), true);
  t.is(evaluate(call('_&&_', divideByZero, bool(false))), false);
  t.deepEqual(evaluate(call('_&&_', bool(true), divideByZero)), new CelError('division by zero'));
  t.deepEqual(evaluate(call('_?_:_', bool(false), divideByZero, int(2))), 2);
});

test('int64 arithmetic never wraps: overflow is an error, and the result is exact beyond 2^53', (t) => {
  t.deepEqual(evaluate(call('_+_', int(9223372036854775807n), int(1))), new CelError('integer overflow'));
  t.deepEqual(evaluate(call('-_', int(-9223372036854775808n))), new CelError('integer overflow'));
  t.deepEqual(evaluate(call('_*_', int(4294967296), int(4294967295))), new CelError('integer overflow'));
  t.is(evaluate(call('_*_', int(3037000499), int(3037000499))), 9223372030926249001n);
  t.is(evaluate(call('_+_', int(9007199254740991), int(2))), 9007199254740993n);
  t.is(evaluate(call('_/_', int(-7), int(2))), -3);
  t.is(evaluate(call('_%_', int(-7), int(2))), -1);
  fc.assert(
    fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (a, b) => {
      const exact = a + b;
      const result = evaluate(call('_+_', int(a), int(b)));
      if (exact < -(2n ** 63n) || exact > 2n ** 63n - 1n) t.true(result instanceof CelError);
      else t.is(BigInt(result as number | bigint), exact);
    }),
  );
});

test('numbers are equal across int, uint and double; other kinds are unequal, not an error', (t) => {
  const double = (value: number): Expr => lit({ kind: 'double', value });
  const uint = (value: number): Expr => lit({ kind: 'uint', value });
  t.is(evaluate(call('_==_', int(1), double(1))), true);
  t.is(evaluate(call('_==_', uint(1), int(1))), true);
  t.is(evaluate(call('_==_', list(int(1), uint(2)), list(double(1), int(2)))), true);
  t.is(evaluate(call('_==_', str('a'), int(1))), false);
  t.is(evaluate(call('_<_', int(1), double(1.5))), true);
  t.deepEqual(evaluate(call('_+_', int(1), double(1))), new CelError('no such overload'));
});

test('values from JSON: integral numbers are ints, others doubles; fields must exist unless tested with has()', (t) => {
  const self = { replicas: 3, ratio: 0.5, name: 'web-1' };
  t.is(evaluate(select(id('self'), 'replicas'), { self }), 3);
  t.deepEqual(evaluate(select(id('self'), 'ratio'), { self }), new CelDouble(0.5));
  t.deepEqual(evaluate(select(id('self'), 'missing'), { self }), new CelError('no such key: missing'));
  t.is(evaluate(select(id('self'), 'missing', true), { self }), false);
  t.is(evaluate(call('_&&_', call('_<=_', select(id('self'), 'replicas'), int(5)), member(select(id('self'), 'name'), 'startsWith', str('web-'))), { self }), true);
  t.deepEqual(evaluate(call('uint', int(-1))), new CelError('unsigned integer overflow'));
  t.deepEqual(evaluate(call('uint', int(7))), new CelUint(7));
});

test('size counts code points; comprehensions iterate lists, a false element deciding all() over errors', (t) => {
  t.is(evaluate(call('size', str('a😀b'))), 3);
  t.is(evaluate(all(list(int(1), int(2), int(3)), 'x', call('_>_', id('x'), int(0)))), true);
  // One false element decides all(), whatever error another element makes (1/0 here).
  t.is(evaluate(all(list(int(-1), int(0)), 'x', call('_>_', call('_/_', int(1), id('x')), int(0)))), false);
  t.deepEqual(evaluate(all(list(int(1), int(0)), 'x', call('_>_', call('_/_', int(1), id('x')), int(0)))), new CelError('division by zero'));
  t.is(evaluate(all(id('items'), 'i', call('_<_', call('size', id('i')), int(64))), { items: Array.from({ length: 100 }, (_, i) => `item-${i}`) }), true);
  t.deepEqual(evaluate(call('_[_]', list(int(1)), int(3))), new CelError('index out of bounds: 3'));
  t.is(evaluate(call('@in', str('env'), id('labels')), { labels: { env: 'prod' } }), true);
});
