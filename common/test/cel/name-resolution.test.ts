// How the interpreter resolves names and chains of selections: variables with dotted names (the
// longest bound prefix wins), comprehension variables shadowing them, null as a bound value, type
// names, selections and indexes past an optional, and the lossy int/double ordering of cel-go.

import test from 'ava';
import { compileCel } from '../../src/cel/program.ts';
import { CelError, type CelOptional, types, type CelValue } from '../../src/cel/values/values.ts';

function evaluate(source: string, variables: Record<string, unknown> = {}): CelValue {
  const compiled = compileCel(source);
  if (!compiled.ok) throw new Error(compiled.issues.map((issue) => issue.message).join('; '));
  return compiled.program.evaluate(variables);
}

test('a dotted name is the variable of the longest bound prefix, with the rest selected from it', (t) => {
  t.is(evaluate('a.b.c', { 'a.b.c': 'whole' }), 'whole');
  t.is(evaluate('a.b.c', { 'a.b': { c: 'prefix' } }), 'prefix');
  t.is(evaluate('a.b.c', { 'a.b': { c: 'prefix' }, 'a.b.c': 'whole' }), 'whole');
  t.is(evaluate('a.b.c', { a: { b: { c: 'root' } } }), 'root');
  t.true(evaluate('has(a.b.c)', { 'a.b': { c: 1 } }));
  t.is((evaluate('a.b.c', {}) as CelError).message, 'no such attribute(s): a');
});

test('a comprehension variable shadows a dotted variable name', (t) => {
  t.deepEqual(evaluate('[{"b": 1}].map(a, a.b)', { 'a.b': 'global' }), [1]);
  t.deepEqual(evaluate('[1].map(x, a.b)', { 'a.b': 'global' }), ['global']);
});

test('null is a value a variable can be bound to', (t) => {
  t.true(evaluate('x == null', { x: null }));
});

test('type names, qualified ones included, denote types when no variable has the name', (t) => {
  t.true(evaluate('type(optional.none()) == optional_type'));
  t.true(evaluate("google.protobuf.Timestamp == type(timestamp('2009-02-13T23:31:30Z'))"));
  t.true(evaluate("google.protobuf.Duration == type(duration('1s'))"));
  t.is(evaluate('int', { int: 'shadowed' }), 'shadowed');
  t.is(evaluate('optional_type'), types.optional);
});

test('past an optional, selections and indexes are optional too, and has() tests the value', (t) => {
  t.is(evaluate("optional.of({'c': {'i': 'x'}}).c.i.orValue('d')"), 'x');
  t.is(evaluate("optional.of({'c': {}}).c.missing.orValue('d')"), 'd');
  t.is(evaluate("optional.of({'c': {'i': 'x'}}).c['i'].orValue('d')"), 'x');
  t.is(evaluate("optional.of(['v'])[0].orValue('d')"), 'v');
  t.is(evaluate("optional.of(['v'])[3].orValue('d')"), 'd');
  t.false((evaluate('{}.?x.y') as CelOptional).hasValue);
  t.false(evaluate('has({}.?x.y)'));
  t.true(evaluate("has({'x': {'y': 'z'}}.?x.y)"));
  t.false(evaluate("has({'foo': optional.none()}.foo.bar)"));
  t.true(evaluate("{'k': dyn(null)}.?k.invalid") instanceof CelError);
});

test('an int against a double compares as doubles, as cel-go does; ints and uints compare exactly', (t) => {
  t.false(evaluate('dyn(9223372036854775807) < 9223372036854775808.0'));
  t.true(evaluate('dyn(9223372036854775807) >= 9223372036854775808.0'));
  t.true(evaluate('dyn(9223372036854775808.0) <= 9223372036854775807'));
  t.true(evaluate('9223372036854775807 < 9223372036854775808u'));
  t.true(evaluate('9007199254740993 > 9007199254740992'));
  t.true(evaluate('dyn(1) < 1.5'));
});
