import test from 'ava';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '@capstan/apiserver';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
const run = (...args: string[]) => spawnSync(process.execPath, [capstan, ...args], { encoding: 'utf8' });

test('capstan version names the Kubernetes API it speaks', (t) => {
  const result = run('version');
  t.is(result.status, 0);
  t.regex(result.stdout, /^Capstan v\d+\.\d+\.\d+ \(Kubernetes API 1\.35\)\n$/);
});

test('capstan storage reads what the embedded store holds, at the latest and at an old revision', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'capstan-cli-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = new SqliteStore({ dataDir });
  const first = await store.create('/registry/configmaps/default/a', new TextEncoder().encode('{"v":1}'));
  await store.update('/registry/configmaps/default/a', new TextEncoder().encode('{"v":2}'), first.modRevision);
  await store.close();

  const latest = run('storage', 'get', '/registry/configmaps/default/a', `--data-dir=${dataDir}`);
  t.is(latest.status, 0, latest.stderr);
  t.is(latest.stdout, '/registry/configmaps/default/a (revision 2)\n{"v":2}\n');
  const old = run('storage', 'get', '/registry/configmaps/default/a', '--data-dir', dataDir, '--revision=1');
  t.is(old.stdout, '/registry/configmaps/default/a (revision 1)\n{"v":1}\n');
  const keys = run('storage', 'list', '/registry/configmaps/', `--data-dir=${dataDir}`, '--keys-only');
  t.is(keys.stdout, '/registry/configmaps/default/a\n');
  t.is(run('storage', 'revision', `--data-dir=${dataDir}`).stdout, '2\n');
  const missing = run('storage', 'get', '/registry/configmaps/default/none', `--data-dir=${dataDir}`);
  t.is(missing.status, 1);
});

test('capstan fails clearly on unknown commands, unknown flags and bad values', (t) => {
  const unknownCommand = run('launch');
  t.is(unknownCommand.status, 1);
  t.regex(unknownCommand.stderr, /^Error: unknown command "launch" for "capstan"/);
  const unknownFlag = run('storage', 'revision', '--bogus=1');
  t.is(unknownFlag.status, 1);
  t.is(unknownFlag.stderr, 'Error: unknown flag: --bogus\n');
  const badValue = run('storage', 'revision', '--storage-backend=mysql');
  t.is(badValue.status, 1);
  t.regex(badValue.stderr, /invalid argument "mysql" for "--storage-backend" flag/);
});
