import test from 'ava';
import { DryRunStorage } from '../../src/storage/dry-run-storage.ts';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import { isStorageError } from '../../src/storage/storage-error.ts';
import { makeTempDir } from './temp-dir.ts';
import { bytes } from './watch-recorder.ts';

const text = (value: Uint8Array | undefined): string | undefined => (value === undefined ? undefined : Buffer.from(value).toString());

test('dry-run writes check what the real writes check, answer as they would, and write nothing', async (t) => {
  const dir = makeTempDir('dry-run');
  const store = new SqliteStore({ dataDir: dir.path });
  t.teardown(async () => {
    await store.close();
    dir.remove();
  });
  const dry = new DryRunStorage(store);
  const stored = await store.create('/registry/things/a', bytes('1'));
  const revision = await store.currentRevision();

  // Create: a free key answers revision 0 and stays free; a taken one is AlreadyExists.
  const created = await dry.create('/registry/things/b', bytes('new'));
  t.like(created, { key: '/registry/things/b', modRevision: 0, createRevision: 0 });
  t.is((await store.get('/registry/things/b')).kv, undefined);
  t.true(isStorageError(await t.throwsAsync(dry.create('/registry/things/a', bytes('x'))), 'AlreadyExists'));

  // Update: the new value at the current revision; a stale revision is a Conflict, a missing key NotFound.
  const updated = await dry.update('/registry/things/a', bytes('2'), stored.modRevision);
  t.is(text(updated.value), '2');
  t.is(updated.modRevision, stored.modRevision);
  t.true(isStorageError(await t.throwsAsync(dry.update('/registry/things/a', bytes('2'), stored.modRevision + 100)), 'Conflict'));
  t.true(isStorageError(await t.throwsAsync(dry.update('/registry/things/c', bytes('2'), 1)), 'NotFound'));

  // Delete: the object as it is, at its revision; preconditions as a real delete's.
  const deleted = await dry.delete('/registry/things/a', stored.modRevision);
  t.is(text(deleted.prev.value), '1');
  t.is(deleted.revision, stored.modRevision);
  t.true(isStorageError(await t.throwsAsync(dry.delete('/registry/things/a', stored.modRevision + 100)), 'Conflict'));

  // Nothing was written.
  t.is(text((await store.get('/registry/things/a')).kv?.value), '1');
  t.is(await store.currentRevision(), revision);
});
