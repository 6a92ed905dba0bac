// The embedded store's database file: a log keyed by revision (the history and the only copy of
// each value), an index on (key, revision) for reads at old revisions, and a small table that
// points every live key at its latest log entry.

import { DatabaseSync } from 'node:sqlite';
import { checkIntegrity, CorruptDatabaseError, type IntegrityCheck } from './integrity-check.ts';
import { describeSqliteError } from './sqlite-failure.ts';

export const databaseFileName = 'capstan.db';

export interface OpenDatabaseOptions {
  /** Open for reads only: no schema is written, and a missing file is an error. */
  readonly readOnly?: boolean;
  readonly integrityCheck?: IntegrityCheck;
}

/**
 * Opens (or creates) the database file, checks it, and sets up the schema. Every failure names the
 * file, since SQLite's own messages ("file is not a database") do not.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): DatabaseSync {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: options.readOnly ?? false });
    if (options.readOnly === true) db.exec('PRAGMA busy_timeout = 10000');
    else configure(db);
    // Reading the schema is the first read: a file that is no database fails here, not as corrupt.
    db.exec('SELECT count(*) FROM sqlite_schema');
    // Checked before the tables are created: nothing is written into a corrupt file.
    checkIntegrity(db, path, options.integrityCheck ?? 'quick');
    if (options.readOnly !== true) createTables(db);
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // The open failed already; that is the error to report.
    }
    if (error instanceof CorruptDatabaseError) throw error;
    throw new Error(`cannot open the store ${JSON.stringify(path)}: ${describeSqliteError(error)}`, { cause: error });
  }
}

function configure(db: DatabaseSync): void {
  // WAL with synchronous=FULL: every commit is on disk before it is acknowledged, and it survives
  // kill -9 and power loss. Checkpoints stay in the committing thread: measured, a checkpoint thread
  // of its own never lets the WAL restart under steady writes, and one writer's commits got slower.
  // 16 KiB pages hold several 2 KiB objects each: measured against 4 KiB, 64 writes in flight went
  // from ~36,000/s to ~54,000/s, one writer stayed within the noise. (Only a new file takes it.)
  db.exec(`
    PRAGMA page_size = 16384;
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA busy_timeout = 10000;
    PRAGMA wal_autocheckpoint = 1000;
    PRAGMA foreign_keys = OFF;
  `);
}

function createTables(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS kv_log (
      revision INTEGER PRIMARY KEY,
      key TEXT NOT NULL,
      value BLOB,
      create_revision INTEGER NOT NULL,
      prev_revision INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS kv_log_key_revision ON kv_log (key, revision);
    CREATE TABLE IF NOT EXISTS kv (
      key TEXT PRIMARY KEY,
      mod_revision INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS meta (
      name TEXT PRIMARY KEY,
      value INTEGER NOT NULL
    ) WITHOUT ROWID;
  `);
}
