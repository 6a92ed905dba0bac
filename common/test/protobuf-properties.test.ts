// Properties of the Protobuf reader on hostile bodies: client-go's own messages of every served
// kind (test/fixtures/clientgo-zero-values), with bytes changed, cut or inserted, decode to an
// object or are refused with the codec's own errors (which the API server answers as 400), never
// another exception and never a stall.

import test from 'ava';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeProtobufObject, declarationOfKind } from '../src/codec/protobuf/decode-object.ts';
import { ProtobufDecodeError } from '../src/codec/protobuf/decode-message.ts';
import { ProtobufEnvelopeError } from '../src/codec/protobuf/unknown-envelope.ts';

interface Fixture {
  readonly apiVersion: string;
  readonly kind: string;
  readonly protobuf: string;
}

const bodies = (JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'clientgo-zero-values', 'objects.json'), 'utf8')) as Fixture[])
  .filter((fixture) => declarationOfKind(fixture.apiVersion, fixture.kind) !== undefined)
  .map((fixture) => Buffer.from(fixture.protobuf, 'base64'));

/** The body with some bytes replaced, then cut at `end` (a share of its length) and `insert` put at `at`. */
const mutation = fc.record({
  body: fc.integer({ min: 0, max: bodies.length - 1 }),
  changes: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 4 }),
  end: fc.double({ min: 0, max: 1, noNaN: true }),
  insert: fc.uint8Array({ maxLength: 8 }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutated({ body, changes, end, insert, at }: Mutation): Uint8Array {
  const bytes = Buffer.from(bodies[body] as Buffer);
  // The first 4 bytes are the "k8s\0" prefix: changing them only tests the prefix check.
  for (const change of changes) bytes[4 + Math.floor(change.at * (bytes.length - 4))] = change.byte;
  const kept = bytes.subarray(0, 4 + Math.floor(end * (bytes.length - 4)) + 1);
  const split = 4 + Math.floor(at * (kept.length - 4));
  return Buffer.concat([kept.subarray(0, split), insert, kept.subarray(split)]);
}

test('a client-go message with bytes changed, cut or inserted decodes to an object or is refused with a Protobuf error', (t) => {
  const started = performance.now();
  fc.assert(
    fc.property(mutation, (input) => {
      try {
        const object = decodeProtobufObject(mutated(input));
        return typeof object === 'object' && object !== null && JSON.stringify(object) !== undefined;
      } catch (error) {
        return error instanceof ProtobufDecodeError || error instanceof ProtobufEnvelopeError;
      }
    }),
    { numRuns: 5_000 },
  );
  t.true(performance.now() - started < 60_000);
});
