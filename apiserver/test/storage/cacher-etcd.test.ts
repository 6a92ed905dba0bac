// The storage contract through the watch cache in front of a real etcd.

import test from 'ava';
import { Cacher } from '../../src/storage/cacher/cacher.ts';
import { EtcdStore } from '../../src/storage/etcd/etcd-store.ts';
import { type EtcdServer, startEtcd } from './etcd-server.ts';
import { storageContract } from './storage-contract.ts';

let server: EtcdServer | undefined;

test.before(async () => {
  server = await startEtcd('cacher-etcd-test');
});

test.after.always(async () => {
  await server?.stop();
});

storageContract('cacher over etcd', {
  serial: true,
  open: async () => {
    if (server === undefined) throw new Error('etcd did not start');
    const store = await EtcdStore.connect({ endpoints: server.endpoint, futureRevisionWaitMs: 600 });
    const storage = new Cacher(store, { resourcePrefixes: ['/registry/'], freshnessWaitMs: 3000, maxPendingWatchEvents: 50 });
    await storage.ready();
    return { storage, close: () => storage.close() };
  },
});
