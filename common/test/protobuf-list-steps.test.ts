// A Protobuf list joined from its items' messages in steps (so that a list of thousands lets other
// clients in between) is byte for byte the list joined at once, and the list a client decodes.

import test from 'ava';
import { decodeProtobufObject, encodeItemMessage, encodeListOfItemMessages, encodeListOfItemMessagesInSteps, encodeProtobufObject } from '../src/codec/protobuf/index.ts';

test('a list joined in steps is the list joined at once, pausing after every so many items', async (t) => {
  const items = Array.from({ length: 2500 }, (_, i) => ({ metadata: { name: `cm-${i}`, namespace: 'default', resourceVersion: String(10 + i) }, data: { key: `value-${i}` } }));
  const messages = items.map((item) => encodeItemMessage('v1', 'ConfigMap', item));
  const metadata = { resourceVersion: '3000' };
  let pauses = 0;
  const stepwise = await encodeListOfItemMessagesInSteps('v1', 'ConfigMapList', metadata, messages, 1000, async () => void pauses++);
  t.is(pauses, 2);
  t.deepEqual(Buffer.from(stepwise), Buffer.from(encodeListOfItemMessages('v1', 'ConfigMapList', metadata, messages)));
  // The same bytes as the whole list encoded as one object.
  t.deepEqual(Buffer.from(stepwise), Buffer.from(encodeProtobufObject({ apiVersion: 'v1', kind: 'ConfigMapList', metadata, items })));
  const decoded = decodeProtobufObject(stepwise) as { items: { metadata: { name: string } }[] };
  t.deepEqual(
    decoded.items.map((item) => item.metadata.name),
    items.map((item) => item.metadata.name),
  );
});
