// A store file that cannot be used: every failure at open names the file, a damaged file is refused
// before anything is served or written into it, and shutdown never throws.

import test from 'ava';
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { databaseFileName } from '../src/storage/sqlite/schema.ts';
import { mountSmallTmpfs } from '../../common/test/small-tmpfs.ts';
import { makeTempDir } from './storage/temp-dir.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
const pageSize = 16384;

/** A store of `count` ConfigMap-sized objects, closed, with one page of its file overwritten by garbage. */
async function corruptStore(dataDir: string, count = 300): Promise<string> {
  const store = new SqliteStore({ dataDir });
  const value = new TextEncoder().encode(JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', data: { a: 'x'.repeat(500) } }));
  for (let i = 0; i < count; i++) await store.create(`/registry/configmaps/default/cm-${i}`, value);
  await store.close();
  const path = join(dataDir, databaseFileName);
  if (statSync(path).size < 6 * pageSize) throw new Error('the store file is too small to damage a page in its middle');
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, 3 * pageSize);
  closeSync(fd);
  return path;
}

test('a file that is no database is refused with its path', (t) => {
  const dir = makeTempDir('open-notadb');
  t.teardown(() => dir.remove());
  const path = join(dir.path, databaseFileName);
  writeFileSync(path, 'this is not an SQLite file, but long enough to have a header of one: '.repeat(4));
  t.throws(() => new SqliteStore({ dataDir: dir.path }), {
    message: `cannot open the store ${JSON.stringify(path)}: file is not a database (SQLITE_NOTADB)`,
  });
  // The failed open let go of the directory's lock.
  writeFileSync(path, '');
  const store = new SqliteStore({ dataDir: dir.path });
  t.teardown(() => store.close());
  t.pass();
});

test('a data directory that cannot hold the file, and a read of a missing store, name the path', (t) => {
  const dir = makeTempDir('open-cantopen');
  t.teardown(() => dir.remove());
  // The database file's name taken by a directory: SQLite cannot open it.
  mkdirSync(join(dir.path, databaseFileName));
  t.throws(() => new SqliteStore({ dataDir: dir.path }), {
    message: `cannot open the store ${JSON.stringify(join(dir.path, databaseFileName))}: unable to open database file (SQLITE_CANTOPEN)`,
  });
  const missing = join(dir.path, 'nothing-here');
  t.throws(() => new SqliteStore({ dataDir: missing, readOnly: true }), {
    message: `cannot open the store ${JSON.stringify(join(missing, databaseFileName))}: unable to open database file (SQLITE_CANTOPEN)`,
  });
});

test('a store on a file system that is read-only is refused with its path', async (t) => {
  const fs = mountSmallTmpfs(t, '4m');
  if (fs === undefined) return t.pass();
  const store = new SqliteStore({ dataDir: fs.path });
  await store.create('/registry/configmaps/default/a', new TextEncoder().encode('{}'));
  await store.close();
  fs.remount('ro');
  const error = t.throws(() => new SqliteStore({ dataDir: fs.path }));
  // The lock file cannot be opened for writing first: that names the directory's lock.
  t.true(error?.message.includes(JSON.stringify(join(fs.path, 'capstan.lock'))), error?.message);
  t.regex(error?.message ?? '', /read-only file system/);
});

test('a store file with a damaged page is refused at open, with its path and what to do', async (t) => {
  const dir = makeTempDir('open-corrupt');
  t.teardown(() => dir.remove());
  const path = await corruptStore(dir.path);
  const error = t.throws(() => new SqliteStore({ dataDir: dir.path }));
  t.true(error?.message.startsWith(`the store ${JSON.stringify(path)} is corrupt (quick_check: `), error?.message);
  t.regex(error?.message ?? '', /restore the file from a backup/);
  t.regex(error?.message ?? '', /\.recover/);
  // The full check finds it too; and the lock of the directory was released each time.
  t.throws(() => new SqliteStore({ dataDir: dir.path, integrityCheck: 'full' }), { message: /is corrupt \(integrity_check: / });
});

test('capstan apiserver refuses a damaged store; with the check off it serves, and SIGTERM ends it cleanly', async (t) => {
  const dir = makeTempDir('apiserver-corrupt');
  t.teardown(() => dir.remove());
  const path = await corruptStore(dir.path);

  const refused = await runToEnd(['apiserver', '--secure-port=0', `--data-dir=${dir.path}`, '--logging-format=json']);
  t.is(refused.code, 1);
  t.true(refused.stderr.startsWith(`Error: the store ${JSON.stringify(path)} is corrupt (quick_check: `), refused.stderr);

  // Unchecked, the server starts on the damaged file; its reads fail, and a termination signal must
  // still end it with exit code 0, no unhandled error, and promptly.
  const child = spawn(process.execPath, [capstan, 'apiserver', '--secure-port=0', `--data-dir=${dir.path}`, '--logging-format=json', '--storage-integrity-check=none'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => void child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const serving = new Promise<void>((resolve) => child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('serving on') && resolve()));
  await Promise.race([serving, exited.then(() => Promise.reject(new Error(`the server exited:\n${stderr}`)))]);
  // It tried the damaged store at least once before it is stopped.
  await new Promise<void>((resolve) => child.stderr.on('data', (chunk: string) => chunk.includes('malformed') && resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await exited;
  clearTimeout(timer);
  t.is(code, 0, stderr.slice(-3000));
  // Nothing but log lines: an unhandled error would print its stack.
  for (const line of stderr.trim().split('\n')) t.notThrows(() => JSON.parse(line), line);
});

function runToEnd(args: readonly string[], timeoutMs = 60_000): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [capstan, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
