// Every SQL statement of the embedded store, prepared once per database.

import type { DatabaseSync, StatementSync } from 'node:sqlite';

export interface Statements {
  readonly currentRevision: StatementSync;
  readonly compactedRevision: StatementSync;
  readonly setCompactedRevision: StatementSync;
  readonly getCurrent: StatementSync;
  readonly getAt: StatementSync;
  readonly listCurrent: StatementSync;
  readonly countCurrent: StatementSync;
  readonly listAt: StatementSync;
  readonly changesSince: StatementSync;
  readonly appendLog: StatementSync;
  readonly putCurrent: StatementSync;
  readonly deleteCurrent: StatementSync;
  readonly compact: StatementSync;
}

export function prepareStatements(db: DatabaseSync): Statements {
  return {
    currentRevision: db.prepare('SELECT coalesce(max(revision), 0) AS revision FROM kv_log'),
    compactedRevision: db.prepare("SELECT value FROM meta WHERE name = 'compacted_revision'"),
    setCompactedRevision: db.prepare("INSERT OR REPLACE INTO meta (name, value) VALUES ('compacted_revision', ?)"),
    getCurrent: db.prepare(
      `SELECT c.key, l.value, l.create_revision, c.mod_revision FROM kv c JOIN kv_log l ON l.revision = c.mod_revision
       WHERE c.key = ?`,
    ),
    getAt: db.prepare('SELECT key, value, create_revision, revision AS mod_revision FROM kv_log WHERE key = ? AND revision <= ? ORDER BY revision DESC LIMIT 1'),
    listCurrent: db.prepare(
      `SELECT c.key, l.value, l.create_revision, c.mod_revision FROM kv c JOIN kv_log l ON l.revision = c.mod_revision
       WHERE c.key > ? AND c.key < ? ORDER BY c.key LIMIT ?`,
    ),
    countCurrent: db.prepare('SELECT count(*) AS n FROM kv WHERE key > ? AND key < ?'),
    // SQLite takes the bare columns of an aggregate query from the row holding the max().
    listAt: db.prepare(
      `SELECT key, value, create_revision, max(revision) AS mod_revision FROM kv_log
       WHERE key > ? AND key < ? AND revision <= ? GROUP BY key HAVING value IS NOT NULL ORDER BY key LIMIT ?`,
    ),
    changesSince: db.prepare(
      `SELECT l.revision, l.key, l.value, l.create_revision,
              p.value AS prev_value, p.create_revision AS prev_create_revision, p.revision AS prev_mod_revision
       FROM kv_log l LEFT JOIN kv_log p ON p.revision = l.prev_revision
       WHERE l.revision > ? AND l.key > ? AND l.key < ? ORDER BY l.revision`,
    ),
    appendLog: db.prepare('INSERT INTO kv_log (revision, key, value, create_revision, prev_revision) VALUES (?, ?, ?, ?, ?)'),
    putCurrent: db.prepare('INSERT OR REPLACE INTO kv (key, mod_revision) VALUES (?, ?)'),
    deleteCurrent: db.prepare('DELETE FROM kv WHERE key = ?'),
    // Keep, for each key, its latest version at or before the compacted revision unless that is a
    // delete: exactly what reads at or after it need, and the previous object of every later change.
    compact: db.prepare(
      `DELETE FROM kv_log WHERE revision < ?1 AND (value IS NULL OR EXISTS (
         SELECT 1 FROM kv_log n WHERE n.key = kv_log.key AND n.revision > kv_log.revision AND n.revision <= ?1))`,
    ),
  };
}
