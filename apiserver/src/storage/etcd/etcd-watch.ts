// One storage watch on its own raw etcd Watch stream: etcd's responses become the contract's
// events on a WatchChannel; compaction, cancellation and connection loss end it with an ERROR.

import { prefixEnd } from '../keys.ts';
import { compacted, type StorageError, unavailable } from '../storage-error.ts';
import type { Revision, WatchEvent } from '../storage.ts';
import type { WatchChannel } from '../watch-channel.ts';
import type { EtcdClient, IEvent, IWatchResponse, RawWatchStream } from './etcd-client.ts';
import { keyBytes, keyValueFromEtcd, revisionOf } from './etcd-kv.ts';
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
  #stream: RawWatchStream | undefined;
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
    this.#options.client.openWatchStream().then(
      (stream) => {
        if (this.#stopped) return closeStream(stream);
        this.#stream = stream;
        stream.on('data', (response) => this.#onResponse(response));
        stream.on('error', (error) => this.fail(this.#options.describeFailure(error, 'keep a watch open')));
        stream.on('end', () => this.fail(unavailable('etcd ended the watch stream')));
        const { prefix, after } = this.#options;
        stream.write({
          create_request: {
            key: keyBytes(prefix),
            range_end: keyBytes(prefixEnd(prefix)),
            ...(after > 0 ? { start_revision: after + 1 } : {}),
            prev_kv: true,
            progress_notify: true,
          },
        });
      },
      (error: unknown) => this.fail(this.#options.describeFailure(error, 'open a watch')),
    );
  }

  requestProgress(): void {
    if (this.#stopped) return;
    if (this.#stream !== undefined && this.#catchUp.synced) this.#sendProgressRequest();
    else this.#progressDeferred = true;
  }

  /** End the watch with an ERROR event (which closes the channel, and so stops the stream). */
  fail(error: StorageError): void {
    if (!this.#stopped) this.#options.channel.fail(error);
  }

  /** Stop listening and close the stream; called when the channel closes. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#catchUp.stop();
    if (this.#stream !== undefined) closeStream(this.#stream);
  }

  #sendProgressRequest(): void {
    this.#progressDeferred = false;
    if (!this.#stopped) this.#stream?.write({ progress_request: {} });
  }

  #onResponse(response: IWatchResponse): void {
    if (this.#stopped) return;
    const headerRevision = revisionOf(response.header?.revision);
    this.#options.observe(headerRevision);
    const compactRevision = revisionOf(response.compact_revision);
    if (compactRevision > 0) {
      // The watcher asked for (or fell behind to) history that compaction removed.
      this.#options.noteCompacted(compactRevision);
      this.fail(compacted(this.#delivered, compactRevision));
      return;
    }
    if (response.canceled) {
      const reason = response.cancel_reason === '' ? '' : `: ${response.cancel_reason}`;
      this.fail(unavailable(`etcd cancelled the watch of ${this.#options.prefix}${reason}`));
      return;
    }
    if (response.created) {
      const { after } = this.#options;
      this.#catchUp.created(headerRevision, after > 0 ? after + 1 : undefined);
      return;
    }
    if (response.events.length === 0) {
      // A progress response: the answer to our request (watch id -1; we ask only once caught up)
      // or etcd's periodic notification, which it sends only to watchers that are caught up.
      this.#catchUp.markSynced();
      this.#options.channel.push({ type: 'PROGRESS', revision: headerRevision });
      return;
    }
    let distinct = 0;
    for (const event of response.events) {
      const revision = revisionOf(event.kv.mod_revision);
      if (revision <= this.#options.after) continue;
      if (revision !== this.#delivered) distinct++;
      const mapped = this.#toWatchEvent(event, revision);
      if (mapped === undefined) return;
      this.#delivered = revision;
      this.#options.channel.push(mapped);
      if (this.#stopped) return;
    }
    this.#catchUp.sawEvents(headerRevision, distinct);
  }

  #toWatchEvent(event: IEvent, revision: Revision): WatchEvent | undefined {
    if (event.type === 'Put' && event.kv.create_revision === event.kv.mod_revision) {
      return { type: 'ADDED', revision, kv: keyValueFromEtcd(event.kv) };
    }
    // etcd reads prev_kv when it sends the event; it is missing when compaction got there first.
    if (event.prev_kv === null || event.prev_kv === undefined) {
      const compactedAt = Math.max(this.#options.knownCompacted(), revision);
      this.fail(compacted(revision - 1, compactedAt));
      return undefined;
    }
    const prev = keyValueFromEtcd(event.prev_kv);
    if (event.type === 'Delete') return { type: 'DELETED', revision, prev };
    return { type: 'MODIFIED', revision, kv: keyValueFromEtcd(event.kv), prev };
  }
}

function closeStream(stream: RawWatchStream): void {
  // Ending first makes the stream unwritable, so etcd3 does not count the cancellation as a host failure.
  stream.end();
  stream.cancel();
}
