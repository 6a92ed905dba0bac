// Repeated keys of a JSON text, named by path in the order they appear; escapes and spacing do
// not hide a repetition, and keys repeated in different objects are no repetition.

import test from 'ava';
import fc from 'fast-check';
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

// A JSON document written from a tree whose objects are lists of entries, so that keys may repeat;
// the repetitions are known from the tree itself, not from scanning text.
type Tree = { object: [string, Tree][] } | { array: Tree[] } | { scalar: string };

const written = (tree: Tree, space: string): string => {
  if ('scalar' in tree) return tree.scalar;
  if ('array' in tree) return `[${tree.array.map((item) => written(item, space)).join(`,${space}`)}]`;
  return `{${space}${tree.object.map(([key, value]) => `${JSON.stringify(key)}${space}:${written(value, space)}`).join(`${space},`)}}`;
};

function repeatedPaths(tree: Tree, path: string, out: string[]): string[] {
  if ('array' in tree) tree.array.forEach((item, i) => repeatedPaths(item, `${path}[${i}]`, out));
  if ('object' in tree) {
    const seen = new Set<string>();
    for (const [key, value] of tree.object) {
      const named = path === '' ? key : `${path}.${key}`;
      if (seen.has(key)) out.push(named);
      seen.add(key);
      repeatedPaths(value, named, out);
    }
  }
  return out;
}

test('property: the repeated keys of any document, in document order, however it is spaced', (t) => {
  const key = fc.constantFrom('a', 'b', 'a"', 'x\\', 'é', ' ', '', '{', ']');
  const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('1', 'true', 'null', '"s\\\\"', '"q\\""', '-2.5e3', '"]}"').map((scalar) => ({ scalar })),
      fc.array(fc.tuple(key, tie('tree')), { maxLength: 4 }).map((object) => ({ object })),
      fc.array(tie('tree'), { maxLength: 4 }).map((array) => ({ array })),
    ),
  }));
  fc.assert(
    fc.property(tree, fc.constantFrom('', ' ', '\n\t', '\r\n '), (document, space) => {
      t.deepEqual(duplicateFieldPaths(written(document, space)), repeatedPaths(document, '', []));
    }),
    { numRuns: 2000 },
  );
});
