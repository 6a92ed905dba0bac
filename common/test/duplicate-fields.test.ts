// Repeated keys of a JSON text, named by path in the order they appear; escapes and spacing do
// not hide a repetition, and keys repeated in different objects are no repetition.

import test from 'ava';
import { duplicateFieldPaths } from '../src/json/duplicate-fields.ts';

test('a repeated key is named by its path, in document order, whatever its spelling and spacing', (t) => {
  t.deepEqual(duplicateFieldPaths('{"a":1,"b":{"c":[{"x":1,"x":2}],"c":"\\"q"},"a" : 3, "k\\u0041":1, "kA":2}'), ['b.c[0].x', 'b.c', 'a', 'kA']);
  t.deepEqual(duplicateFieldPaths('[1,2,{"a":[[{"b":1,"b":2}]]}]'), ['[2].a[0][0].b']);
});

test('the same key in sibling objects, and keys that only look alike inside strings, are no repetition', (t) => {
  t.deepEqual(duplicateFieldPaths('{"items":[{"name":"a"},{"name":"b"}],"note":"\\"name\\":1,\\"name\\":2"}'), []);
  t.deepEqual(duplicateFieldPaths('{}'), []);
  t.deepEqual(duplicateFieldPaths('"x"'), []);
});
