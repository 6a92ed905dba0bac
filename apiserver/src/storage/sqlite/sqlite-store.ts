// The embedded store (the default backend): one SQLite database file under the data directory,
// owned by this process (it holds the data directory's lock). Reads are answered synchronously from
// the file; writes go through group commit; watches are fed from the commits and, for a start in
// the past, from the log.

import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { prefixEnd } from '../keys.ts';
import { RevisionWaiter } from '../revision-waiter.ts';
import { compacted, futureRevision, isStorageError, unavailable, writeFailed, type StorageError } from '../storage-error.ts';
import {
  changedKey,
  type ChangeEvent,
  type DeleteResult,
  type GetResult,
  type KeyValue,
  type ListOptions,
  type ListResult,
  type ReadOptions,
  type Revision,
  type Storage,
  type Watch,
  type WatchEvent,
  type WatchListener,
} from '../storage.ts';
import { WatchChannel } from '../watch-channel.ts';
import { DataDirLock } from './data-dir-lock.ts';
import { GroupCommit } from './group-commit.ts';
import type { IntegrityCheck } from './integrity-check.ts';
import { keyValueFromRow, watchEventFromChangeRow } from './rows.ts';
import { databaseFileName, openDatabase } from './schema.ts';
import { describeSqliteError, sqliteCodeName } from './sqlite-failure.ts';
import { prepareStatements, type Statements } from './statements.ts';
import { errorMessage } from '@capstan/common';

export interface SqliteStoreOptions {
  /** The directory that holds the database file; created if missing. */
  readonly dataDir: string;
  /** How long a read at a revision newer than the store's waits before failing as FutureRevision. */
  readonly futureRevisionWaitMs?: number;
  /** Live events a watcher may have waiting before it is closed as too slow. */
  readonly maxPendingWatchEvents?: number;
  /** The check of the file at open (--storage-integrity-check): quick by default. */
  readonly integrityCheck?: IntegrityCheck;
  /**
   * Open for reads only, without the data directory's lock: what `capstan storage get` needs to
   * read the store of a running server (WAL lets a reader in beside the writer). Writes fail.
   */
  readonly readOnly?: boolean;
  /** Told once when writes start failing (disk full, read-only file, I/O error) and once when they work again. */
  readonly onWriteHealthChange?: (change: WriteHealthChange) => void;
}

export type WriteHealthChange =
  | { readonly writable: false; readonly path: string; readonly code: string | undefined; readonly error: unknown }
  | { readonly writable: true; readonly path: string };

interface Watcher {
  readonly prefix: string;
  /** Changes at or before this revision are not for this watcher (a watch that starts in the future). */
  readonly after: Revision;
  readonly channel: WatchChannel;
}

export class SqliteStore implements Storage {
  readonly #db: DatabaseSync;
  readonly #path: string;
  readonly #lock: DataDirLock | undefined;
  readonly #readOnly: boolean;
  readonly #onWriteHealthChange: (change: WriteHealthChange) => void;
  /** The failure of the last write, while writes fail; cleared by the next write that commits. */
  #writeFailure: StorageError | undefined;
  readonly #statements: Statements;
  readonly #commit: GroupCommit;
  readonly #revision: RevisionWaiter;
  readonly #futureRevisionWaitMs: number;
  readonly #maxPending: number | undefined;
  #watchers = new Set<Watcher>();
  #compactedRevision: Revision;
  #closed = false;

  constructor(options: SqliteStoreOptions) {
    this.#path = join(options.dataDir, databaseFileName);
    this.#readOnly = options.readOnly ?? false;
    this.#onWriteHealthChange = options.onWriteHealthChange ?? (() => {});
    if (!this.#readOnly) {
      try {
        mkdirSync(options.dataDir, { recursive: true });
      } catch (error) {
        throw new Error(`cannot create the data directory ${JSON.stringify(options.dataDir)}: ${errorMessage(error)}`, { cause: error });
      }
      this.#lock = DataDirLock.acquire(options.dataDir);
    }
    let revision: Revision;
    try {
      this.#db = openDatabase(this.#path, { readOnly: this.#readOnly, integrityCheck: options.integrityCheck ?? 'quick' });
      this.#statements = prepareStatements(this.#db);
      revision = this.#statements.currentRevision.get()?.revision as number;
      this.#compactedRevision = (this.#statements.compactedRevision.get()?.value as number | undefined) ?? 0;
    } catch (error) {
      // A store that cannot be opened lets go of the directory at once (a test or a command may try again).
      this.#lock?.release();
      throw error;
    }
    this.#revision = new RevisionWaiter(revision);
    this.#futureRevisionWaitMs = options.futureRevisionWaitMs ?? 3000;
    this.#maxPending = options.maxPendingWatchEvents;
    this.#commit = new GroupCommit(this.#db, this.#statements, revision, {
      onCommitted: (events, rev) => this.#committed(events, rev),
      onFailed: (error) => this.#writeFailed(error),
    });
  }

  /** The database file. */
  get path(): string {
    return this.#path;
  }

  /** The database file's size (its write-ahead log aside: what a checkpoint folds in). */
  async databaseSize(): Promise<number> {
    return (await stat(this.#path)).size;
  }

  /**
   * Throws while writes fail (readiness: a store that cannot write is not ready). While failing, each
   * call tries a write that changes nothing visible, so that readiness comes back once space does
   * even if no client writes.
   */
  checkWritable(): void {
    this.#checkOpen();
    if (this.#writeFailure === undefined) return;
    try {
      this.#db.exec("BEGIN IMMEDIATE; INSERT OR REPLACE INTO meta (name, value) VALUES ('writable_probe', 0); COMMIT");
    } catch (error) {
      this.#rollback();
      throw writeFailed(`sqlite: ${describeSqliteError(error)}`, error);
    }
    this.#writesWork();
  }

  async currentRevision(): Promise<Revision> {
    this.#checkOpen();
    return this.#commit.revision;
  }

  async get(key: string, options: ReadOptions = {}): Promise<GetResult> {
    const revision = await this.#readRevision(options);
    const s = this.#statements;
    if (revision === this.#commit.revision) {
      const row = s.getCurrent.get(key);
      return { kv: row === undefined ? undefined : keyValueFromRow(row), revision };
    }
    const row = s.getAt.get(key, revision);
    return { kv: row === undefined || row.value === null ? undefined : keyValueFromRow(row), revision };
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    const revision = await this.#readRevision(options);
    const s = this.#statements;
    const limit = options.limit !== undefined && options.limit > 0 ? options.limit : -1;
    const after = options.continueAfter ?? prefix;
    const end = prefixEnd(prefix);
    const latest = revision === this.#commit.revision;
    // One row past the limit tells whether more remain.
    const fetch = limit < 0 ? -1 : limit + 1;
    const rows = latest ? s.listCurrent.all(after, end, fetch) : s.listAt.all(after, end, revision, fetch);
    const more = limit >= 0 && rows.length > limit;
    if (more) rows.length = limit;
    const items = rows.map(keyValueFromRow);
    const last = items.at(-1);
    if (!more || !latest || last === undefined) return { items, revision, more };
    const remaining = s.countCurrent.get(last.key, end)?.n as number;
    return { items, revision, more, remaining };
  }

  create(key: string, value: Uint8Array): Promise<KeyValue> {
    this.#checkWritableStore();
    return this.#commit.write({ op: 'create', key, value }).then(keyValueOf);
  }

  update(key: string, value: Uint8Array, expectedRevision: Revision): Promise<KeyValue> {
    this.#checkWritableStore();
    return this.#commit.write({ op: 'update', key, value, expected: expectedRevision }).then(keyValueOf);
  }

  async delete(key: string, expectedRevision?: Revision): Promise<DeleteResult> {
    this.#checkWritableStore();
    const event = await this.#commit.write({ op: 'delete', key, expected: expectedRevision });
    if (event.type !== 'DELETED') throw new Error(`a delete produced a ${event.type} event`);
    return { prev: event.prev, revision: event.revision };
  }

  watch(prefix: string, fromRevision: Revision, listener: WatchListener): Watch {
    const current = this.#commit.revision;
    const watcher: Watcher = {
      prefix,
      after: Math.max(fromRevision, current),
      channel: new WatchChannel(listener, {
        maxPending: this.#maxPending,
        onClose: () => this.#watchers.delete(watcher),
        // Every change up to the current revision has been handed to the channel already.
        onProgressRequest: () => watcher.channel.push({ type: 'PROGRESS', revision: this.#commit.revision }),
      }),
    };
    if (this.#closed) {
      watcher.channel.fail(unavailable('the store is closed'));
      return watcher.channel;
    }
    if (fromRevision !== 0 && fromRevision < this.#compactedRevision) {
      watcher.channel.fail(compacted(fromRevision, this.#compactedRevision));
      return watcher.channel;
    }
    if (fromRevision !== 0 && fromRevision < current) {
      // The catch-up and the registration happen in one synchronous step, so no commit falls between.
      const rows = this.#statements.changesSince.all(fromRevision, prefix, prefixEnd(prefix));
      const backlog: WatchEvent[] = [];
      for (const row of rows) {
        const event = watchEventFromChangeRow(row);
        if (event.type !== 'PROGRESS') backlog.push(event);
      }
      watcher.channel.pushBacklog(backlog);
    }
    this.#watchers.add(watcher);
    watcher.channel.release();
    return watcher.channel;
  }

  async compact(revision: Revision): Promise<void> {
    this.#checkWritableStore();
    if (revision <= this.#compactedRevision) return;
    if (revision > this.#commit.revision) throw futureRevision(revision, this.#commit.revision);
    // Commit queued writes first: compaction runs in a transaction of its own.
    this.#commit.flush();
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      this.#statements.compact.run(revision);
      this.#statements.setCompactedRevision.run(revision);
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#rollback();
      throw this.#writeFailed(error, 'compaction failed: ');
    }
    this.#writesWork();
    this.#compactedRevision = revision;
  }

  /**
   * Commits what is queued, ends the watches and closes the file. Never throws: a store that cannot
   * write any more (full disk, damaged file) must still let the process shut down; the queued
   * writes then fail on their own promises.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#commit.flush();
    this.#closed = true;
    for (const watcher of [...this.#watchers]) watcher.channel.fail(unavailable('the store is closed'));
    this.#revision.cancelAll();
    try {
      // Folds the WAL into the file, so that the directory holds one file at rest. Best effort.
      if (!this.#readOnly) this.#db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } catch {
      // The WAL stays and is replayed by the next open.
    }
    try {
      this.#db.close();
    } catch {
      // Nothing more can be done with the file; the lock goes below either way.
    }
    this.#lock?.release();
  }

  /** The revision a read is served at, after checking it against the history and waiting for a future one. */
  async #readRevision(options: ReadOptions): Promise<Revision> {
    this.#checkOpen();
    const wanted = options.revision !== undefined && options.revision > 0 ? options.revision : options.minRevision;
    if (wanted !== undefined && wanted > this.#commit.revision) {
      const reached = await this.#revision.waitFor(wanted, this.#futureRevisionWaitMs);
      this.#checkOpen();
      if (!reached) throw futureRevision(wanted, this.#commit.revision);
    }
    if (options.revision === undefined || options.revision <= 0) return this.#commit.revision;
    if (options.revision < this.#compactedRevision) throw compacted(options.revision, this.#compactedRevision);
    return options.revision;
  }

  #committed(events: readonly ChangeEvent[], revision: Revision): void {
    this.#writesWork();
    this.#revision.advance(revision);
    if (this.#watchers.size === 0) return;
    for (const event of events) {
      const key = changedKey(event);
      for (const watcher of this.#watchers) {
        if (event.revision > watcher.after && key.startsWith(watcher.prefix)) watcher.channel.push(event);
      }
    }
  }

  #checkOpen(): void {
    if (this.#closed) throw unavailable('the store is closed');
  }

  /** Ends a failed transaction; after an I/O error SQLite may have rolled it back by itself. */
  #rollback(): void {
    try {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
    } catch {
      // Nothing is left to undo.
    }
  }

  #checkWritableStore(): void {
    this.#checkOpen();
    if (this.#readOnly) throw writeFailed(`sqlite: the store ${this.#path} was opened for reads only`);
  }

  /** Notes a failed write (telling once per burst of failures) and answers the error its callers get. */
  #writeFailed(error: unknown, prefix = ''): StorageError {
    if (isStorageError(error)) return error;
    const failure = writeFailed(`${prefix}sqlite: ${describeSqliteError(error)}`, error);
    if (this.#writeFailure === undefined) this.#onWriteHealthChange({ writable: false, path: this.#path, code: sqliteCodeName(error), error });
    this.#writeFailure = failure;
    return failure;
  }

  #writesWork(): void {
    if (this.#writeFailure === undefined) return;
    this.#writeFailure = undefined;
    this.#onWriteHealthChange({ writable: true, path: this.#path });
  }
}

function keyValueOf(event: ChangeEvent): KeyValue {
  if (event.type === 'DELETED') throw new Error('a write of a value produced a DELETED event');
  return event.kv;
}
