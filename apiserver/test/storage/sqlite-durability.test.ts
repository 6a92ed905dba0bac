import test from 'ava';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import { databaseFileName } from '../../src/storage/sqlite/schema.ts';
import { makeTempDir } from './temp-dir.ts';
import { bytes, text } from './watch-recorder.ts';

test('sqlite: a restart keeps the data, the history and the revision', async (t) => {
  const dir = makeTempDir('sqlite-restart');
  t.teardown(() => dir.remove());
  const first = new SqliteStore({ dataDir: dir.path });
  const a = await first.create('/registry/things/a', bytes('a1'));
  const a2 = await first.update('/registry/things/a', bytes('a2'), a.modRevision);
  await first.create('/registry/things/b', bytes('b1'));
  await first.delete('/registry/things/b');
  const revision = await first.currentRevision();
  await first.compact(a2.modRevision);
  await first.close();

  const second = new SqliteStore({ dataDir: dir.path });
  t.teardown(() => second.close());
  t.is(await second.currentRevision(), revision);
  t.is(text((await second.get('/registry/things/a')).kv?.value), 'a2');
  t.is((await second.get('/registry/things/b')).kv, undefined);
  t.is(text((await second.get('/registry/things/b', { revision: revision - 1 })).kv?.value), 'b1');
  await t.throwsAsync(second.get('/registry/things/a', { revision: a.modRevision }), { message: /compacted/ });
  const next = await second.create('/registry/things/c', bytes('c1'));
  t.is(next.modRevision, revision + 1);
});

test('sqlite: kill -9 during a write storm loses no acknowledged write and half-applies none', async (t) => {
  const dir = makeTempDir('sqlite-crash');
  t.teardown(() => dir.remove());
  const child = spawn(process.execPath, [join(import.meta.dirname, 'crash-writer.ts'), dir.path], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
  });
  // Let the storm run until plenty of writes are acknowledged, then kill it mid-flight.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${output.split('\n').length} writes in 20 s`)), 20_000);
    child.stdout.on('data', () => {
      if (output.split('\n').length > 3000) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('close', resolve));
  const acknowledged = output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(' ').map(Number) as [number, number]);
  t.true(acknowledged.length > 3000);

  const store = new SqliteStore({ dataDir: dir.path });
  t.teardown(() => store.close());
  const current = await store.currentRevision();
  for (const [n, revision] of acknowledged) {
    const kv = (await store.get(`/registry/crash/k${n}`)).kv;
    t.is(kv?.modRevision, revision, `write ${n} is missing`);
  }
  t.true(current >= Math.max(...acknowledged.map(([, revision]) => revision)));
  // Every object that made it is whole, and the current state agrees with the log.
  const listed = await store.list('/registry/crash/');
  for (const kv of listed.items) {
    const value = text(kv.value) as string;
    const [n, payload, sum] = value.split(':');
    t.is(createHash('sha256').update(`${n}:${payload}`).digest('hex'), sum ?? '');
    t.is(kv.key, `/registry/crash/k${n}`);
  }
  const history = await store.list('/registry/crash/', { revision: current });
  t.deepEqual(
    history.items.map((kv) => kv.modRevision),
    listed.items.map((kv) => kv.modRevision),
  );
  const revisions = listed.items.map((kv) => kv.modRevision).sort((a, b) => a - b);
  t.deepEqual(
    revisions,
    Array.from({ length: revisions.length }, (_, i) => i + 1),
    'revisions have no gaps',
  );
  await store.close();
  const db = new DatabaseSync(join(dir.path, databaseFileName));
  t.is(db.prepare('PRAGMA integrity_check').get()?.integrity_check, 'ok');
  db.close();
});
