// The typed failures of the storage contract; the API layer maps each to an HTTP Status.

import type { Revision } from './storage.ts';

export type StorageErrorCode =
  | 'NotFound'
  | 'AlreadyExists'
  /** The key's modRevision is not the expected one. */
  | 'Conflict'
  /** The revision asked for is older than the compacted revision (HTTP 410 Gone). */
  | 'Compacted'
  /** The revision asked for is newer than the store's, even after a short wait (HTTP 504). */
  | 'FutureRevision'
  /** The backend cannot be reached, or is busy; nothing was written, and the same write may work in a moment. */
  | 'Unavailable'
  /** The backend refused the write (disk full, read-only or damaged file, I/O error); nothing was written. */
  | 'WriteFailed'
  /** A watcher fell too far behind and was closed; the client must list again. */
  | 'TooSlow';

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly key: string | undefined;
  /** For Compacted: the compacted revision; for FutureRevision: the store's current revision. */
  readonly revision: Revision | undefined;

  constructor(code: StorageErrorCode, message: string, options: { key?: string; revision?: Revision; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StorageError';
    this.code = code;
    this.key = options.key;
    this.revision = options.revision;
  }
}

export const notFound = (key: string): StorageError => new StorageError('NotFound', `key not found: ${key}`, { key });

export const alreadyExists = (key: string): StorageError => new StorageError('AlreadyExists', `key already exists: ${key}`, { key });

export const conflict = (key: string, expected: Revision, actual: Revision): StorageError =>
  new StorageError('Conflict', `revision mismatch for ${key}: expected ${expected}, found ${actual}`, { key });

export const compacted = (requested: Revision, compactedAt: Revision): StorageError =>
  new StorageError('Compacted', `revision ${requested} has been compacted (oldest available after ${compactedAt})`, {
    revision: compactedAt,
  });

export const futureRevision = (requested: Revision, current: Revision): StorageError =>
  new StorageError('FutureRevision', `revision ${requested} is newer than the current revision ${current}`, {
    revision: current,
  });

export const unavailable = (message: string, cause?: unknown): StorageError => new StorageError('Unavailable', message, { cause });

export const writeFailed = (message: string, cause?: unknown): StorageError => new StorageError('WriteFailed', message, { cause });

export const isStorageError = (error: unknown, code?: StorageErrorCode): error is StorageError => error instanceof StorageError && (code === undefined || error.code === code);
