// Protobuf answers made from stored JSON: a large one is encoded on a worker thread, a small one on
// the event loop, and both are the bytes the codec writes for the parsed JSON; an answer whose kind
// has no Protobuf message is left to go out as JSON.

import test from 'ava';
import { encodeProtobufObject } from '@capstan/common/protobuf';
import { loadProtobufCodec } from '../src/endpoints/protobuf-codec.ts';
import { closeWorkThreads } from '../src/endpoints/work-threads.ts';
import { protobufAnswersOnThreads, protobufWorkerThresholdBytes, storedJsonAsProtobuf } from '../src/endpoints/stored-protobuf.ts';

test.after.always(() => closeWorkThreads());

const configMapList = (items: number): Record<string, unknown> => ({
  kind: 'ConfigMapList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '42' },
  items: Array.from({ length: items }, (_, i) => ({
    metadata: { name: `cm-${i}`, namespace: 'default', uid: `uid-${i}`, resourceVersion: String(i + 1), creationTimestamp: '2026-11-28T04:25:08Z', labels: { i: String(i) } },
    data: { payload: 'x'.repeat(1024), big: '9007199254740993' },
  })),
});

test.serial('a list past the threshold is encoded on a worker thread, byte for byte as on the event loop', async (t) => {
  await loadProtobufCodec();
  const list = configMapList(400);
  const json = Buffer.from(JSON.stringify(list));
  t.true(json.length >= protobufWorkerThresholdBytes);
  const expected = Buffer.from(encodeProtobufObject(list));
  // The first starts the thread and waits for it.
  t.deepEqual(Buffer.from((await storedJsonAsProtobuf(json)) as Uint8Array), expected);
  t.is(protobufAnswersOnThreads(), 1);
  t.deepEqual(Buffer.from((await storedJsonAsProtobuf(json)) as Uint8Array), expected);
  t.is(protobufAnswersOnThreads(), 2);
});

test.serial('a small answer is encoded on the event loop; a kind without a Protobuf message answers undefined, large or small', async (t) => {
  await loadProtobufCodec();
  const list = configMapList(3);
  t.deepEqual(Buffer.from((await storedJsonAsProtobuf(Buffer.from(JSON.stringify(list)))) as Uint8Array), Buffer.from(encodeProtobufObject(list)));
  const custom = { kind: 'WidgetList', apiVersion: 'example.com/v1', metadata: {}, items: [{ spec: 'y'.repeat(protobufWorkerThresholdBytes) }] };
  t.is(await storedJsonAsProtobuf(Buffer.from(JSON.stringify({ ...custom, items: [] }))), undefined);
  t.is(await storedJsonAsProtobuf(Buffer.from(JSON.stringify(custom))), undefined);
});
