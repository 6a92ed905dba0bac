import { errorMessage, fieldAt } from '@capstan/common';
// What a node:sqlite error says, in SQLite's own names: the result code (SQLITE_FULL, SQLITE_NOTADB,
// ...) that an operator can look up, and whether a failed write is worth retrying as it is.

/** SQLite's primary result codes (the low byte of an extended code) that the store meets. */
const resultCodeNames: Readonly<Record<number, string>> = {
  1: 'SQLITE_ERROR',
  3: 'SQLITE_PERM',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  26: 'SQLITE_NOTADB',
};

/** The SQLite result code name of an error, e.g. "SQLITE_FULL"; undefined for an error SQLite did not raise. */
export function sqliteCodeName(error: unknown): string | undefined {
  const errcode = fieldAt(error, 'errcode');
  if (typeof errcode !== 'number') return undefined;
  return resultCodeNames[errcode & 0xff] ?? `SQLITE error ${errcode}`;
}

/** "database or disk is full (SQLITE_FULL)", or the plain message of an error SQLite did not raise. */
export function describeSqliteError(error: unknown): string {
  const message = errorMessage(error);
  const name = sqliteCodeName(error);
  return name === undefined ? message : `${message} (${name})`;
}

/** A lock held by another connection: the same write may succeed in a moment. */
export function isTransientSqliteError(error: unknown): boolean {
  const name = sqliteCodeName(error);
  return name === 'SQLITE_BUSY' || name === 'SQLITE_LOCKED';
}
