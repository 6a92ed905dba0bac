// The in-place Protobuf writer writes the very bytes protobufjs' Writer writes, for every kind of
// value and for nested messages on both sides of the one-byte length boundary.

import test from 'ava';
import protobuf from 'protobufjs/minimal.js';
import { MessageWriter } from '../src/codec/protobuf/message-writer.ts';

type Step = (writer: {
  uint32(v: number): unknown;
  int32(v: number): unknown;
  int64(v: number): unknown;
  bool(v: boolean): unknown;
  double(v: number): unknown;
  string(v: string): unknown;
  bytes(v: Uint8Array): unknown;
  fork(): unknown;
  ldelim(): unknown;
}) => void;

function both(steps: readonly Step[]): [Uint8Array, Uint8Array] {
  const reference = protobuf.Writer.create();
  const ours = new MessageWriter(16);
  for (const step of steps) {
    step(reference as unknown as Parameters<Step>[0]);
    step(ours);
  }
  return [Buffer.from(ours.finish()), Buffer.from(reference.finish())];
}

test('scalars are written as protobufjs writes them, negative int32 and int64 sign-extended to ten bytes', (t) => {
  const values = [0, 1, 127, 128, 300, 16383, 16384, 2 ** 31 - 1, 2 ** 32 - 1];
  for (const value of values) t.deepEqual(...both([(w) => w.uint32(value)]), `uint32 ${value}`);
  for (const value of [0, 1, -1, -128, 2 ** 31 - 1, -(2 ** 31)]) t.deepEqual(...both([(w) => w.int32(value)]), `int32 ${value}`);
  for (const value of [0, 1, -1, 2 ** 32, 2 ** 32 + 5, -(2 ** 32), -(2 ** 32) - 7, 2 ** 53 - 1, -(2 ** 53 - 1), 1_700_000_000_123]) {
    t.deepEqual(...both([(w) => w.int64(value)]), `int64 ${value}`);
  }
  t.deepEqual(...both([(w) => w.bool(true), (w) => w.bool(false), (w) => w.double(0.1), (w) => w.double(-1e300)]));
});

test('strings and bytes of every length class, multi-byte characters included', (t) => {
  for (const length of [0, 1, 42, 127, 128, 129, 16383, 16384, 70_000]) {
    const text = 'é€x'.repeat(Math.ceil(length / 3)).slice(0, length);
    t.deepEqual(...both([(w) => w.string(text)]), `string of ${length}`);
    t.deepEqual(...both([(w) => w.bytes(Buffer.alloc(length, 7))]), `bytes of ${length}`);
  }
});

test('nested messages below and beyond 128 and 16384 bytes, several deep, with growth of the buffer', (t) => {
  const nested = (depth: number, payload: number): Step[] =>
    depth === 0
      ? [(w) => w.uint32(10), (w) => w.string('p'.repeat(payload))]
      : [(w) => w.uint32(18), (w) => w.fork(), ...nested(depth - 1, payload), (w) => w.uint32(24), (w) => w.int64(-5), (w) => w.ldelim()];
  for (const payload of [0, 100, 126, 127, 200, 16_370, 20_000]) {
    for (const depth of [1, 2, 5]) t.deepEqual(...both(nested(depth, payload)), `depth ${depth}, payload ${payload}`);
  }
});

test('an unbalanced fork is a programming error', (t) => {
  const writer = new MessageWriter();
  writer.fork();
  t.throws(() => writer.finish(), { message: /unended fork/ });
  t.throws(() => new MessageWriter().ldelim(), { message: /without fork/ });
});
