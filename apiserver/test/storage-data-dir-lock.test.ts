// One server per data directory: the embedded store's lock, as real `capstan` processes meet it.

import test from 'ava';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import { eventually } from '../../common/test/eventually.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `capstan ...` to its end; a run that does not end in time is killed and fails the test. */
function capstanRun(args: readonly string[], timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [capstan, ...args], { timeout: timeoutMs, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error?.killed) reject(new Error(`capstan ${args.join(' ')} did not end in ${timeoutMs / 1000} s:\n${stdout}\n${stderr}`));
      else resolve({ code: child.exitCode, stdout, stderr });
    });
  });
}

test('a second API server on the same data directory refuses to start, naming the directory and the holder', async (t) => {
  const first = await startApiServerChild({ prefix: 'capstan-lock-' });
  t.teardown(() => first.stop());
  const dataDir = join(first.dir, 'data');

  const second = await capstanRun(['apiserver', '--secure-port=0', `--data-dir=${dataDir}`, '--logging-format=json']);
  t.is(second.code, 1, second.stderr);
  t.is(second.stdout, '');
  t.is(
    second.stderr,
    `Error: the data directory ${JSON.stringify(dataDir)} is in use by another process (pid ${first.child.pid}), which holds the lock ${JSON.stringify(join(dataDir, 'capstan.lock'))}: stop that process first, or give this one another --data-dir\n`,
  );
  // The first server was not disturbed: it still writes and serves.
  const created = await fetch(`${first.url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'still-mine' } }),
  });
  t.is(created.status, 201);
});

test('capstan storage compact and put take the same lock; get reads beside a running server', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-lock-' });
  t.teardown(() => server.stop());
  const dataDir = join(server.dir, 'data');

  const compact = await capstanRun(['storage', 'compact', '1', `--data-dir=${dataDir}`]);
  t.is(compact.code, 1);
  t.regex(compact.stderr, new RegExp(`^Error: the data directory .* is in use by another process \\(pid ${server.child.pid}\\)`));
  const put = await capstanRun(['storage', 'put', '/registry/configmaps/default/x', '{}', `--data-dir=${dataDir}`]);
  t.is(put.code, 1);
  t.regex(put.stderr, /is in use by another process/);

  const revision = await capstanRun(['storage', 'revision', `--data-dir=${dataDir}`]);
  t.is(revision.code, 0, revision.stderr);
  t.regex(revision.stdout, /^\d+\n$/);
  const namespace = await capstanRun(['storage', 'get', '/registry/namespaces/default', `--data-dir=${dataDir}`, '--keys-only']);
  t.is(namespace.stdout, '/registry/namespaces/default\n', namespace.stderr);
});

test('a lock left by a server killed with SIGKILL does not block the next start on its directory', async (t) => {
  const first = await startApiServerChild({ prefix: 'capstan-lock-' });
  t.teardown(() => first.stop());
  const dataDir = join(first.dir, 'data');
  first.child.kill('SIGKILL');
  await eventually('the first server to be gone', async () => (first.child.exitCode !== null || first.child.signalCode !== null ? true : undefined));

  // The same directory, with the first server's pid still written in its lock file.
  const compact = await capstanRun(['storage', 'revision', `--data-dir=${dataDir}`]);
  const revision = Number(compact.stdout);
  t.true(revision > 0, compact.stderr);
  const put = await capstanRun(['storage', 'put', '/registry/configmaps/default/after-kill', '{}', `--data-dir=${dataDir}`]);
  t.is(put.code, 0, put.stderr);
  t.is(put.stdout, `put /registry/configmaps/default/after-kill at revision ${revision + 1}\n`);
});
