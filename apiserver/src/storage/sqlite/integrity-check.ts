// The start-up check of the database file (--storage-integrity-check): SQLite's quick_check by
// default (every page readable and well-formed; cost measured in docs/performance.md), its full
// integrity_check (also that every index matches its table) on demand, or none. A corrupt file is
// refused before anything is served or written into it.

import type { DatabaseSync } from 'node:sqlite';
import { describeSqliteError } from './sqlite-failure.ts';

export const integrityChecks = ['quick', 'full', 'none'] as const;
export type IntegrityCheck = (typeof integrityChecks)[number];

export class CorruptDatabaseError extends Error {
  override name = 'CorruptDatabaseError';
}

/** At most this many of SQLite's findings go into the message. */
const findingsShown = 5;

export function checkIntegrity(db: DatabaseSync, path: string, mode: IntegrityCheck): void {
  if (mode === 'none') return;
  const pragma = mode === 'full' ? 'integrity_check' : 'quick_check';
  let findings: string[];
  try {
    findings = db
      .prepare(`PRAGMA ${pragma}(${findingsShown})`)
      .all()
      .map((row) => String(Object.values(row)[0]));
  } catch (error) {
    // A page too damaged to walk fails the check itself ("database disk image is malformed").
    findings = [describeSqliteError(error)];
  }
  if (findings.length === 1 && findings[0] === 'ok') return;
  throw new CorruptDatabaseError(
    `the store ${JSON.stringify(path)} is corrupt (${pragma}: ${findings.join('; ')}). ` +
      'Stop every process that uses it, then restore the file from a backup, or salvage what is readable with ' +
      `\`sqlite3 ${path} .recover | sqlite3 recovered.db\` and put recovered.db in its place, ` +
      'or move the file aside to start with an empty store.',
  );
}
