// The watch cache's resources added and removed at run time (a CustomResourceDefinition served,
// then deleted): the store answers until a cache's first snapshot, the cache after it, and the
// store again once it is removed.

import test, { type ExecutionContext } from 'ava';
import { Cacher } from '../../src/storage/cacher/cacher.ts';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import type { ListOptions, ListResult, Revision, WatchListener } from '../../src/storage/storage.ts';
import { makeTempDir } from './temp-dir.ts';
import { bytes, sleep, WatchRecorder } from './watch-recorder.ts';

const widgets = '/registry/example.com/widgets/';

/**
 * The real store, with a count of the reads and watches of widgets that reach it, whose snapshot
 * reads of widgets (the pages a cache fills from) and watch events can be held back.
 */
class CountedStore extends SqliteStore {
  lists = 0;
  watches = 0;
  holdEvents = false;
  #heldSnapshots: (() => void)[] | undefined;
  override async list(prefix: string, options?: ListOptions): Promise<ListResult> {
    if (prefix.startsWith(widgets)) {
      this.lists++;
      const held = this.#heldSnapshots;
      if (held !== undefined && options?.limit === 10_000) await new Promise<void>((resolve) => held.push(resolve));
    }
    return super.list(prefix, options);
  }
  override watch(prefix: string, fromRevision: Revision, listener: WatchListener) {
    if (prefix.startsWith(widgets)) this.watches++;
    return super.watch(prefix, fromRevision, (event) => (this.holdEvents ? true : listener(event)));
  }
  holdSnapshots(): void {
    this.#heldSnapshots = [];
  }
  releaseSnapshots(): void {
    const held = this.#heldSnapshots ?? [];
    this.#heldSnapshots = undefined;
    for (const release of held) release();
  }
}

async function open(t: ExecutionContext): Promise<{ store: CountedStore; cacher: Cacher }> {
  const dir = makeTempDir('cacher-resources');
  const store = new CountedStore({ dataDir: dir.path });
  const cacher = new Cacher(store, { resourcePrefixes: ['/registry/pods/'], freshnessWaitMs: 200 });
  t.teardown(async () => {
    await cacher.close();
    dir.remove();
  });
  await cacher.ready();
  return { store, cacher };
}

/** Waits until the cache of a prefix added at run time holds its snapshot: a list reaches the store no more. */
async function untilCached(cacher: Cacher, store: CountedStore): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const before = store.lists;
    await cacher.list(widgets);
    if (store.lists === before) return;
    await sleep(10);
  }
  throw new Error(`the cache of ${widgets} never answered`);
}

test('a resource added at run time is read and watched through the store until its first snapshot, then through its cache', async (t) => {
  const { store, cacher } = await open(t);
  await cacher.create(`${widgets}default/a`, bytes('a'));
  store.holdSnapshots();
  cacher.addResource(widgets);
  await sleep(20);
  // The snapshot is held back: a list and a watch do not wait for it, the store answers them.
  const listsBefore = store.lists;
  const early = new WatchRecorder(cacher, widgets, 0);
  t.teardown(() => early.close());
  t.is(store.watches, 1, 'the early watch went to the store');
  const beforeSnapshot = cacher.list(widgets);
  const listed = await Promise.race([beforeSnapshot, sleep(100).then(() => 'waited')]);
  t.not(listed, 'waited', 'the list did not wait for the snapshot');
  store.releaseSnapshots();
  t.deepEqual(
    (await beforeSnapshot).items.map((kv) => kv.key),
    [`${widgets}default/a`],
  );
  t.true(store.lists > listsBefore);
  await untilCached(cacher, store);
  // From the snapshot on: a watch of the cache, whose store watch is the only one added.
  const watchesBefore = store.watches;
  const cached = new WatchRecorder(cacher, widgets, 0);
  t.teardown(() => cached.close());
  await sleep(20);
  const written = await cacher.create(`${widgets}default/b`, bytes('b'));
  await cached.untilChanges(1);
  await early.untilChanges(1);
  t.is(store.watches, watchesBefore, 'the watch was served by the cache');
  const listsNow = store.lists;
  const all = await cacher.list(widgets);
  t.is(store.lists, listsNow, 'the consistent list was served by the cache');
  t.deepEqual(
    all.items.map((kv) => kv.key),
    [`${widgets}default/a`, `${widgets}default/b`],
  );
  t.true(all.revision >= written.modRevision);
});

test('a cache added at run time serves RV=0 lists, continue pages of its snapshot and watches from a revision', async (t) => {
  const { store, cacher } = await open(t);
  for (let i = 0; i < 6; i++) await cacher.create(`${widgets}default/w${i}`, bytes(String(i)));
  cacher.addResource(widgets);
  await untilCached(cacher, store);
  const listsBefore = store.lists;
  const any = await cacher.list(widgets, { minRevision: 0 });
  const page = await cacher.list(widgets, { limit: 4 });
  const next = await cacher.list(widgets, { limit: 4, revision: page.revision, continueAfter: page.items.at(-1)?.key });
  t.is(store.lists, listsBefore, 'RV=0 and the continue page were served by the cache');
  t.is(any.items.length, 6);
  t.deepEqual([page.items.length, page.more, next.items.length, next.more], [4, true, 2, false]);
  // A watch from the list's revision sees what came after it, and nothing before.
  const watch = new WatchRecorder(cacher, widgets, page.revision);
  t.teardown(() => watch.close());
  const later = await cacher.create(`${widgets}default/later`, bytes('x'));
  await watch.untilChanges(1);
  t.deepEqual(
    watch.changes.map((event) => event.type === 'ADDED' && event.revision),
    [later.modRevision],
  );
  // A continue page of a snapshot the cache moved past is read from the store at that revision.
  const old = await cacher.list(widgets, { limit: 4, revision: page.revision, continueAfter: page.items.at(-1)?.key });
  t.true(store.lists > listsBefore);
  t.deepEqual(
    old.items.map((kv) => kv.key),
    next.items.map((kv) => kv.key),
  );
});

test('removing a resource ends the watches of its cache, and the store answers its reads again', async (t) => {
  const { store, cacher } = await open(t);
  cacher.addResource(widgets);
  await untilCached(cacher, store);
  const watch = new WatchRecorder(cacher, widgets, 0);
  t.teardown(() => watch.close());
  await sleep(20);
  cacher.removeResource(widgets);
  await watch.until((events) => events.some((event) => event.type === 'ERROR'));
  t.deepEqual(
    watch.events.map((event) => (event.type === 'ERROR' ? event.error.code : event.type)),
    ['Unavailable'],
  );
  // What was written meanwhile is the store's to tell.
  await cacher.create(`${widgets}default/after`, bytes('x'));
  const listsBefore = store.lists;
  t.is((await cacher.list(widgets)).items.length, 1);
  t.is(store.lists, listsBefore + 1);
  const again = new WatchRecorder(cacher, widgets, 0);
  t.teardown(() => again.close());
  await cacher.create(`${widgets}default/later`, bytes('x'));
  await again.untilChanges(1);
});

test('a NotOlderThan read waiting on a cache that is removed is answered by the store', async (t) => {
  const { store, cacher } = await open(t);
  cacher.addResource(widgets);
  await untilCached(cacher, store);
  // The cache lags: it never sees the write.
  store.holdEvents = true;
  const written = await cacher.create(`${widgets}default/a`, bytes('a'));
  const reading = cacher.list(widgets, { minRevision: written.modRevision });
  await sleep(20);
  cacher.removeResource(widgets);
  t.deepEqual(
    (await reading).items.map((kv) => kv.key),
    [`${widgets}default/a`],
  );
});

test('a prefix added twice stays cached until removed twice, and a prefix added again starts from a new snapshot', async (t) => {
  const { store, cacher } = await open(t);
  cacher.addResource(widgets);
  cacher.addResource(widgets);
  await untilCached(cacher, store);
  const watch = new WatchRecorder(cacher, widgets, 0);
  t.teardown(() => watch.close());
  cacher.removeResource(widgets);
  await sleep(20);
  const first = await cacher.create(`${widgets}default/a`, bytes('a'));
  await watch.untilChanges(1);
  t.false(
    watch.events.some((event) => event.type === 'ERROR'),
    'the first remove left the cache in place',
  );
  cacher.removeResource(widgets);
  await watch.until((events) => events.some((event) => event.type === 'ERROR'));
  // Written while nothing cached the prefix: the new cache's snapshot has it.
  await cacher.create(`${widgets}default/b`, bytes('b'));
  cacher.addResource(widgets);
  await untilCached(cacher, store);
  t.deepEqual(
    (await cacher.list(widgets)).items.map((kv) => kv.key),
    [`${widgets}default/a`, `${widgets}default/b`],
  );
  // A watch resumed from the old cache's revision, before the new one's snapshot, is the store's: no event is lost.
  const watchesBefore = store.watches;
  const resumed = new WatchRecorder(cacher, widgets, first.modRevision);
  t.teardown(() => resumed.close());
  await resumed.untilChanges(1);
  t.is(store.watches, watchesBefore + 1);
  t.deepEqual(
    resumed.changes.map((event) => event.type === 'ADDED' && event.kv.key),
    [`${widgets}default/b`],
  );
});

test('a cache added after the cacher closed is never started', async (t) => {
  const { store, cacher } = await open(t);
  await cacher.close();
  cacher.addResource(widgets);
  await sleep(20);
  t.is(store.lists, 0);
});
