import test, { type ExecutionContext } from 'ava';
import { GenericStore } from '../src/registry/generic-store.ts';
import type { ApiWatchEvent } from '../src/registry/store-watch.ts';
import { compileFieldSelector, type FieldSelector } from '../src/registry/field-selector.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { watchIndexesOf } from '../src/server/cached-prefixes.ts';
import { Cacher } from '../src/storage/cacher/cacher.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { makeTempDir } from './storage/temp-dir.ts';

const request = {
  namespace: 'default',
  resourceVersion: undefined,
  fieldSelector: undefined,
  anyRecentState: false,
  sendInitialEvents: false,
  initialEventsEndBookmark: false,
  allowWatchBookmarks: false,
  timeoutSeconds: undefined,
  labelSelector: undefined,
};

/** The store of configmaps over a fresh SQLite store and its watch cache, closed when the test ends. */
async function configMapStore(t: ExecutionContext, dirName: string): Promise<GenericStore> {
  const dir = makeTempDir(dirName);
  const cacher = new Cacher(new SqliteStore({ dataDir: dir.path }), { resourcePrefixes: ['/registry/configmaps/'] });
  t.teardown(async () => {
    await cacher.close();
    dir.remove();
  });
  await cacher.ready();
  const definition = builtinResources.find((d) => d.resource === 'configmaps' && d.group === '');
  if (definition === undefined) throw new Error('no configmaps declaration');
  return new GenericStore(definition, cacher);
}

test('every watcher of a change receives the same decoded object, so its bytes are encoded once', async (t) => {
  const store = await configMapStore(t, 'generic-watch');
  const received: ApiWatchEvent[][] = [[], []];
  const watches = await Promise.all(received.map((sink) => store.watch(request, (event) => void sink.push(event))));
  t.teardown(() => watches.forEach((w) => w.close()));
  await store.create('default', { metadata: { name: 'a' } });
  await store.delete('default', 'a');
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.deepEqual(
    received[0]?.map((e) => e.type),
    ['ADDED', 'DELETED'],
  );
  const objectOf = (event: ApiWatchEvent | undefined): unknown => (event !== undefined && 'object' in event ? event.object : undefined);
  t.is(objectOf(received[0]?.[0]), objectOf(received[1]?.[0]));
  t.is(objectOf(received[0]?.[1]), objectOf(received[1]?.[1]));
});

test('closeWatches ends every watch of a store no longer served, and any started on it later', async (t) => {
  const store = await configMapStore(t, 'generic-watch-close');
  const received: string[] = [];
  const open = await store.watch(request, (event) => void received.push(`open ${event.type}`));
  const closed = await store.watch(request, (event) => void received.push(`closed ${event.type}`));
  closed.close();
  store.closeWatches();
  t.deepEqual(received, ['open CLOSED']);
  await store.watch(request, (event) => void received.push(`late ${event.type}`));
  await new Promise((resolve) => setImmediate(resolve));
  t.deepEqual(received, ['open CLOSED', 'late CLOSED']);
  // Nothing more reaches a closed watch.
  await store.create('default', { metadata: { name: 'a' } });
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.deepEqual(received, ['open CLOSED', 'late CLOSED']);
  open.close();
});

test('pod watches narrowed to one spec.nodeName are indexed: each sees its node’s pods arrive and leave, a watcher of another node is sent nothing', async (t) => {
  const dir = makeTempDir('generic-watch-node-index');
  const definition = builtinResources.find((d) => d.resource === 'pods' && d.group === '');
  if (definition === undefined) throw new Error('no pods declaration');
  const cacher = new Cacher(new SqliteStore({ dataDir: dir.path }), { resourcePrefixes: ['/registry/pods/'], watchIndexes: watchIndexesOf([definition]) });
  t.teardown(async () => {
    await cacher.close();
    dir.remove();
  });
  await cacher.ready();
  const store = new GenericStore(definition, cacher);
  const allNamespaces = { ...request, namespace: undefined as string | undefined, fieldSelector: undefined as FieldSelector | undefined };
  const onNode = (selector: string) => ({ ...allNamespaces, fieldSelector: compileFieldSelector(definition, selector, undefined) });
  const seen = new Map<string, string[]>();
  const deletions: Promise<void>[] = [];
  const watchAs = async (label: string, watchRequest: typeof allNamespaces) => {
    const events: string[] = [];
    seen.set(label, events);
    let sawDeletion: () => void = () => {};
    deletions.push(new Promise<void>((resolve) => (sawDeletion = resolve)));
    const watch = await store.watch(watchRequest, (event) => {
      events.push(`${event.type} ${'object' in event ? ((event.object as { metadata?: { name?: string } }).metadata?.name ?? '') : ''}`);
      if (event.type === 'DELETED') sawDeletion();
    });
    t.teardown(() => watch.close());
  };
  await watchAs('node-a', onNode('spec.nodeName=node-a'));
  await watchAs('unbound', onNode('spec.nodeName='));
  await watchAs('everything', allNamespaces);
  // Beneath the selectors: what the watch cache itself sends a watcher of node-b.
  const sentToNodeB: string[] = [];
  const raw = cacher.watch('/registry/pods/', 0, (event) => void sentToNodeB.push(event.type), { indexValue: 'node-b' });
  t.teardown(() => raw.close());

  await store.create('default', { metadata: { name: 'web' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  // Bound as the binding subresource binds it: spec.nodeName set on the stored pod.
  await store.replaceWith('default', 'web', { metadata: { name: 'web' } }, (stored) => ({ ...stored, spec: { ...(stored.spec as object), nodeName: 'node-a' } }));
  await store.replaceWith('default', 'web', { metadata: { name: 'web' } }, (stored) => ({ ...stored, metadata: { ...(stored.metadata as object), labels: { ready: 'yes' } } }));
  await store.delete('default', 'web', { dryRun: false, gracePeriodSeconds: 0 });
  // The cache sends each event to all its watchers at once: node-b's would have had them by now.
  await Promise.all(deletions);
  t.deepEqual(seen.get('everything'), ['ADDED web', 'MODIFIED web', 'MODIFIED web', 'DELETED web']);
  t.deepEqual(seen.get('node-a'), ['ADDED web', 'MODIFIED web', 'DELETED web']);
  t.deepEqual(seen.get('unbound'), ['ADDED web', 'DELETED web']);
  t.deepEqual(sentToNodeB, []);
});
