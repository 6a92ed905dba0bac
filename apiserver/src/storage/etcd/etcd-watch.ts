// One storage watch on an etcd watch of its own: etcd's events become the contract's events on a
// WatchChannel; compaction, cancellation and a connection that cannot be resumed end it with an ERROR.

import { prefixEnd } from '../keys.ts';
import { compacted, type StorageError, unavailable } from '../storage-error.ts';
import type { Revision, WatchEvent } from '../storage.ts';
import type { WatchChannel } from '../watch-channel.ts';
import type { EtcdClient } from './etcd-client.ts';
import { keyBytes, keyValueFromEtcd } from './etcd-kv.ts';
import type { EtcdWatcher, EtcdWatchFailure } from './etcd-watcher.ts';
import type { EtcdEvent } from './watch-messages.ts';
import type { ResponseHeader } from './wire.ts';
import { CatchUpTracker } from './watch-sync.ts';

export interface EtcdWatchOptions {
  readonly client: EtcdClient;
  readonly channel: WatchChannel;
  readonly prefix: string;
  /** Deliver the changes after this revision; 0 means from etcd's current revision. */
  readonly after: Revision;
  /** Called with every revision etcd reports, so the store learns how far etcd has got. */
  readonly observe: (revision: Revision) => void;
  /** The newest compacted revision the store knows of; a lower bound for error messages. */
  readonly knownCompacted: () => Revision;
  readonly noteCompacted: (revision: Revision) => void;
  readonly describeFailure: (error: unknown, action: string) => StorageError;
}

/** Longer than etcd's 100 ms sync interval for watchers that catch up on history. */
const catchUpQuietMs = 300;

export class EtcdWatch {
  readonly #options: EtcdWatchOptions;
  readonly #catchUp: CatchUpTracker;
  #watcher: EtcdWatcher | undefined;
  #stopped = false;
  /** A progress request waits here while the watcher may still be catching up. */
  #progressDeferred = false;
  /** The revision of the last change delivered. */
  #delivered: Revision;

  constructor(options: EtcdWatchOptions) {
    this.#options = options;
    this.#delivered = options.after;
    this.#catchUp = new CatchUpTracker(catchUpQuietMs, () => {
      if (this.#progressDeferred) this.#sendProgressRequest();
    });
  }

  start(): void {
    const { client, prefix, after } = this.#options;
    try {
      this.#watcher = client.watch(
        {
          key: keyBytes(prefix),
          rangeEnd: keyBytes(prefixEnd(prefix)),
          ...(after > 0 ? { startRevision: after + 1 } : {}),
          prevKv: true,
          progressNotify: true,
        },
        {
          created: (header, startRevision) => this.#onCreated(header, startRevision),
          events: (events, header) => this.#onEvents(events, header),
          progress: (header) => this.#onProgress(header),
          failed: (failure) => this.#onFailed(failure),
        },
      );
    } catch (error) {
      this.fail(this.#options.describeFailure(error, 'open a watch'));
    }
  }

  requestProgress(): void {
    if (this.#stopped) return;
    if (this.#watcher !== undefined && this.#catchUp.synced) this.#sendProgressRequest();
    else this.#progressDeferred = true;
  }

  /** End the watch with an ERROR event (which closes the channel, and so stops the watcher). */
  fail(error: StorageError): void {
    if (!this.#stopped) this.#options.channel.fail(error);
  }

  /** Stop listening and cancel the etcd watch; called when the channel closes. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#catchUp.stop();
    this.#watcher?.close();
  }

  #sendProgressRequest(): void {
    this.#progressDeferred = false;
    if (!this.#stopped) this.#watcher?.requestProgress();
  }

  #onCreated(header: ResponseHeader, startRevision: number | undefined): void {
    if (this.#stopped) return;
    this.#options.observe(header.revision);
    // A resumed watch catches up again from where the broken one stopped.
    this.#catchUp.created(header.revision, startRevision);
  }

  #onProgress(header: ResponseHeader): void {
    if (this.#stopped) return;
    this.#options.observe(header.revision);
    // The answer to our request (we ask only once caught up) or etcd's periodic notification,
    // which it sends only to watchers that are caught up.
    this.#catchUp.markSynced();
    this.#options.channel.push({ type: 'PROGRESS', revision: header.revision });
  }

  #onFailed(failure: EtcdWatchFailure): void {
    switch (failure.kind) {
      case 'compacted':
        // The watcher asked for (or fell behind to) history that compaction removed.
        this.#options.noteCompacted(failure.compactRevision);
        this.fail(compacted(this.#delivered, failure.compactRevision));
        return;
      case 'canceled': {
        const reason = failure.reason === '' ? '' : `: ${failure.reason}`;
        this.fail(unavailable(`etcd cancelled the watch of ${this.#options.prefix}${reason}`));
        return;
      }
      case 'unavailable':
        this.fail(this.#options.describeFailure(failure.error, 'keep a watch open'));
    }
  }

  #onEvents(events: readonly EtcdEvent[], header: ResponseHeader): void {
    if (this.#stopped) return;
    this.#options.observe(header.revision);
    let distinct = 0;
    for (const event of events) {
      const revision = event.kv.modRevision;
      if (revision <= this.#options.after) continue;
      if (revision !== this.#delivered) distinct++;
      const mapped = this.#toWatchEvent(event, revision);
      if (mapped === undefined) return;
      this.#delivered = revision;
      this.#options.channel.push(mapped);
      if (this.#stopped) return;
    }
    this.#catchUp.sawEvents(header.revision, distinct);
  }

  #toWatchEvent(event: EtcdEvent, revision: Revision): WatchEvent | undefined {
    if (event.type === 'PUT' && event.kv.createRevision === event.kv.modRevision) {
      return { type: 'ADDED', revision, kv: keyValueFromEtcd(event.kv) };
    }
    // etcd reads prev_kv when it sends the event; it is missing when compaction got there first.
    if (event.prevKv === undefined) {
      const compactedAt = Math.max(this.#options.knownCompacted(), revision);
      this.fail(compacted(revision - 1, compactedAt));
      return undefined;
    }
    const prev = keyValueFromEtcd(event.prevKv);
    if (event.type === 'DELETE') return { type: 'DELETED', revision, prev };
    return { type: 'MODIFIED', revision, kv: keyValueFromEtcd(event.kv), prev };
  }
}
