// Label keys and values: the one-test path for plain labels answers what the full checks answer.

import test from 'ava';
import fc from 'fast-check';
import { fieldInvalid } from '@capstan/common';
import { isQualifiedName, isValidLabelValue } from '../src/registry/validation/value-formats.ts';
import { labelErrors } from '../src/registry/validation/object-meta-validation.ts';

const fullChecks = (labels: Record<string, unknown>) =>
  Object.entries(labels).flatMap(([key, value]) => [
    ...isQualifiedName(key).map((message) => fieldInvalid('metadata.labels', key, message)),
    ...isValidLabelValue(String(value)).map((message) => fieldInvalid('metadata.labels', String(value), message)),
  ]);

const labelText = fc.oneof(
  fc.stringMatching(/^[-A-Za-z0-9_./é]{0,70}$/),
  fc.constantFrom('', 'a', '-a', 'a-', 'a'.repeat(63), 'a'.repeat(64), 'é'.repeat(32), 'example.com/name', '/name', 'x/', 'a/b/c', 'Example.COM/n', '_a'),
);

test('label errors are the full checks of every key and value, valid or not', (t) => {
  fc.assert(
    fc.property(fc.dictionary(labelText, fc.oneof(labelText, fc.integer(), fc.constant(null)), { maxKeys: 8 }), (labels) => {
      t.deepEqual(labelErrors(labels, 'metadata.labels'), fullChecks(labels));
    }),
    { numRuns: 500 },
  );
});

test('100,000 plain labels are valid', (t) => {
  const labels = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key-${i}`, `value-${i}`]));
  t.deepEqual(labelErrors(labels, 'metadata.labels'), []);
});
