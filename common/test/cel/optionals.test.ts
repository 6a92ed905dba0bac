// The optional types library's list functions (version 2, as Kubernetes 1.35 gets it): first, last,
// unwrapOpt and optional.unwrap, with cel-go's error for an element that is no optional.

import test from 'ava';
import { compileCel } from '../../src/cel/program.ts';
import { CelError, CelOptional, type CelValue } from '../../src/cel/values/values.ts';

function evaluate(source: string): CelValue {
  const compiled = compileCel(source);
  if (!compiled.ok) throw new Error(`${source}: ${compiled.issues.map((issue) => issue.message).join('; ')}`);
  return compiled.program.evaluate({});
}

test('first() and last() are the end elements of a list as optionals, none for an empty list', (t) => {
  t.deepEqual(evaluate('[1, 2, 3].first()'), new CelOptional(1));
  t.deepEqual(evaluate('[1, 2, 3].last()'), new CelOptional(3));
  t.deepEqual(evaluate('[].first()'), new CelOptional(undefined));
  t.deepEqual(evaluate('[].last()'), new CelOptional(undefined));
  t.is(evaluate("[{'a': 1}].first().value().a"), 1);
});

test('unwrapOpt() and optional.unwrap() keep the values of the present optionals, in order', (t) => {
  t.deepEqual(evaluate('[optional.of(1), optional.none(), optional.of(3)].unwrapOpt()'), [1, 3]);
  t.deepEqual(evaluate("optional.unwrap([optional.none(), optional.of('a')])"), ['a']);
  t.deepEqual(evaluate('optional.unwrap([])'), []);
});

test('an element that is no optional is an error naming it', (t) => {
  t.deepEqual(evaluate('[1].unwrapOpt()'), new CelError('value 1 is not optional'));
  t.deepEqual(evaluate("optional.unwrap([optional.of(1), 'x'])"), new CelError('value x is not optional'));
});
