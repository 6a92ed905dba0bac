// The repeated keys of a YAML text, found with one set per mapping, are the ones the yaml package's
// own check (uniqueKeys, which compares every key with every earlier one) reports, at the same lines.

import test from 'ava';
import { parseDocument } from 'yaml';
import { yamlDuplicateKeys } from '../src/endpoints/yaml-duplicate-keys.ts';

/** The yaml package's own duplicate-key errors: the oracle, fine for small texts. */
function packageDuplicates(text: string): string[] {
  return parseDocument(text, { version: '1.1', uniqueKeys: true, logLevel: 'silent' })
    .errors.filter((error) => error.code === 'DUPLICATE_KEY')
    .map((error) => `line ${error.linePos?.[0]?.line ?? 0}`);
}

const texts = [
  'a: 1\nb: 2\na: 3\n',
  'metadata:\n  name: x\n  labels:\n    a: b\n    a: c\n  name: y\n',
  '{"a": 1, "b": {"c": 1, "c": 2}, "a": 2}',
  'list:\n- a: 1\n  a: 2\n- {b: 1, b: 2, "b": 3}\n',
  '\'q\': 1\n"q": 2\nq: 3\n',
  '1: a\n"1": b\n1: c\ntrue: x\nyes: y\n',
  'x: {}\ny: [1, 2]\nz: {m: 1}\n',
  'a: 1\n',
];

for (const text of texts) {
  test(`the repeated keys of ${JSON.stringify(text)}`, (t) => {
    const found = yamlDuplicateKeys(text);
    t.deepEqual(
      found.map((message) => message.split(':')[0]),
      packageDuplicates(text),
    );
    for (const message of found) t.regex(message, /^line \d+: key ".*" already set in map$/);
  });
}

test('a mapping of 100,000 keys with one repeated is read once: the repeat, by its line', (t) => {
  const lines = Array.from({ length: 100_000 }, (_, i) => `  key-${i}: v`);
  const text = `metadata:\n  labels:\n${lines.join('\n')}\n  key-5: again\n`;
  t.deepEqual(yamlDuplicateKeys(text), ['line 100003: key "key-5" already set in map']);
});
