// A copy of a freshly started store, written into the data directory of the next control plane:
// the bootstrap objects (system namespaces, RBAC roles, priority classes, flow-control
// configuration, the kubernetes Service) are written once per test process instead of at every
// start. The post-start hooks still run on the copy and find nothing to create, so a copy is as
// good as a first start; it is what makes a start after the first well under a second.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The embedded store's file (apiserver/src/storage/sqlite/schema.ts) and what SQLite keeps beside it. */
const databaseFile = 'capstan.db';
const skipped = new Set([databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`, 'capstan.lock']);

/** The data directory's files, by path relative to it. */
export type StoreSnapshot = ReadonlyMap<string, Buffer>;

/**
 * The data directory of a running server, read while it is idle: the store through SQLite's
 * VACUUM INTO (a consistent copy beside a writer, without its WAL), the other files (the service
 * account key, the serving certificate) as they are.
 */
export function snapshotDataDir(dataDir: string): StoreSnapshot {
  const files = new Map<string, Buffer>();
  const copy = join(tmpdir(), `capstan-testenv-snapshot-${process.pid}-${Date.now()}.db`);
  const db = new DatabaseSync(join(dataDir, databaseFile), { readOnly: true });
  try {
    db.exec(`VACUUM INTO '${copy.replaceAll("'", "''")}'`);
    files.set(databaseFile, readFileSync(copy));
  } finally {
    db.close();
    rmSync(copy, { force: true });
  }
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dataDir, join(entry.parentPath, entry.name));
    if (!skipped.has(path)) files.set(path, readFileSync(join(entry.parentPath, entry.name)));
  }
  return files;
}

export function writeSnapshot(snapshot: StoreSnapshot, dataDir: string): void {
  for (const [path, bytes] of snapshot) {
    const file = join(dataDir, path);
    mkdirSync(dirname(file), { recursive: true });
    // Keys stay readable by their owner only, as the server writes them.
    writeFileSync(file, bytes, { mode: path.endsWith('.key') ? 0o600 : 0o644 });
  }
}
