import test from 'ava';
import { decodeStoredObject, encodeStoredObject, storedListJson, storedListJsonInSteps, storedObjectJson } from '../src/registry/stored-object.ts';
import type { KeyValue } from '../src/storage/storage.ts';

const encoder = new TextEncoder();
const kvOf = (value: Uint8Array, modRevision: number): KeyValue => ({ key: '/registry/configmaps/default/x', value, createRevision: 1, modRevision });

const configMap = {
  data: { greeting: 'h\u00e9llo "world"', nested: '{"metadata":{' },
  metadata: { name: 'x', namespace: 'default', resourceVersion: '7', labels: { app: 'a' } },
  apiVersion: 'v1',
  kind: 'ConfigMap',
};

test('an object is stored with kind, apiVersion and metadata first and without its resourceVersion', (t) => {
  const stored = new TextDecoder().decode(encodeStoredObject(configMap));
  t.true(stored.startsWith('{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"x"'));
  t.false(stored.includes('resourceVersion'));
});

test('a GET answer splices the revision into the stored bytes and reads back as the object at that revision', (t) => {
  const kv = kvOf(encodeStoredObject(configMap), 42);
  const text = storedObjectJson(kv, '\n').toString('utf8');
  t.true(text.endsWith('}\n'));
  const expected = { ...configMap, metadata: { ...configMap.metadata, resourceVersion: '42' } };
  t.deepEqual(JSON.parse(text), expected);
  t.deepEqual(decodeStoredObject(kv), expected);
});

test('an object with empty metadata gets a resourceVersion without a dangling comma', (t) => {
  const kv = kvOf(encodeStoredObject({ kind: 'Namespace', apiVersion: 'v1', metadata: {} }), 3);
  t.is(storedObjectJson(kv, '').toString(), '{"kind":"Namespace","apiVersion":"v1","metadata":{"resourceVersion":"3"}}');
});

test('bytes of another shape (written by another server, keys in another order, escapes) are decoded and re-encoded', (t) => {
  const shapes = [
    '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x","resourceVersion":"1"},"data":{"a":"b"}}',
    '{"kind":"Con\\u0066igMap","apiVersion":"v1","metadata":{"name":"x"},"data":{"a":"b"}}',
    '{"kind":"ConfigMap","apiVersion":"v1","data":{"a":"b"},"metadata":{"name":"x"}}',
    '{"kind":"ConfigMap","apiVersion":"v1"}',
  ];
  for (const shape of shapes) {
    const kv = kvOf(encoder.encode(shape), 9);
    const expected = JSON.parse(shape) as { metadata?: Record<string, unknown> };
    expected.metadata = { ...expected.metadata, resourceVersion: '9' };
    t.deepEqual(JSON.parse(storedObjectJson(kv, '').toString()), expected, shape);
    t.deepEqual(decodeStoredObject(kv), expected, shape);
    const { kind: _kind, apiVersion: _apiVersion, ...item } = expected as Record<string, unknown>;
    t.deepEqual(JSON.parse(storedListJson('[', [kv], ']').toString()), [item], shape);
  }
});

test('a list joins its items without kind and apiVersion, each at its own revision, between head and tail', (t) => {
  const items = [0, 1, 2].map((i) => kvOf(encodeStoredObject({ ...configMap, metadata: { name: `cm-${i}` } }), 10 + i));
  const list = JSON.parse(storedListJson('{"kind":"ConfigMapList","items":[', items, ']}\n').toString()) as { items: { metadata: Record<string, string>; kind?: string }[] };
  t.deepEqual(
    list.items.map((item) => [item.metadata.name, item.metadata.resourceVersion, item.kind]),
    [
      ['cm-0', '10', undefined],
      ['cm-1', '11', undefined],
      ['cm-2', '12', undefined],
    ],
  );
  t.is(storedListJson('{"items":[', [], ']}').toString(), '{"items":[]}');
});

test('a list joined in steps is the list joined at once, with a pause after every so many items of each pass', async (t) => {
  const items = Array.from({ length: 2500 }, (_, i) =>
    // Every hundredth value has another shape (a resourceVersion stored in it), which is re-encoded.
    kvOf(
      i % 100 === 0
        ? encoder.encode(JSON.stringify({ ...configMap, metadata: { name: `cm-${i}`, resourceVersion: '1' } }))
        : encodeStoredObject({ ...configMap, metadata: { name: `cm-${i}` } }),
      10 + i,
    ),
  );
  let pauses = 0;
  const stepwise = await storedListJsonInSteps('{"items":[', items, ']}\n', 1000, async () => void pauses++);
  t.deepEqual(stepwise, storedListJson('{"items":[', items, ']}\n'));
  // Sizing, then copying: a pause at items 1,000 and 2,000 of each.
  t.is(pauses, 4);
  t.is((JSON.parse(stepwise.toString()) as { items: unknown[] }).items.length, 2500);
});
