// The one test suite of the storage contract, run against every backend and the watch cache
// (after kube-apiserver's storage/testing/store_tests.go). Each test works under a prefix of its own.

import test, { type ExecutionContext } from 'ava';
import { isStorageError, type StorageErrorCode } from '../../src/storage/storage-error.ts';
import type { KeyValue, Storage, WatchEvent } from '../../src/storage/storage.ts';
import { bytes, describe, sleep, text, WatchRecorder } from './watch-recorder.ts';

export interface StorageHarness {
  readonly storage: Storage;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Open a storage whose reads of future revisions wait at most about 200 ms and whose watchers may queue at most 50 live events. */
  readonly open: () => Promise<StorageHarness>;
  /** Run the tests one at a time (when they share one server whose compaction would disturb the others). */
  readonly serial?: boolean;
}

let prefixCount = 0;
const uniquePrefix = (): string => `/registry/contract-${process.pid}-${++prefixCount}/`;

async function rejectsWith(t: ExecutionContext, promise: Promise<unknown>, code: StorageErrorCode): Promise<void> {
  const error = await t.throwsAsync(promise);
  t.true(isStorageError(error, code), `expected ${code}, got ${String(error)}`);
}

const keysOf = (items: readonly KeyValue[]): string[] => items.map((kv) => kv.key);

export function storageContract(name: string, options: ContractOptions): void {
  const define = options.serial === true ? test.serial : test;
  const it = (title: string, body: (t: ExecutionContext, storage: Storage, prefix: string) => Promise<void>): void => {
    define(`${name}: ${title}`, async (t) => {
      const harness = await options.open();
      try {
        await body(t, harness.storage, uniquePrefix());
      } finally {
        await harness.close();
      }
    });
  };

  it('create then get returns the value with the revision of the write', async (t, s, p) => {
    const before = await s.currentRevision();
    const kv = await s.create(`${p}a`, bytes('one'));
    t.true(kv.modRevision > before);
    t.is(kv.createRevision, kv.modRevision);
    const got = await s.get(`${p}a`);
    t.is(text(got.kv?.value), 'one');
    t.is(got.kv?.modRevision, kv.modRevision);
    t.true(got.revision >= kv.modRevision);
    t.true((await s.currentRevision()) >= kv.modRevision);
  });

  it('get of a missing key answers undefined at the current revision', async (t, s, p) => {
    const written = await s.create(`${p}other`, bytes('x'));
    const got = await s.get(`${p}missing`);
    t.is(got.kv, undefined);
    t.true(got.revision >= written.modRevision);
  });

  it('create of an existing key fails as AlreadyExists and changes nothing', async (t, s, p) => {
    const kv = await s.create(`${p}a`, bytes('one'));
    await rejectsWith(t, s.create(`${p}a`, bytes('two')), 'AlreadyExists');
    t.is(text((await s.get(`${p}a`)).kv?.value), 'one');
    t.is((await s.get(`${p}a`)).kv?.modRevision, kv.modRevision);
  });

  it('every write bumps the global revision', async (t, s, p) => {
    const a = await s.create(`${p}a`, bytes('1'));
    const b = await s.create(`${p}b`, bytes('1'));
    const a2 = await s.update(`${p}a`, bytes('2'), a.modRevision);
    const d = await s.delete(`${p}b`);
    t.true(a.modRevision < b.modRevision);
    t.true(b.modRevision < a2.modRevision);
    t.true(a2.modRevision < d.revision);
    t.true((await s.currentRevision()) >= d.revision);
  });

  it('update compares the revision and keeps the create revision', async (t, s, p) => {
    const kv = await s.create(`${p}a`, bytes('one'));
    const updated = await s.update(`${p}a`, bytes('two'), kv.modRevision);
    t.is(updated.createRevision, kv.createRevision);
    t.true(updated.modRevision > kv.modRevision);
    await rejectsWith(t, s.update(`${p}a`, bytes('three'), kv.modRevision), 'Conflict');
    await rejectsWith(t, s.update(`${p}missing`, bytes('x'), kv.modRevision), 'NotFound');
    t.is(text((await s.get(`${p}a`)).kv?.value), 'two');
  });

  it('concurrent updates from the same revision: exactly one wins', async (t, s, p) => {
    const kv = await s.create(`${p}a`, bytes('0'));
    const results = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => s.update(`${p}a`, bytes(String(i + 1)), kv.modRevision)));
    const won = results.filter((r) => r.status === 'fulfilled');
    t.is(won.length, 1);
    for (const r of results) if (r.status === 'rejected') t.true(isStorageError(r.reason, 'Conflict'));
    const winner = (won[0] as PromiseFulfilledResult<KeyValue>).value;
    t.deepEqual((await s.get(`${p}a`)).kv?.modRevision, winner.modRevision);
  });

  it('64 concurrent creates all land with distinct revisions', async (t, s, p) => {
    const kvs = await Promise.all(Array.from({ length: 64 }, (_, i) => s.create(`${p}k${i}`, bytes(`v${i}`))));
    t.is(new Set(kvs.map((kv) => kv.modRevision)).size, 64);
    const listed = await s.list(p);
    t.is(listed.items.length, 64);
    for (const kv of kvs) t.true(listed.revision >= kv.modRevision);
  });

  it('delete compares the revision and answers the previous object', async (t, s, p) => {
    const kv = await s.create(`${p}a`, bytes('one'));
    await rejectsWith(t, s.delete(`${p}a`, kv.modRevision + 1000), 'Conflict');
    const deleted = await s.delete(`${p}a`, kv.modRevision);
    t.is(text(deleted.prev.value), 'one');
    t.is(deleted.prev.modRevision, kv.modRevision);
    t.true(deleted.revision > kv.modRevision);
    t.is((await s.get(`${p}a`)).kv, undefined);
    await rejectsWith(t, s.delete(`${p}a`), 'NotFound');
    const again = await s.create(`${p}a`, bytes('reborn'));
    t.true(again.createRevision > deleted.revision);
  });

  it('get at an old revision returns the object as it was then', async (t, s, p) => {
    const v1 = await s.create(`${p}a`, bytes('one'));
    const v2 = await s.update(`${p}a`, bytes('two'), v1.modRevision);
    const gone = await s.delete(`${p}a`);
    t.is(text((await s.get(`${p}a`, { revision: v1.modRevision })).kv?.value), 'one');
    t.is(text((await s.get(`${p}a`, { revision: v2.modRevision })).kv?.value), 'two');
    t.is((await s.get(`${p}a`, { revision: v1.modRevision - 1 })).kv, undefined);
    t.is((await s.get(`${p}a`, { revision: gone.revision })).kv, undefined);
    t.is((await s.get(`${p}a`, { revision: v2.modRevision })).revision, v2.modRevision);
  });

  it('list returns the keys under the prefix in key order, and nothing beside it', async (t, s, p) => {
    for (const name of ['c', 'a', 'b/x', 'b']) await s.create(`${p}${name}`, bytes(name));
    const sibling = `${p.slice(0, -1)}-sibling/`;
    await s.create(`${sibling}a`, bytes('no'));
    await s.create(p.slice(0, -1), bytes('no'));
    const listed = await s.list(p);
    t.deepEqual(keysOf(listed.items), [`${p}a`, `${p}b`, `${p}b/x`, `${p}c`]);
    t.false(listed.more);
    t.true(listed.revision >= Math.max(...listed.items.map((kv) => kv.modRevision)));
    t.deepEqual(keysOf((await s.list(`${p}b/`)).items), [`${p}b/x`]);
  });

  it('list pages with limit and continueAfter, telling whether more remain', async (t, s, p) => {
    for (let i = 0; i < 7; i++) await s.create(`${p}k${i}`, bytes(String(i)));
    const first = await s.list(p, { limit: 3 });
    t.deepEqual(keysOf(first.items), [`${p}k0`, `${p}k1`, `${p}k2`]);
    t.true(first.more);
    if (first.remaining !== undefined) t.is(first.remaining, 4);
    const second = await s.list(p, { limit: 3, continueAfter: `${p}k2`, revision: first.revision });
    t.deepEqual(keysOf(second.items), [`${p}k3`, `${p}k4`, `${p}k5`]);
    t.true(second.more);
    const third = await s.list(p, { limit: 3, continueAfter: `${p}k5`, revision: first.revision });
    t.deepEqual(keysOf(third.items), [`${p}k6`]);
    t.false(third.more);
    t.is(third.revision, first.revision);
    const exact = await s.list(p, { limit: 7 });
    t.false(exact.more);
  });

  it('paging while writes happen: every page shows the first page snapshot', async (t, s, p) => {
    for (let i = 0; i < 20; i++) await s.create(`${p}k${String(i).padStart(2, '0')}`, bytes(`v${i}`));
    const whole = await s.list(p);
    const pages: KeyValue[] = [];
    let page = await s.list(p, { limit: 6 });
    const snapshot = page.revision;
    pages.push(...page.items);
    let round = 0;
    while (page.more) {
      // Writes between pages: new keys inside the remaining range, updates and deletes of later items.
      const later = `${p}k${String(19 - round).padStart(2, '0')}`;
      await s.create(`${p}k${String(round).padStart(2, '0')}-new`, bytes('new'));
      const current = (await s.get(later)).kv;
      if (current !== undefined) {
        if (round % 2 === 0) await s.update(later, bytes('changed'), current.modRevision);
        else await s.delete(later);
      }
      round++;
      const last = pages[pages.length - 1] as KeyValue;
      page = await s.list(p, { limit: 6, continueAfter: last.key, revision: snapshot });
      t.is(page.revision, snapshot);
      pages.push(...page.items);
    }
    t.is(whole.revision, snapshot);
    t.deepEqual(
      pages.map((kv) => [kv.key, text(kv.value), kv.modRevision]),
      whole.items.map((kv) => [kv.key, text(kv.value), kv.modRevision]),
    );
  });

  it('list at an old revision shows the old set', async (t, s, p) => {
    const a = await s.create(`${p}a`, bytes('a1'));
    await s.create(`${p}b`, bytes('b1'));
    const at = await s.currentRevision();
    await s.update(`${p}a`, bytes('a2'), a.modRevision);
    await s.delete(`${p}b`);
    await s.create(`${p}c`, bytes('c1'));
    const old = await s.list(p, { revision: at });
    t.deepEqual(
      old.items.map((kv) => [kv.key, text(kv.value)]),
      [
        [`${p}a`, 'a1'],
        [`${p}b`, 'b1'],
      ],
    );
    t.is(old.revision, at);
    const now = await s.list(p);
    t.deepEqual(
      now.items.map((kv) => [kv.key, text(kv.value)]),
      [
        [`${p}a`, 'a2'],
        [`${p}c`, 'c1'],
      ],
    );
  });

  it('watch from an old revision delivers every event in order, without gaps, then live ones', async (t, s, p) => {
    // Revision 0 means "now", so make sure the start is a real revision even in an empty store.
    const start = (await s.create(`${p.slice(0, -1)}-seed`, bytes('x'))).modRevision;
    const a = await s.create(`${p}a`, bytes('a1'));
    const a2 = await s.update(`${p}a`, bytes('a2'), a.modRevision);
    await s.create(`${p}b`, bytes('b1'));
    await s.delete(`${p}a`, a2.modRevision);
    const recorder = new WatchRecorder(s, p, start);
    t.teardown(() => recorder.close());
    await recorder.untilChanges(4);
    await s.create(`${p}c`, bytes('c1'));
    await recorder.untilChanges(5);
    const changes = recorder.changes;
    t.deepEqual(
      changes.map((e) => e.type),
      ['ADDED', 'MODIFIED', 'ADDED', 'DELETED', 'ADDED'],
    );
    const revisions = changes.map((e) => (e.type === 'PROGRESS' || e.type === 'ERROR' ? 0 : e.revision));
    for (let i = 1; i < revisions.length; i++) t.true((revisions[i] as number) > (revisions[i - 1] as number));
    const modified = changes[1] as Extract<WatchEvent, { type: 'MODIFIED' }>;
    t.is(text(modified.kv.value), 'a2');
    t.is(text(modified.prev.value), 'a1');
    t.is(modified.prev.modRevision, a.modRevision);
    const deleted = changes[3] as Extract<WatchEvent, { type: 'DELETED' }>;
    t.is(text(deleted.prev.value), 'a2');
    t.true(deleted.revision > a2.modRevision);
  });

  it('watch from a revision delivers only the changes after it', async (t, s, p) => {
    const a = await s.create(`${p}a`, bytes('a1'));
    const b = await s.create(`${p}b`, bytes('b1'));
    const recorder = new WatchRecorder(s, p, a.modRevision);
    t.teardown(() => recorder.close());
    await recorder.untilChanges(1);
    await sleep(50);
    t.deepEqual(recorder.changes.map(describe), [`ADDED ${p}b@${b.modRevision}`]);
  });

  it('watch from 0 starts at the current revision and sees only its prefix', async (t, s, p) => {
    await s.create(`${p}before`, bytes('x'));
    const recorder = new WatchRecorder(s, `${p}in/`, 0);
    t.teardown(() => recorder.close());
    await sleep(20);
    await s.create(`${p}out`, bytes('x'));
    await s.create(`${p}in-not/a`, bytes('x'));
    const inside = await s.create(`${p}in/a`, bytes('x'));
    await recorder.untilChanges(1);
    await sleep(50);
    t.deepEqual(recorder.changes.map(describe), [`ADDED ${p}in/a@${inside.modRevision}`]);
  });

  it('a closed watch delivers nothing more', async (t, s, p) => {
    const recorder = new WatchRecorder(s, p, 0);
    await sleep(20);
    await s.create(`${p}a`, bytes('x'));
    await recorder.untilChanges(1);
    recorder.close();
    await s.create(`${p}b`, bytes('x'));
    await sleep(100);
    t.is(recorder.changes.length, 1);
  });

  it('a progress request answers the current revision after every earlier change', async (t, s, p) => {
    const recorder = new WatchRecorder(s, p, 0);
    t.teardown(() => recorder.close());
    await sleep(20);
    const kv = await s.create(`${p}a`, bytes('x'));
    await recorder.untilChanges(1);
    recorder.watch.requestProgress();
    await recorder.until((events) => events.some((e) => e.type === 'PROGRESS'));
    const progress = recorder.events.find((e) => e.type === 'PROGRESS');
    t.true(progress !== undefined && progress.type === 'PROGRESS' && progress.revision >= kv.modRevision);
    t.is(recorder.events[0]?.type, 'ADDED');
  });

  it('compaction: older reads and watches fail as Compacted, newer ones work', async (t, s, p) => {
    const a = await s.create(`${p}a`, bytes('a1'));
    const a2 = await s.update(`${p}a`, bytes('a2'), a.modRevision);
    await s.create(`${p}b`, bytes('b1'));
    const c = await s.create(`${p}c`, bytes('c1'));
    await s.delete(`${p}c`);
    const at = await s.currentRevision();
    await s.compact(at);
    await rejectsWith(t, s.get(`${p}a`, { revision: a.modRevision }), 'Compacted');
    await rejectsWith(t, s.list(p, { revision: c.modRevision }), 'Compacted');
    const old = new WatchRecorder(s, p, a.modRevision);
    t.teardown(() => old.close());
    await old.until((events) => events.some((e) => e.type === 'ERROR'));
    const error = old.events.find((e) => e.type === 'ERROR');
    t.is(error?.type === 'ERROR' ? error.error.code : undefined, 'Compacted');
    t.is(old.changes.filter((e) => e.type !== 'ERROR').length, 0);
    // The state at the compacted revision is whole.
    const listed = await s.list(p, { revision: at });
    t.deepEqual(
      listed.items.map((kv) => [kv.key, text(kv.value), kv.modRevision]),
      [
        [`${p}a`, 'a2', a2.modRevision],
        [`${p}b`, 'b1', listed.items[1]?.modRevision],
      ],
    );
    t.is(text((await s.get(`${p}a`, { revision: at })).kv?.value), 'a2');
    t.is((await s.get(`${p}c`, { revision: at })).kv, undefined);
    const fresh = new WatchRecorder(s, p, at);
    t.teardown(() => fresh.close());
    const a3 = await s.update(`${p}a`, bytes('a3'), a2.modRevision);
    await fresh.untilChanges(1);
    const modified = fresh.changes[0];
    t.is(modified?.type, 'MODIFIED');
    if (modified?.type === 'MODIFIED') {
      t.is(modified.revision, a3.modRevision);
      t.is(text(modified.prev.value), 'a2');
    }
  });

  it('a future revision fails as FutureRevision after a short wait', async (t, s, p) => {
    await s.create(`${p}a`, bytes('x'));
    const future = (await s.currentRevision()) + 1_000_000;
    await rejectsWith(t, s.get(`${p}a`, { revision: future }), 'FutureRevision');
    await rejectsWith(t, s.list(p, { revision: future }), 'FutureRevision');
    await rejectsWith(t, s.list(p, { minRevision: future }), 'FutureRevision');
  });

  it('a read of a revision reached during the wait succeeds', async (t, s, p) => {
    const next = (await s.currentRevision()) + 1;
    const reading = s.list(p, { minRevision: next });
    await sleep(20);
    await s.create(`${p}a`, bytes('x'));
    const listed = await reading;
    t.true(listed.revision >= next);
    t.deepEqual(keysOf(listed.items), [`${p}a`]);
  });

  it('a watcher that stops reading is closed as TooSlow; the others get everything', async (t, s, p) => {
    const slow = new WatchRecorder(s, p, 0, false);
    const fast = new WatchRecorder(s, p, 0);
    t.teardown(() => {
      slow.close();
      fast.close();
    });
    await sleep(20);
    await Promise.all(Array.from({ length: 120 }, (_, i) => s.create(`${p}k${i}`, bytes('x'))));
    await fast.untilChanges(120);
    await slow.until((events) => events.some((e) => e.type === 'ERROR'));
    const error = slow.events.find((e) => e.type === 'ERROR');
    t.is(error?.type === 'ERROR' ? error.error.code : undefined, 'TooSlow');
    t.true(slow.events.length < 60);
    t.is(fast.changes.length, 120);
  });

  it('a watcher that reports a full buffer and resumes gets every event in order', async (t, s, p) => {
    const received: string[] = [];
    const watch = s.watch(p, 0, (event) => {
      if (event.type === 'ADDED') received.push(event.kv.key);
      return received.length % 5 !== 0;
    });
    t.teardown(() => watch.close());
    await sleep(20);
    for (let i = 0; i < 30; i++) await s.create(`${p}k${String(i).padStart(2, '0')}`, bytes('x'));
    for (let round = 0; round < 100 && received.length < 30; round++) {
      watch.resume();
      await sleep(5);
    }
    t.deepEqual(
      received,
      Array.from({ length: 30 }, (_, i) => `${p}k${String(i).padStart(2, '0')}`),
    );
  });

  it('values of 1 MiB round-trip unchanged', async (t, s, p) => {
    const value = new Uint8Array(1024 * 1024);
    for (let i = 0; i < value.length; i++) value[i] = (i * 31) & 0xff;
    await s.create(`${p}big`, value);
    const got = await s.get(`${p}big`);
    t.is(got.kv?.value.length, value.length);
    t.true(Buffer.from(value).equals(got.kv?.value ?? new Uint8Array()));
  });
}
