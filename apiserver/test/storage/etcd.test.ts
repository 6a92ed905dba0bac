// The storage contract against a real etcd (one server for the file, a new store per test), then
// what only the etcd backend has to get right.

import test from 'ava';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { EtcdStore, type EtcdStoreOptions } from '../../src/storage/etcd/etcd-store.ts';
import { isStorageError } from '../../src/storage/storage-error.ts';
import type { WatchEvent } from '../../src/storage/storage.ts';
import { type EtcdServer, startEtcd } from './etcd-server.ts';
import { storageContract } from './storage-contract.ts';
import { bytes, text, WatchRecorder } from './watch-recorder.ts';

let server: EtcdServer | undefined;

test.before(async () => {
  server = await startEtcd('etcd-test');
});

test.after.always(async () => {
  await server?.stop();
});

const endpoint = (): string => {
  if (server === undefined) throw new Error('etcd did not start');
  return server.endpoint;
};

const openStore = (options: Partial<EtcdStoreOptions> = {}): Promise<EtcdStore> =>
  EtcdStore.connect({ endpoints: endpoint(), futureRevisionWaitMs: 600, maxPendingWatchEvents: 50, ...options });

storageContract('etcd', {
  serial: true,
  open: async () => {
    const storage = await openStore();
    return { storage, close: () => storage.close() };
  },
});

let prefixCount = 0;
const uniquePrefix = (): string => `/registry/etcd-test-${process.pid}-${++prefixCount}/`;

const errorOf = (events: readonly WatchEvent[]) => {
  const event = events.find((e) => e.type === 'ERROR');
  return event?.type === 'ERROR' ? event.error : undefined;
};

test.serial('objects are stored under their key, so etcdctl finds them', async (t) => {
  const store = await openStore();
  t.teardown(() => store.close());
  const key = '/registry/pods/default/x';
  const value = `{"kind":"Pod","metadata":{"name":"x","uid":"${process.pid}-${Date.now()}"}}`;
  const existing = (await store.get(key)).kv;
  if (existing !== undefined) await store.delete(key);
  await store.create(key, bytes(value));
  const binary = (server as EtcdServer).binary;
  const etcdctl = existsSync(join(dirname(binary), 'etcdctl')) ? join(dirname(binary), 'etcdctl') : 'etcdctl';
  const { stdout } = await promisify(execFile)(etcdctl, ['--endpoints', endpoint(), 'get', key, '--print-value-only'], { env: { ...process.env, ETCDCTL_API: '3' } });
  t.is(stdout, `${value}\n`);
});

test.serial('a list over gRPC’s 4 MiB default succeeds whole, and the next read is not held up', async (t) => {
  const store = await openStore();
  t.teardown(() => store.close());
  const p = uniquePrefix();
  const value = new Uint8Array(1024 * 1024).fill(7);
  for (let i = 0; i < 6; i++) await store.create(`${p}big${i}`, value);
  const listed = await store.list(p);
  t.is(listed.items.length, 6);
  t.true(listed.items.every((kv) => kv.value.length === value.length && kv.value[1000] === 7));
  const started = Date.now();
  const got = await store.get(`${p}big0`);
  t.is(got.kv?.value.length, value.length);
  t.true(Date.now() - started < 1000, `the get took ${Date.now() - started} ms`);

  // A response over the limit fails that one read, once: no retries, no circuit breaker for the next ones.
  const limited = await openStore({ maxResponseBytes: 4 * 1024 * 1024 });
  t.teardown(() => limited.close());
  const tooBig = await t.throwsAsync(limited.list(p));
  t.true(isStorageError(tooBig, 'Unavailable'), String(tooBig));
  const afterwards = Date.now();
  t.is((await limited.get(`${p}big0`)).kv?.value.length, value.length);
  t.true(Date.now() - afterwards < 1000, `the get after a failed read took ${Date.now() - afterwards} ms`);
});

test.serial('compaction seen only by etcd: old reads and watches fail as Compacted with etcd’s revision', async (t) => {
  const compactor = await openStore();
  const other = await openStore();
  t.teardown(async () => {
    await compactor.close();
    await other.close();
  });
  const p = uniquePrefix();
  const a = await compactor.create(`${p}a`, bytes('1'));
  await compactor.update(`${p}a`, bytes('2'), a.modRevision);
  const at = await compactor.currentRevision();
  await compactor.compact(at);
  // Compacting there again, or below, is already done.
  await compactor.compact(at);
  await compactor.compact(a.modRevision);

  const read = await t.throwsAsync(other.get(`${p}a`, { revision: a.modRevision }));
  t.true(isStorageError(read, 'Compacted'), String(read));
  const old = new WatchRecorder(other, p, a.modRevision);
  t.teardown(() => old.close());
  await old.until((events) => events.some((e) => e.type === 'ERROR'));
  const error = errorOf(old.events);
  t.is(error?.code, 'Compacted');
  t.is(error?.revision, at);
  t.is(old.events.length, 1);
});

test.serial('a watch that lags behind a compaction ends with Compacted after a gapless prefix', async (t) => {
  const store = await openStore();
  t.teardown(() => store.close());
  const p = uniquePrefix();
  // etcd sends a catching-up watcher at most 1000 revisions per 100 ms round, and checks for
  // compaction before each round: a compaction right after the first round overtakes the watcher.
  const start = await store.currentRevision();
  const total = 2500;
  for (let i = 0; i < total; i += 100) {
    await Promise.all(Array.from({ length: 100 }, (_, j) => store.create(`${p}k${i + j}`, bytes('x'))));
  }
  const recorder = new WatchRecorder(store, p, start);
  t.teardown(() => recorder.close());
  await recorder.untilChanges(1);
  await store.compact(await store.currentRevision());
  await recorder.until((events) => events.some((e) => e.type === 'ERROR'));
  t.is(errorOf(recorder.events)?.code, 'Compacted');
  const changes = recorder.events.filter((e) => e.type === 'ADDED');
  t.true(changes.length < total, `all ${changes.length} events arrived before the compaction`);
  changes.forEach((event, i) => t.is(event.type === 'ADDED' ? event.revision : 0, start + 1 + i));
});

test.serial('a progress request while a watch catches up is answered after the catch-up events', async (t) => {
  // etcd 3.4 answers progress requests at once, even for a watcher whose catch-up has not been sent yet.
  const store = await openStore();
  t.teardown(() => store.close());
  const p = uniquePrefix();
  const start = await store.currentRevision();
  let last = 0;
  for (let i = 0; i < 5; i++) last = (await store.create(`${p}k${i}`, bytes('x'))).modRevision;
  const recorder = new WatchRecorder(store, p, start);
  t.teardown(() => recorder.close());
  recorder.watch.requestProgress();
  await recorder.until((events) => events.some((e) => e.type === 'PROGRESS'));
  const types = recorder.events.map((e) => e.type);
  t.deepEqual(types.slice(0, 6), ['ADDED', 'ADDED', 'ADDED', 'ADDED', 'ADDED', 'PROGRESS']);
  const progress = recorder.events[5];
  t.true(progress?.type === 'PROGRESS' && progress.revision >= last);

  // A catch-up with nothing under the prefix still ends, and the request is answered.
  const elsewhere = uniquePrefix();
  const quiet = new WatchRecorder(store, p, last);
  t.teardown(() => quiet.close());
  const outside = await store.create(`${elsewhere}a`, bytes('x'));
  quiet.watch.requestProgress();
  await quiet.until((events) => events.some((e) => e.type === 'PROGRESS'));
  const answer = quiet.events[0];
  t.true(answer?.type === 'PROGRESS' && answer.revision >= outside.modRevision);
});

test.serial('two stores on one etcd see each other’s writes, as API servers sharing it do', async (t) => {
  const one = await openStore();
  const two = await openStore();
  t.teardown(async () => {
    await one.close();
    await two.close();
  });
  const p = uniquePrefix();
  const recorder = new WatchRecorder(one, p, await one.currentRevision());
  t.teardown(() => recorder.close());
  const written = await two.create(`${p}a`, bytes('from two'));
  await recorder.untilChanges(1);
  const event = recorder.changes[0];
  t.is(event?.type, 'ADDED');
  if (event?.type === 'ADDED') {
    t.is(event.revision, written.modRevision);
    t.is(text(event.kv.value), 'from two');
  }
  const updated = await one.update(`${p}a`, bytes('from one'), written.modRevision);
  t.is(text((await two.get(`${p}a`, { minRevision: updated.modRevision })).kv?.value), 'from one');
  const stale = await t.throwsAsync(two.update(`${p}a`, bytes('stale'), written.modRevision));
  t.true(isStorageError(stale, 'Conflict'), String(stale));
});

test.serial('concurrent revision probes share etcd round trips, and each answers at least the revision of writes before it', async (t) => {
  const store = await openStore();
  t.teardown(() => store.close());
  const rangesSoFar = async (): Promise<number> => {
    const metrics = await (await fetch(`${endpoint()}/metrics`)).text();
    const line = metrics.split('\n').find((l) => l.startsWith('grpc_server_handled_total{') && l.includes('grpc_method="Range"') && l.includes('grpc_code="OK"'));
    if (line === undefined) throw new Error('etcd’s /metrics has no count of Range calls');
    return Number(line.split(' ').pop());
  };
  const p = uniquePrefix();
  const written = await store.create(`${p}a`, bytes('x'));
  const before = await rangesSoFar();
  const revisions = await Promise.all(Array.from({ length: 50 }, () => store.currentRevision()));
  const ranges = (await rangesSoFar()) - before;
  t.true(
    revisions.every((revision) => revision >= written.modRevision),
    JSON.stringify(revisions),
  );
  t.true(ranges <= 2, `${ranges} Range calls for 50 probes`);
  // A probe asked for after a write sees it, even while an older probe is still in flight.
  const older = store.currentRevision();
  const next = await store.create(`${p}b`, bytes('y'));
  t.true((await store.currentRevision()) >= next.modRevision);
  await older;
});

test.serial('when etcd stops or hangs, reads and watches fail as Unavailable within seconds', async (t) => {
  const privateServer = await startEtcd('etcd-stop');
  t.teardown(() => privateServer.stop());
  const store = await EtcdStore.connect({ endpoints: privateServer.endpoint });
  const impatient = await EtcdStore.connect({ endpoints: privateServer.endpoint, requestTimeoutMs: 1000 });
  t.teardown(async () => {
    await store.close();
    await impatient.close();
  });
  const p = uniquePrefix();
  await store.create(`${p}a`, bytes('x'));
  const recorder = new WatchRecorder(store, p, 0);
  t.teardown(() => recorder.close());

  // A process that no longer answers keeps its connections open: only the request deadline helps.
  privateServer.signal('SIGSTOP');
  // kill() returns before the kernel has stopped every thread of etcd; give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 100));
  let started = Date.now();
  const hung = await t.throwsAsync(impatient.get(`${p}a`));
  privateServer.signal('SIGCONT');
  t.true(isStorageError(hung, 'Unavailable'), String(hung));
  t.true(Date.now() - started < 2500, `the read took ${Date.now() - started} ms to fail`);
  t.is(text((await impatient.get(`${p}a`)).kv?.value), 'x');

  await privateServer.stop();
  started = Date.now();
  const stopped = await t.throwsAsync(store.get(`${p}a`));
  t.true(isStorageError(stopped, 'Unavailable'), String(stopped));
  t.true(Date.now() - started < 1000, `the read took ${Date.now() - started} ms to fail`);
  t.regex(String(stopped?.message), /etcd at http:\/\/127\.0\.0\.1:\d+ failed to read/);
  await recorder.until((events) => events.some((e) => e.type === 'ERROR'), 3000);
  t.is(errorOf(recorder.events)?.code, 'Unavailable');
});
