// Properties of Capstan's CBOR codec: whatever bytes arrive, the decoder answers a value or kube's
// CborDecodeError (never another exception, never a long stall), and what the encoder writes for a
// JSON value reads back as the same value.

import test from 'ava';
import fc from 'fast-check';
import { CborDecodeError, decodeCborObject, encodeCborAnswer } from '../src/codec/cbor/index.ts';

const decodesOrRefuses = (bytes: Uint8Array): boolean => {
  try {
    decodeCborObject(bytes);
    return true;
  } catch (error) {
    return error instanceof CborDecodeError;
  }
};

test('any bytes decode or are refused with a CborDecodeError', (t) => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), decodesOrRefuses), { numRuns: 20_000 });
  // Bytes that start like CBOR maps and strings reach deeper into the decoder.
  const head = fc.constantFrom(0xa1, 0xa2, 0xbf, 0x9f, 0x5f, 0x7f, 0xd6, 0xc0, 0xc1, 0xd9, 0xf9, 0xfb, 0x1b, 0x3b);
  fc.assert(
    fc.property(fc.array(fc.oneof(head, fc.integer({ min: 0, max: 255 })), { maxLength: 48 }), (bytes) => decodesOrRefuses(Uint8Array.from(bytes))),
    { numRuns: 20_000 },
  );
  t.pass();
});

test('a hostile body is refused fast: 3 MiB of nested indefinite arrays, a map of 1,025 pairs, lengths beyond the body', (t) => {
  const started = performance.now();
  const cases: [Uint8Array, string][] = [
    [new Uint8Array(3 * 1024 * 1024).fill(0x9f), 'cbor: exceeded max nested level 64'],
    [Buffer.from('b90401', 'hex'), 'cbor: exceeded max number of key-value pairs 1024 for CBOR map'],
    [Buffer.from('5b7fffffffffffffff', 'hex'), 'unexpected EOF'],
    [Buffer.concat([Buffer.from('9a00100000', 'hex'), Buffer.alloc(1000)]), 'cbor: exceeded max number of elements 1024 for CBOR array'],
  ];
  for (const [bytes, message] of cases) t.throws(() => decodeCborObject(bytes), { instanceOf: CborDecodeError, message });
  t.true(performance.now() - started < 1000);
});

/** JSON text with the keys of every object sorted. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

/** JSON values within kube's decode limits, with strings of any Unicode. */
const jsonValue = fc.jsonValue({ maxDepth: 6, stringUnit: 'grapheme' });

test('what the encoder writes for a JSON value decodes to the same value', (t) => {
  fc.assert(
    fc.property(fc.dictionary(fc.string({ unit: 'grapheme' }), jsonValue), (object) => {
      // Keys come back in kube's order; -0 is 0 in JSON.
      return sortedJson(decodeCborObject(encodeCborAnswer(object))) === sortedJson(object);
    }),
    { numRuns: 2_000 },
  );
  t.pass();
});
