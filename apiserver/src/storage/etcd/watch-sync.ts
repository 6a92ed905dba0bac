// Tells when an etcd watcher has caught up with the history it started in, so that progress
// requests are only sent once their answer cannot overtake the catch-up events.

import type { Revision } from '../storage.ts';

/**
 * etcd 3.4.23 answers a progress request at once with its current revision, even while the
 * watcher is still "unsynced" (its catch-up from start_revision is sent by a loop that runs every
 * 100 ms), so the answer can arrive before events it claims to cover. etcd reports nothing when a
 * watcher becomes synced, hence these signs:
 * - it started after the revision etcd had when it was created (etcd registers it as synced);
 * - a response with events reaches that revision (live events reach only synced watchers, and a
 *   catch-up response carries etcd's revision at the time; fewer than etcd's 1000 revisions per
 *   catch-up batch means the batch was the last one);
 * - otherwise, no catch-up response for a quiet period longer than etcd's sync interval.
 */
export class CatchUpTracker {
  readonly #quietMs: number;
  readonly #onSynced: () => void;
  #createdRevision: Revision | undefined;
  #synced = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(quietMs: number, onSynced: () => void) {
    this.#quietMs = quietMs;
    this.#onSynced = onSynced;
  }

  get synced(): boolean {
    return this.#synced;
  }

  /** The watcher was created, or created again after its stream broke: `startRevision` is the first revision asked for, undefined for "now". */
  created(createdRevision: Revision, startRevision: Revision | undefined): void {
    this.#createdRevision = createdRevision;
    // Created again (a resumed watch): it catches up anew from its start revision.
    this.#synced = false;
    if (startRevision === undefined || startRevision > createdRevision) this.markSynced();
    else this.#armQuietTimer();
  }

  /** A response with events; `headerRevision` is etcd's revision when it was sent. */
  sawEvents(headerRevision: Revision, distinctRevisions: number): void {
    if (this.#synced || this.#createdRevision === undefined) return;
    if (headerRevision >= this.#createdRevision && distinctRevisions < etcdCatchUpBatchRevisions) this.markSynced();
    else this.#armQuietTimer();
  }

  markSynced(): void {
    if (this.#synced) return;
    this.#synced = true;
    this.stop();
    this.#onSynced();
  }

  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #armQuietTimer(): void {
    this.stop();
    this.#timer = setTimeout(() => this.markSynced(), this.#quietMs);
  }
}

/** etcd's watchBatchMaxRevs: a catch-up response holds at most this many revisions. */
const etcdCatchUpBatchRevisions = 1000;
