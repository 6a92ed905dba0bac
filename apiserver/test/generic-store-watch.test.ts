import test, { type ExecutionContext } from 'ava';
import { GenericStore } from '../src/registry/generic-store.ts';
import type { ApiWatchEvent } from '../src/registry/store-watch.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
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
