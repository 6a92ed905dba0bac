// kube's decoders read JSON nested up to 10,000 objects and arrays; parseJson refuses deeper texts
// in Go's words before it builds anything, and what reads a parsed text's keys does not recurse.

import test from 'ava';
import { JsonNestingDepthError, nestsDeeperThan, parseJson } from '../src/index.ts';
import { duplicateFieldPaths } from '../src/json/duplicate-fields.ts';

const nested = (depth: number, open = '[', close = ']'): string => `${open.repeat(depth)}${close.repeat(depth)}`;

test('10,000 levels parse; one more is Go’s "invalid character ... exceeded max depth", whichever bracket goes past', (t) => {
  t.true(Array.isArray(parseJson(nested(10_000))));
  t.throws(() => parseJson(nested(10_001)), { instanceOf: JsonNestingDepthError, message: "invalid character '[' exceeded max depth" });
  t.throws(() => parseJson(`{"a":${'['.repeat(9_999)}{"b":1}${']'.repeat(9_999)}}`), { message: "invalid character '{' exceeded max depth" });
  t.throws(() => parseJson('['.repeat(1_000_000)), { instanceOf: JsonNestingDepthError });
});

test('brackets inside strings are no nesting', (t) => {
  const text = JSON.stringify({ a: '['.repeat(20_000), b: '\\"[' });
  t.deepEqual(parseJson(text), JSON.parse(text));
});

test('repeated keys are found in a text nested 10,000 deep (no recursion on the JS stack)', (t) => {
  const text = `{"a":${'{"b":'.repeat(9_998)}{"c":1,"c":2}${'}'.repeat(9_998)}}`;
  const [path] = duplicateFieldPaths(text);
  t.true(path?.startsWith('a.b.b.b'));
  t.true(path?.endsWith('b.c'));
  t.deepEqual(duplicateFieldPaths(nested(10_000)), []);
});

test('the depth of a parsed value is measured without recursion: each object or array is a level', (t) => {
  t.false(nestsDeeperThan('text', 0));
  t.false(nestsDeeperThan({ a: [1, { b: 2 }] }, 3));
  t.true(nestsDeeperThan({ a: [1, { b: 2 }] }, 2));
  t.true(nestsDeeperThan(parseJson(`${'['.repeat(10_000)}${']'.repeat(10_000)}`), 9_999));
  t.false(nestsDeeperThan(parseJson(`${'['.repeat(10_000)}${']'.repeat(10_000)}`), 10_000));
});
