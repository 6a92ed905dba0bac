import test from 'ava';
import { Cacher } from '../../src/storage/cacher/cacher.ts';
import { encodeOnce } from '../../src/storage/cacher/event-encoding.ts';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import { isStorageError } from '../../src/storage/storage-error.ts';
import type { ListOptions, Revision, WatchEvent, WatchListener } from '../../src/storage/storage.ts';
import { makeTempDir } from './temp-dir.ts';
import { bytes, sleep, WatchRecorder } from './watch-recorder.ts';

/** The real store, with a count of the reads and watches that reach it. */
class CountedStore extends SqliteStore {
  lists = 0;
  watches = 0;
  override list(prefix: string, options?: ListOptions) {
    this.lists++;
    return super.list(prefix, options);
  }
  override watch(prefix: string, fromRevision: Revision, listener: WatchListener) {
    this.watches++;
    return super.watch(prefix, fromRevision, listener);
  }
}

async function open(t: import('ava').ExecutionContext, ringCapacity?: number): Promise<{ store: CountedStore; cacher: Cacher }> {
  const dir = makeTempDir('cacher');
  const store = new CountedStore({ dataDir: dir.path });
  const cacher = new Cacher(store, { resourcePrefixes: ['/registry/pods/'], ...(ringCapacity ? { ringCapacity } : {}) });
  t.teardown(async () => {
    await cacher.close();
    dir.remove();
  });
  await cacher.ready();
  return { store, cacher };
}

test('cacher: 100 watchers share one store watch and each event is encoded once', async (t) => {
  const { store, cacher } = await open(t);
  const watchesBefore = store.watches;
  let encodings = 0;
  const encode = (event: WatchEvent): Uint8Array => {
    encodings++;
    return bytes(JSON.stringify(event.type));
  };
  const received = Array.from({ length: 100 }, () => [] as Uint8Array[]);
  const watches = received.map((sink) =>
    cacher.watch('/registry/pods/', 0, (event) => {
      sink.push(encodeOnce(event, 'json', encode));
    }),
  );
  t.teardown(() => watches.forEach((w) => w.close()));
  await sleep(20);
  for (let i = 0; i < 50; i++) await cacher.create(`/registry/pods/default/p${i}`, bytes('{}'));
  await sleep(50);
  t.is(store.watches, watchesBefore, 'no watch reached the store');
  for (const sink of received) t.is(sink.length, 50);
  t.is(encodings, 50);
  t.is(received[0]?.[0], received[99]?.[0], 'every watcher got the same bytes');
});

test('cacher: lists of the cached resource are answered from memory, consistently', async (t) => {
  const { store, cacher } = await open(t);
  for (let i = 0; i < 10; i++) await cacher.create(`/registry/pods/ns${i % 2}/p${i}`, bytes(String(i)));
  const listsBefore = store.lists;
  const all = await cacher.list('/registry/pods/');
  const ns1 = await cacher.list('/registry/pods/ns1/');
  const page = await cacher.list('/registry/pods/', { limit: 4 });
  const notOlder = await cacher.list('/registry/pods/', { minRevision: 1 });
  t.is(store.lists, listsBefore);
  t.is(all.items.length, 10);
  t.is(ns1.items.length, 5);
  t.deepEqual([page.items.length, page.more, page.remaining], [4, true, 6]);
  t.is(notOlder.items.length, 10);
  t.is(all.revision, await store.currentRevision());
  // A consistent list sees a write acknowledged just before it.
  await cacher.create('/registry/pods/ns0/late', bytes('x'));
  t.is((await cacher.list('/registry/pods/')).items.length, 11);
  // A second page of a snapshot the cache no longer holds is read from the store at that revision.
  const next = await cacher.list('/registry/pods/', { limit: 4, continueAfter: page.items[3]?.key, revision: page.revision });
  t.is(next.revision, page.revision);
  t.deepEqual(
    next.items.map((kv) => kv.key),
    all.items.slice(4, 8).map((kv) => kv.key),
  );
  t.true(store.lists > listsBefore);
});

test('cacher: keys outside the cached resources go straight to the store', async (t) => {
  const { store, cacher } = await open(t);
  await cacher.create('/registry/nodes/n1', bytes('x'));
  const before = store.lists;
  t.is((await cacher.list('/registry/nodes/')).items.length, 1);
  t.is(store.lists, before + 1);
});

test('cacher: a watch resuming from before the ring is served by the store without a gap', async (t) => {
  const { store, cacher } = await open(t, 8);
  const first = await cacher.create('/registry/pods/default/p0', bytes('x'));
  for (let i = 1; i < 30; i++) await cacher.create(`/registry/pods/default/p${i}`, bytes('x'));
  await sleep(20);
  const watchesBefore = store.watches;
  const recent = new WatchRecorder(cacher, '/registry/pods/', first.modRevision + 25);
  const old = new WatchRecorder(cacher, '/registry/pods/', first.modRevision);
  t.teardown(() => {
    recent.close();
    old.close();
  });
  await recent.untilChanges(4);
  await old.untilChanges(29);
  t.is(store.watches, watchesBefore + 1, 'only the old resume reached the store');
  const revisions = old.changes.map((e) => (e.type === 'ADDED' ? e.revision : 0));
  t.deepEqual(
    revisions,
    Array.from({ length: 29 }, (_, i) => first.modRevision + 1 + i),
  );
});

test('cacher: a NotOlderThan read waits for the cache to reach the revision', async (t) => {
  const { cacher } = await open(t);
  const current = await cacher.currentRevision();
  const reading = cacher.get('/registry/pods/default/a', { minRevision: current + 1 });
  await sleep(20);
  await cacher.create('/registry/pods/default/a', bytes('x'));
  const got = await reading;
  t.true(got.revision >= current + 1);
  t.is(got.kv?.key, '/registry/pods/default/a');
});

/** The real store, whose watches can be held back to make the cache lag behind it. */
class LaggingStore extends SqliteStore {
  held = false;
  readonly #backlog: (() => void)[] = [];
  override watch(prefix: string, fromRevision: Revision, listener: WatchListener) {
    return super.watch(prefix, fromRevision, (event) => {
      if (!this.held) return listener(event);
      this.#backlog.push(() => listener(event));
      return true;
    });
  }
  release(): void {
    this.held = false;
    for (const deliver of this.#backlog.splice(0)) deliver();
  }
}

test('cacher: a consistent list falls back to the store when the cache cannot catch up in time', async (t) => {
  const dir = makeTempDir('cacher-lag');
  const store = new LaggingStore({ dataDir: dir.path });
  const cacher = new Cacher(store, { resourcePrefixes: ['/registry/pods/'], freshnessWaitMs: 100 });
  t.teardown(async () => {
    await cacher.close();
    dir.remove();
  });
  await cacher.ready();
  store.held = true;
  const written = await cacher.create('/registry/pods/default/a', bytes('x'));
  const consistent = await cacher.list('/registry/pods/');
  t.deepEqual(
    consistent.items.map((kv) => kv.key),
    ['/registry/pods/default/a'],
  );
  t.true(consistent.revision >= written.modRevision);
  // NotOlderThan has no such way out: the cache must get there, or the read is too new.
  const error = await t.throwsAsync(cacher.list('/registry/pods/', { minRevision: written.modRevision }));
  t.true(isStorageError(error, 'FutureRevision'));
  store.release();
  const fresh = await cacher.list('/registry/pods/', { minRevision: written.modRevision });
  t.is(fresh.items.length, 1);
});

test('cacher: a progress request on an idle resource carries the store revision, so bookmarks stay resumable after compaction', async (t) => {
  const { cacher } = await open(t);
  await cacher.create('/registry/pods/default/p', bytes('{}'));
  const progress: Revision[] = [];
  const watch = cacher.watch('/registry/pods/', 0, (event) => {
    if (event.type === 'PROGRESS') progress.push(event.revision);
  });
  t.teardown(() => watch.close());
  await sleep(20);
  // Only another resource changes: the pods' cache sees no event of its own.
  for (let i = 0; i < 5; i++) await cacher.create(`/registry/leases/n${i}`, bytes('{}'));
  const current = await cacher.currentRevision();
  watch.requestProgress();
  await sleep(50);
  t.deepEqual(progress, [current]);
  await cacher.compact(current);
  // The bookmark's revision is where a resumed watch starts: it is served, not expired.
  const resumed: WatchEvent[] = [];
  const again = cacher.watch('/registry/pods/', current, (event) => {
    resumed.push(event);
  });
  t.teardown(() => again.close());
  await cacher.create('/registry/pods/default/q', bytes('{}'));
  await sleep(50);
  t.deepEqual(
    resumed.map((event) => event.type),
    ['ADDED'],
  );
});

test('cacher: progress requests of several watchers at once are answered together, each once', async (t) => {
  const { cacher } = await open(t);
  const received = [[], [], []] as Revision[][];
  const watches = received.map((sink) =>
    cacher.watch('/registry/pods/', 0, (event) => {
      if (event.type === 'PROGRESS') sink.push(event.revision);
    }),
  );
  t.teardown(() => watches.forEach((watch) => watch.close()));
  await sleep(20);
  await cacher.create('/registry/leases/elsewhere', bytes('{}'));
  const current = await cacher.currentRevision();
  for (const watch of watches) watch.requestProgress();
  await sleep(50);
  t.deepEqual(received, [[current], [current], [current]]);
});
