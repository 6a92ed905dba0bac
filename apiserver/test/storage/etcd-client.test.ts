// Capstan's etcd client against real etcd processes: watches that resume after a restart,
// compaction, failover between members of a 3-member cluster, and lease keepalive.

import test from 'ava';
import { EtcdClient } from '../../src/storage/etcd/etcd-client.ts';
import type { EtcdWatcher, EtcdWatcherHandlers, EtcdWatchFailure } from '../../src/storage/etcd/etcd-watcher.ts';
import { EtcdStore } from '../../src/storage/etcd/etcd-store.ts';
import { statusFromStorageError } from '../../src/registry/storage-status.ts';
import type { EtcdEvent, WatchCreateRequest } from '../../src/storage/etcd/watch-messages.ts';
import { startEtcd, startEtcdCluster } from './etcd-server.ts';
import { bytes, WatchRecorder } from './watch-recorder.ts';

const text = (value: Uint8Array): string => Buffer.from(value).toString('utf8');
const key = (value: string): Buffer => Buffer.from(value, 'utf8');
/** The end of the range of every key under `prefix`. */
const rangeEndOf = (prefix: string): Buffer => {
  const end = Buffer.from(prefix, 'utf8');
  end[end.length - 1] = (end[end.length - 1] as number) + 1;
  return end;
};

/** Records what one watcher reports, and waits for it. */
class WatcherLog {
  readonly events: EtcdEvent[] = [];
  readonly created: (number | undefined)[] = [];
  failure: EtcdWatchFailure | undefined;
  readonly watcher: EtcdWatcher;
  #waiters: (() => void)[] = [];

  constructor(client: EtcdClient, request: WatchCreateRequest) {
    const handlers: EtcdWatcherHandlers = {
      created: (_header, startRevision) => this.#record(() => this.created.push(startRevision)),
      events: (events) => this.#record(() => this.events.push(...events)),
      progress: () => undefined,
      failed: (failure) =>
        this.#record(() => {
          this.failure = failure;
        }),
    };
    this.watcher = client.watch(request, handlers);
  }

  keys(): string[] {
    return this.events.map((event) => text(event.kv.key));
  }

  async until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} did not happen in ${timeoutMs} ms; saw ${JSON.stringify(this.keys())}, failure ${JSON.stringify(this.failure)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  #record(change: () => void): void {
    change();
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

test.serial('a watch resumes from its next revision after etcd restarts: no event is lost or repeated', async (t) => {
  const server = await startEtcd('etcd-client-restart');
  t.teardown(() => server.stop());
  const client = new EtcdClient({ endpoints: [server.endpoint], requestTimeoutMs: 5000, watchResumeMs: 20_000 });
  t.teardown(() => client.close());
  const prefix = '/resume/';
  const log = new WatcherLog(client, { key: key(prefix), rangeEnd: rangeEndOf(prefix), prevKv: true });
  await log.until(() => log.created.length === 1, 'the watch creation');
  t.deepEqual(log.created, [undefined]);
  await client.put({ key: key(`${prefix}a`), value: bytes('1') });
  await log.until(() => log.events.length === 1, 'the first event');

  await server.restart();
  // A client that connects now writes while the watcher is still waiting to resume.
  const writer = new EtcdClient({ endpoints: [server.endpoint], requestTimeoutMs: 5000 });
  t.teardown(() => writer.close());
  const b = await writer.put({ key: key(`${prefix}b`), value: bytes('2') });
  await writer.put({ key: key(`${prefix}a`), value: bytes('3') });
  await log.until(() => log.events.length === 3, 'the events written across the restart');

  t.deepEqual(log.keys(), [`${prefix}a`, `${prefix}b`, `${prefix}a`]);
  t.deepEqual(
    log.events.map((event) => event.kv.modRevision),
    [b.header.revision - 1, b.header.revision, b.header.revision + 1],
  );
  // Resumed at the revision after the last event it had, on a second stream.
  t.deepEqual(log.created, [undefined, b.header.revision]);
  t.is(text(log.events[2]?.prevKv?.value ?? new Uint8Array()), '1');
  t.is(log.failure, undefined);
});

test.serial('a watch of compacted history fails with etcd’s compaction revision, which the store answers as 410 Expired', async (t) => {
  const server = await startEtcd('etcd-client-compact');
  t.teardown(() => server.stop());
  const client = new EtcdClient({ endpoints: [server.endpoint], requestTimeoutMs: 5000 });
  t.teardown(() => client.close());
  const first = await client.put({ key: key('/compact/a'), value: bytes('1') });
  await client.put({ key: key('/compact/a'), value: bytes('2') });
  const last = await client.put({ key: key('/compact/a'), value: bytes('3') });
  await client.compact(last.header.revision);

  const log = new WatcherLog(client, { key: key('/compact/'), rangeEnd: rangeEndOf('/compact/'), startRevision: first.header.revision });
  await log.until(() => log.failure !== undefined, 'the compaction failure');
  t.deepEqual(log.failure, { kind: 'compacted', compactRevision: last.header.revision, nextRevision: first.header.revision });
  t.deepEqual(log.events, []);
  // A read of compacted history fails with etcd's words.
  const read = await t.throwsAsync(client.range({ key: key('/compact/a'), revision: first.header.revision }));
  t.regex(String(read?.message), /required revision has been compacted/);

  // Through the store, the same watch is the 410 Expired a client re-lists on.
  const store = await EtcdStore.connect({ endpoints: server.endpoint });
  t.teardown(() => store.close());
  const recorder = new WatchRecorder(store, '/compact/', first.header.revision);
  t.teardown(() => recorder.close());
  await recorder.until((events) => events.some((event) => event.type === 'ERROR'));
  const error = recorder.events.find((event) => event.type === 'ERROR');
  if (error?.type !== 'ERROR') throw new Error('no ERROR event');
  t.is(error.error.code, 'Compacted');
  const status = statusFromStorageError(error.error, { resource: { group: '', resource: 'pods' }, name: '', verb: 'watch' }).status;
  t.is(status.code, 410);
  t.is(status.reason, 'Expired');
});

test.serial('with two endpoints of a 3-member cluster, reads, writes and a watch carry on when the member in use dies', async (t) => {
  const cluster = await startEtcdCluster(3, 'etcd-client-failover');
  t.teardown(() => cluster.stop());
  const [inUse, other] = cluster.members;
  if (inUse === undefined || other === undefined) throw new Error('the cluster has fewer than two members');
  const client = new EtcdClient({ endpoints: [inUse.endpoint, other.endpoint], requestTimeoutMs: 5000, watchResumeMs: 10_000 });
  t.teardown(() => client.close());
  const before = await client.put({ key: key('/failover/a'), value: bytes('1') });
  const status = await client.status();
  const log = new WatcherLog(client, { key: key('/failover/'), rangeEnd: rangeEndOf('/failover/'), startRevision: before.header.revision });
  await log.until(() => log.events.length === 1, 'the first event');

  await inUse.kill();
  // The write's member is gone: it goes to the other one, as does the read after it.
  const after = await client.put({ key: key('/failover/b'), value: bytes('2') });
  t.true(after.header.revision > before.header.revision);
  const read = await client.range({ key: key('/failover/'), rangeEnd: rangeEndOf('/failover/') });
  t.deepEqual(
    read.kvs.map((kv) => text(kv.key)),
    ['/failover/a', '/failover/b'],
  );
  const otherStatus = await client.status();
  t.not(otherStatus.header.memberId, status.header.memberId);
  t.is(otherStatus.header.clusterId, status.header.clusterId);
  await log.until(() => log.events.length === 2, 'the event written after the failover');
  t.deepEqual(log.keys(), ['/failover/a', '/failover/b']);
  t.is(log.failure, undefined);
});

test.serial('a lease kept alive outlives its TTL and holds its key; revoked, the key is gone and the keepalive reports the loss', async (t) => {
  const server = await startEtcd('etcd-client-lease');
  t.teardown(() => server.stop());
  const client = new EtcdClient({ endpoints: [server.endpoint], requestTimeoutMs: 5000 });
  t.teardown(() => client.close());
  const lease = await client.leaseGrant(2);
  t.regex(lease.id, /^[1-9][0-9]*$/);
  t.is(lease.ttl, 2);
  await client.put({ key: key('/lease/holder'), value: bytes('me'), lease: lease.id });

  const started = Date.now();
  let renewals = 0;
  let lost: string | undefined;
  let wake: (() => void) | undefined;
  const keepAlive = client.leaseKeepAlive(lease.id, lease.ttl, {
    renewed: () => {
      renewals++;
      wake?.();
    },
    lost: (reason) => {
      lost = reason;
      wake?.();
    },
  });
  t.teardown(() => keepAlive.close());
  const until = (check: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not reached; renewals ${renewals}, lost ${lost}`)), 10_000);
      wake = () => {
        if (!check()) return;
        clearTimeout(timer);
        resolve();
      };
      wake();
    });
  // Renewed for longer than the TTL it was granted.
  await until(() => Date.now() - started > 2500 && renewals >= 3);
  t.is(lost, undefined);
  const held = await client.range({ key: key('/lease/holder') });
  t.is(text(held.kvs[0]?.value ?? new Uint8Array()), 'me');
  t.is(held.kvs[0]?.lease, lease.id);

  await client.leaseRevoke(lease.id);
  t.is((await client.range({ key: key('/lease/holder') })).kvs.length, 0);
  await until(() => lost !== undefined);
  t.regex(String(lost), /no longer has lease/);
});
