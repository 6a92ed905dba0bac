// Group commit: the writes that arrive in one turn of the event loop share one transaction and
// so one fsync. Each write is checked against the state left by the writes before it, gets the
// next revision, and is acknowledged only once the transaction is durable.

import type { DatabaseSync } from 'node:sqlite';
import { alreadyExists, conflict, notFound, StorageError, unavailable } from '../storage-error.ts';
import { describeSqliteError, isTransientSqliteError } from './sqlite-failure.ts';
import type { ChangeEvent, KeyValue, Revision } from '../storage.ts';
import { keyValueFromRow } from './rows.ts';
import type { Statements } from './statements.ts';

export type WriteRequest =
  | { readonly op: 'create'; readonly key: string; readonly value: Uint8Array }
  | { readonly op: 'update'; readonly key: string; readonly value: Uint8Array; readonly expected: Revision }
  | { readonly op: 'delete'; readonly key: string; readonly expected: Revision | undefined };

interface PendingWrite {
  readonly request: WriteRequest;
  readonly resolve: (event: ChangeEvent) => void;
  readonly reject: (error: unknown) => void;
}

export interface GroupCommitListeners {
  readonly onCommitted: (events: readonly ChangeEvent[], revision: Revision) => void;
  /** A transaction failed for a reason other than a lock (disk full, read-only, I/O error): answers what every write of it is rejected with. */
  readonly onFailed: (error: unknown) => StorageError;
}

export class GroupCommit {
  readonly #db: DatabaseSync;
  readonly #statements: Statements;
  readonly #listeners: GroupCommitListeners;
  #revision: Revision;
  #pending: PendingWrite[] = [];
  #scheduled = false;

  constructor(db: DatabaseSync, statements: Statements, revision: Revision, listeners: GroupCommitListeners) {
    this.#db = db;
    this.#statements = statements;
    this.#revision = revision;
    this.#listeners = listeners;
  }

  /** The revision of the last durable write. */
  get revision(): Revision {
    return this.#revision;
  }

  write(request: WriteRequest): Promise<ChangeEvent> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ request, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commit everything queued so far. */
  flush(): void {
    this.#scheduled = false;
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    // Each write with what applying it gave: its event, or the error that refused it.
    const outcomes: { readonly write: PendingWrite; readonly outcome: ChangeEvent | StorageError }[] = [];
    let revision = this.#revision;
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      for (const write of batch) {
        const outcome = this.#apply(write.request, revision + 1);
        if (!(outcome instanceof StorageError)) revision++;
        outcomes.push({ write, outcome });
      }
      this.#db.exec('COMMIT');
    } catch (error) {
      try {
        if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      } catch {
        // SQLite rolls back by itself after an I/O error; the writes fail either way.
      }
      // A lock held elsewhere passes ("please try again"); anything else is the store's failure.
      const failure = isTransientSqliteError(error) ? unavailable(`the write could not be committed: ${describeSqliteError(error)}`, error) : this.#listeners.onFailed(error);
      for (const write of batch) write.reject(failure);
      return;
    }
    this.#revision = revision;
    const events = outcomes.flatMap(({ outcome }) => (outcome instanceof StorageError ? [] : [outcome]));
    this.#listeners.onCommitted(events, revision);
    for (const { write, outcome } of outcomes) {
      if (outcome instanceof StorageError) write.reject(outcome);
      else write.resolve(outcome);
    }
  }

  #apply(request: WriteRequest, revision: Revision): ChangeEvent | StorageError {
    const s = this.#statements;
    const row = s.getCurrent.get(request.key);
    const current = row === undefined ? undefined : keyValueFromRow(row);
    switch (request.op) {
      case 'create': {
        if (current !== undefined) return alreadyExists(request.key);
        s.appendLog.run(revision, request.key, request.value, revision, 0);
        s.putCurrent.run(request.key, revision);
        const kv: KeyValue = { key: request.key, value: request.value, createRevision: revision, modRevision: revision };
        return { type: 'ADDED', revision, kv };
      }
      case 'update': {
        if (current === undefined) return notFound(request.key);
        if (current.modRevision !== request.expected) return conflict(request.key, request.expected, current.modRevision);
        s.appendLog.run(revision, request.key, request.value, current.createRevision, current.modRevision);
        s.putCurrent.run(request.key, revision);
        const kv: KeyValue = {
          key: request.key,
          value: request.value,
          createRevision: current.createRevision,
          modRevision: revision,
        };
        return { type: 'MODIFIED', revision, kv, prev: current };
      }
      case 'delete': {
        if (current === undefined) return notFound(request.key);
        if (request.expected !== undefined && current.modRevision !== request.expected) {
          return conflict(request.key, request.expected, current.modRevision);
        }
        s.appendLog.run(revision, request.key, null, current.createRevision, current.modRevision);
        s.deleteCurrent.run(request.key);
        return { type: 'DELETED', revision, prev: current };
      }
    }
  }
}
