// The exclusive lock of the embedded store's data directory: one process at a time writes the
// database, since each writer keeps its own revision counter in memory (two of them would hand out
// the same revisions, hide each other's writes from lists and watches, and wedge each other).
//
// The lock is an flock(2) on <data-dir>/capstan.lock, held through a descriptor this process keeps
// open (see common's flock): the kernel drops it when the process ends, however it ends, so a
// server killed with SIGKILL never blocks the next start. It was chosen over the alternatives:
// - a pid file checked for liveness races (two starts read "no holder" at once) and is fooled by a
//   reused pid;
// - SQLite's `locking_mode=EXCLUSIVE` takes its lock only at the first read and would also shut out
//   `capstan storage get`, which reads a live store safely through WAL.
// The holder writes its pid into the file, only to name it to a process that finds the lock held.

import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tryFlockSync, errorMessage } from '@capstan/common';

export const lockFileName = 'capstan.lock';

export class DataDirLockError extends Error {
  override name = 'DataDirLockError';
}

export class DataDirLock {
  readonly path: string;
  #fd: number | undefined;

  private constructor(path: string, fd: number) {
    this.path = path;
    this.#fd = fd;
  }

  /** Takes the lock of the directory, or throws a DataDirLockError that names the directory and the holder's pid. */
  static acquire(dataDir: string): DataDirLock {
    const path = join(dataDir, lockFileName);
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
    } catch (error) {
      throw new DataDirLockError(`cannot open the lock file ${JSON.stringify(path)} of the data directory: ${errorMessage(error)}`);
    }
    let locked: boolean;
    try {
      locked = tryFlockSync(fd);
    } catch (error) {
      closeSync(fd);
      throw new DataDirLockError(`cannot lock the data directory ${JSON.stringify(dataDir)}: ${errorMessage(error)}`);
    }
    if (!locked) {
      closeSync(fd);
      const holder = readHolder(path);
      throw new DataDirLockError(
        `the data directory ${JSON.stringify(dataDir)} is in use by another process (${holder === undefined ? 'pid unknown' : `pid ${holder}`}), ` +
          `which holds the lock ${JSON.stringify(path)}: stop that process first, or give this one another --data-dir`,
      );
    }
    try {
      ftruncateSync(fd, 0);
      writeSync(fd, `${process.pid}\n`, 0);
    } catch {
      // The pid is only a courtesy to the next process; a full disk must not stop a start.
    }
    return new DataDirLock(path, fd);
  }

  /** Releases the lock (closing the descriptor ends it). Idempotent. */
  release(): void {
    if (this.#fd === undefined) return;
    const fd = this.#fd;
    this.#fd = undefined;
    closeSync(fd);
  }
}

function readHolder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
