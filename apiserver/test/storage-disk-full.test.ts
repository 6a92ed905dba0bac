// A full disk under the embedded store: writes answer as kube-apiserver answers an etcd write error
// (500, the store's message), the cause is logged once per burst with the file's path, readyz fails
// while the store cannot write, and all of it comes back once space does.

import test from 'ava';
import { rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import { eventually } from '../../common/test/eventually.ts';
import { mountSmallTmpfs } from '../../common/test/small-tmpfs.ts';

const configMaps = '/api/v1/namespaces/default/configmaps';

// Room for a start: the bootstrap policy's roles and bindings alone write about 7 MiB of WAL.

test('a full disk fails writes with 500 and the store message, fails readyz, logs SQLITE_FULL once, and recovers', async (t) => {
  const fs = mountSmallTmpfs(t, '16m');
  if (fs === undefined) return t.pass();
  const dataDir = join(fs.path, 'data');
  const server = await startApiServerChild({ prefix: 'capstan-full-', args: [`--data-dir=${dataDir}`] });
  t.teardown(() => server.stop());
  let log = '';
  server.child.stderr?.on('data', (chunk: string) => (log += chunk));
  const create = (name: string): Promise<Response> =>
    fetch(`${server.url}${configMaps}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name }, data: { blob: 'x'.repeat(64 * 1024) } }),
    });
  t.is((await create('before')).status, 201);

  // Take every free byte of the file system.
  const filler = join(fs.path, 'filler');
  const { bavail, bsize } = statfsSync(fs.path);
  writeFileSync(filler, Buffer.alloc(Number(bavail) * Number(bsize)));

  for (const name of ['full-1', 'full-2', 'full-3']) {
    const refused = await create(name);
    t.is(refused.status, 500);
    const body = (await refused.json()) as Record<string, unknown>;
    // kube-apiserver's body for a store error that is not a Status: no reason, the store's words.
    t.deepEqual(body, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'sqlite: database or disk is full (SQLITE_FULL)', code: 500 });
  }
  const notReady = await fetch(`${server.url}/readyz`);
  t.is(notReady.status, 500);
  t.regex(await notReady.text(), /\[-\]storage-writable failed: reason withheld\n/);
  // Restarting would not free the disk: livez stays healthy.
  t.is((await fetch(`${server.url}/livez`)).status, 200);
  t.is((await fetch(`${server.url}${configMaps}/before`)).status, 200);

  const logged = (): string[] => log.split('\n').filter((line) => line.includes('SQLITE_FULL') && line.includes('the store cannot write'));
  const cause = await eventually('the full disk to be logged', async () => logged()[0]);
  t.like(JSON.parse(cause) as Record<string, unknown>, { level: 50, code: 'SQLITE_FULL', path: join(dataDir, 'capstan.db') });
  t.is(logged().length, 1, 'one log line for the whole burst');

  rmSync(filler);
  await eventually('readyz to pass again', async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined));
  t.is((await create('after')).status, 201);
  await eventually('the recovery to be logged', async () => (log.includes('"msg":"the store writes again"') ? true : undefined));
  t.is(logged().length, 1);
});

test('an API server whose disk is full still shuts down cleanly on SIGTERM', async (t) => {
  const fs = mountSmallTmpfs(t, '16m');
  if (fs === undefined) return t.pass();
  const server = await startApiServerChild({ prefix: 'capstan-full-stop-', args: [`--data-dir=${join(fs.path, 'data')}`] });
  t.teardown(() => server.stop('SIGKILL'));
  let log = '';
  server.child.stderr?.on('data', (chunk: string) => (log += chunk));
  const { bavail, bsize } = statfsSync(fs.path);
  writeFileSync(join(fs.path, 'filler'), Buffer.alloc(Number(bavail) * Number(bsize)));
  const refused = await fetch(`${server.url}${configMaps}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'no-room' }, data: { blob: 'x'.repeat(64 * 1024) } }),
  });
  t.is(refused.status, 500);
  // The final checkpoint cannot write either: the process must end all the same, with code 0.
  t.is(await server.stop('SIGTERM'), 0, log.slice(-3000));
  for (const line of log.trim().split('\n')) t.notThrows(() => JSON.parse(line), line);
});
