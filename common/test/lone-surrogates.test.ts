// Go's JSON decoding reads an escaped surrogate without its partner as U+FFFD; so does parseJson,
// in values and keys, at any depth; pairs stay the character they encode.

import test from 'ava';
import { parseJson } from '../src/index.ts';

test('a lone surrogate escape reads as U+FFFD in strings and keys; a pair is its character', (t) => {
  t.deepEqual(parseJson('{"a":"x\\ud800y","\\udc00":["\\ud83d\\ude00","\\ud83d\\u0041"]}'), { a: 'x\ufffdy', '\ufffd': ['\u{1f600}', '\ufffdA'] });
  t.is(parseJson('"\\udfff"'), '\ufffd');
  t.is(JSON.stringify(parseJson('{"deep":[[[{"k\\ud800":"v"}]]]}')), '{"deep":[[[{"k\ufffd":"v"}]]]}');
});

test('a key made equal to another by the replacement keeps its place; "__proto__" stays a plain key', (t) => {
  const value = parseJson('{"\\ud800":1,"b":2,"\\udbff":3,"__proto__":{"x":"\\ud800"}}') as Record<string, unknown>;
  t.deepEqual(Object.keys(value), ['\ufffd', 'b', '__proto__']);
  t.is(value['\ufffd'], 3);
  t.is(Object.getPrototypeOf(value), Object.prototype);
  t.deepEqual(Object.getOwnPropertyDescriptor(value, '__proto__')?.value, { x: '\ufffd' });
});

test('an escaped backslash before "ud800" is no escape', (t) => {
  t.is(parseJson('"\\\\ud800"'), '\\ud800');
});
