import { Cacher } from '../../src/storage/cacher/cacher.ts';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import { storageContract } from './storage-contract.ts';
import { makeTempDir } from './temp-dir.ts';

storageContract('cacher over sqlite', {
  open: async () => {
    const dir = makeTempDir('cacher-sqlite');
    const store = new SqliteStore({ dataDir: dir.path, futureRevisionWaitMs: 600 });
    const storage = new Cacher(store, { resourcePrefixes: ['/registry/'], freshnessWaitMs: 3000, maxPendingWatchEvents: 50 });
    await storage.ready();
    return {
      storage,
      close: async () => {
        await storage.close();
        dir.remove();
      },
    };
  },
});
