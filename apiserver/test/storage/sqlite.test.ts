import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import { storageContract } from './storage-contract.ts';
import { makeTempDir } from './temp-dir.ts';

storageContract('sqlite', {
  open: async () => {
    const dir = makeTempDir('sqlite');
    const storage = new SqliteStore({ dataDir: dir.path, futureRevisionWaitMs: 600, maxPendingWatchEvents: 50 });
    return {
      storage,
      close: async () => {
        await storage.close();
        dir.remove();
      },
    };
  },
});
