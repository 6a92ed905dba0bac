import test from 'ava';
import { Compactor } from '../../src/storage/compactor.ts';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import { isStorageError } from '../../src/storage/storage-error.ts';
import { makeTempDir } from './temp-dir.ts';
import { bytes } from './watch-recorder.ts';

test('compactor keeps the configured history and forgets what is older', async (t) => {
  const dir = makeTempDir('compactor');
  const store = new SqliteStore({ dataDir: dir.path });
  t.teardown(async () => {
    await store.close();
    dir.remove();
  });
  const compactor = new Compactor(store, { historyMs: 60_000 });
  const v1 = await store.create('/registry/things/a', bytes('1'));
  await compactor.tick(0);
  const v2 = await store.update('/registry/things/a', bytes('2'), v1.modRevision);
  await compactor.tick(30_000);
  const v3 = await store.update('/registry/things/a', bytes('3'), v2.modRevision);
  // 60 s after the first sample: history back to it is kept, nothing older.
  await compactor.tick(60_000);
  t.is((await store.get('/registry/things/a', { revision: v1.modRevision })).kv?.modRevision, v1.modRevision);
  // 90 s: the sample of 30 s ago is the newest one a minute old; revision v2 stays readable, v1 goes.
  await compactor.tick(90_000);
  const error = await t.throwsAsync(store.get('/registry/things/a', { revision: v1.modRevision }));
  t.true(isStorageError(error, 'Compacted'));
  t.is((await store.get('/registry/things/a', { revision: v2.modRevision })).kv?.modRevision, v2.modRevision);
  t.is((await store.get('/registry/things/a')).kv?.modRevision, v3.modRevision);
});
