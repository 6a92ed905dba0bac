// The etcd backend: objects live in etcd under their keys as-is (so etcdctl and other API servers
// see them), revisions are etcd's, and each watch is an etcd watch stream of its own.

import { prefixEnd } from '../keys.ts';
import { RevisionWaiter } from '../revision-waiter.ts';
import { alreadyExists, compacted, conflict, futureRevision, notFound, type StorageError, unavailable } from '../storage-error.ts';
import type { DeleteResult, GetResult, KeyValue, ListOptions, ListResult, ReadOptions, Revision, Storage, Watch, WatchListener } from '../storage.ts';
import { WatchChannel } from '../watch-channel.ts';
import { EtcdClient, type EtcdTlsOptions } from './etcd-client.ts';
import { isCompactedError, isFutureRevisionError, unavailableFrom } from './etcd-errors.ts';
import { keyBytes, keyValueFromEtcd } from './etcd-kv.ts';
import { EtcdWatch } from './etcd-watch.ts';
import type { Compare, RangeRequest, RangeResponse, RequestOp, TxnResponse } from './kv-messages.ts';

export interface EtcdStoreOptions {
  /** etcd client URLs, e.g. http://127.0.0.1:2379. */
  readonly endpoints: string | readonly string[];
  /** How long a read at a revision newer than etcd's waits before failing as FutureRevision. */
  readonly futureRevisionWaitMs?: number;
  /** Live events a watcher may have waiting before it is closed as too slow. */
  readonly maxPendingWatchEvents?: number;
  /** The deadline of each etcd request. */
  readonly requestTimeoutMs?: number;
  /** Items per etcd range request; a list longer than this is read in pages of one snapshot. */
  readonly listPageSize?: number;
  /** The largest etcd response accepted (default 2 GiB); a larger one fails the read as Unavailable. */
  readonly maxResponseBytes?: number;
  /** For https endpoints: the CA that signs etcd's certificate and this client's certificate. */
  readonly tls?: EtcdTlsOptions;
  /** How long a watch whose stream broke tries to resume on any member before it fails (default 1 s). */
  readonly watchResumeMs?: number;
}

/** How often a read waiting for a future revision asks etcd where it is. */
const revisionPollMs = 25;

export class EtcdStore implements Storage {
  readonly #client: EtcdClient;
  readonly #endpoints: readonly string[];
  /** The newest revision seen in any etcd response. */
  readonly #revision = new RevisionWaiter(0);
  readonly #futureRevisionWaitMs: number;
  readonly #maxPending: number | undefined;
  readonly #pageSize: number;
  readonly #watches = new Set<EtcdWatch>();
  /** The newest compaction this store knows of (its own, or reported by etcd); etcd may be further. */
  #knownCompacted: Revision = 0;
  /** The revision probe in flight, and the one queued behind it (see currentRevision). */
  #probe: Promise<Revision> | undefined;
  #nextProbe: Promise<Revision> | undefined;
  #closed = false;

  /** Opens a store and checks that etcd answers; prefer it to the constructor where a wait is possible. */
  static async connect(options: EtcdStoreOptions): Promise<EtcdStore> {
    const store = new EtcdStore(options);
    try {
      await store.currentRevision();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  constructor(options: EtcdStoreOptions) {
    this.#endpoints = typeof options.endpoints === 'string' ? [options.endpoints] : [...options.endpoints];
    this.#futureRevisionWaitMs = options.futureRevisionWaitMs ?? 3000;
    this.#maxPending = options.maxPendingWatchEvents;
    this.#pageSize = options.listPageSize ?? 500;
    this.#client = new EtcdClient({
      endpoints: this.#endpoints,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
      ...(options.tls === undefined ? {} : { tls: options.tls }),
      ...(options.watchResumeMs === undefined ? {} : { watchResumeMs: options.watchResumeMs }),
    });
  }

  /**
   * etcd's current revision, for consistent reads. Concurrent callers share probes: a caller that
   * arrives while one is in flight waits for the next, which starts after that one ends and so
   * after the caller's call began (what a linearizable answer needs). At most two are in flight.
   */
  currentRevision(): Promise<Revision> {
    this.#checkOpen();
    if (this.#probe === undefined) {
      this.#probe = this.#probeRevision();
      return this.#probe;
    }
    this.#nextProbe ??= this.#probe.then(
      () => this.#startQueuedProbe(),
      () => this.#startQueuedProbe(),
    );
    return this.#nextProbe;
  }

  #startQueuedProbe(): Promise<Revision> {
    this.#probe = this.#nextProbe;
    this.#nextProbe = undefined;
    return this.#probeRevision();
  }

  async #probeRevision(): Promise<Revision> {
    const probe = this.#range(revisionProbe, 'read the revision');
    try {
      return (await probe).header.revision;
    } finally {
      if (this.#nextProbe === undefined) this.#probe = undefined;
    }
  }

  async get(key: string, options: ReadOptions = {}): Promise<GetResult> {
    this.#checkOpen();
    const request: RangeRequest = { key: keyBytes(key) };
    const exact = positive(options.revision);
    const response = exact === undefined ? await this.#rangeLatest(request, options.minRevision) : await this.#rangeAt(request, exact);
    const kv = response.kvs[0];
    return {
      kv: kv === undefined ? undefined : keyValueFromEtcd(kv),
      revision: exact ?? response.header.revision,
    };
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    this.#checkOpen();
    const limit = positive(options.limit) ?? 0;
    const end = keyBytes(prefixEnd(prefix));
    let start = options.continueAfter === undefined ? prefix : `${options.continueAfter}\0`;
    // Every page after the first reads at the first one's revision, so the list is one snapshot.
    let revision = positive(options.revision);
    const items: KeyValue[] = [];
    for (;;) {
      const want = limit > 0 ? Math.min(limit - items.length, this.#pageSize) : this.#pageSize;
      const request: RangeRequest = { key: keyBytes(start), rangeEnd: end, limit: want };
      const response = revision === undefined ? await this.#rangeLatest(request, options.minRevision) : await this.#rangeAt(request, revision);
      revision ??= response.header.revision;
      for (const kv of response.kvs) items.push(keyValueFromEtcd(kv));
      const last = items[items.length - 1];
      if (!response.more || last === undefined) return { items, revision, more: false };
      if (limit > 0 && items.length >= limit) {
        // etcd counts the whole range it was asked for, not only the page it returned.
        return { items, revision, more: true, remaining: response.count - response.kvs.length };
      }
      start = `${last.key}\0`;
    }
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    this.#checkOpen();
    const k = keyBytes(key);
    const response = await this.#txn([{ key: k, target: 'create', result: 'equal', operand: 0 }], [{ put: { key: k, value } }], [], `create ${key}`);
    if (!response.succeeded) throw alreadyExists(key);
    const revision = response.header.revision;
    return { key, value, createRevision: revision, modRevision: revision };
  }

  async update(key: string, value: Uint8Array, expectedRevision: Revision): Promise<KeyValue> {
    this.#checkOpen();
    const k = keyBytes(key);
    const response = await this.#txn(
      [exists(k), { key: k, target: 'mod', result: 'equal', operand: expectedRevision }],
      [{ put: { key: k, value, prevKv: true } }],
      [{ range: { key: k, keysOnly: true } }],
      `update ${key}`,
    );
    if (!response.succeeded) throw this.#compareFailed(response, key, expectedRevision);
    const op = response.responses[0];
    const prev = op !== undefined && 'put' in op ? op.put.prevKv : undefined;
    return { key, value, createRevision: prev?.createRevision ?? 0, modRevision: response.header.revision };
  }

  async delete(key: string, expectedRevision?: Revision): Promise<DeleteResult> {
    this.#checkOpen();
    const k = keyBytes(key);
    const compare: Compare[] = [exists(k)];
    if (expectedRevision !== undefined) compare.push({ key: k, target: 'mod', result: 'equal', operand: expectedRevision });
    const response = await this.#txn(compare, [{ deleteRange: { key: k, prevKv: true } }], [{ range: { key: k, keysOnly: true } }], `delete ${key}`);
    if (!response.succeeded) throw this.#compareFailed(response, key, expectedRevision);
    const op = response.responses[0];
    const prev = op !== undefined && 'deleteRange' in op ? op.deleteRange.prevKvs[0] : undefined;
    if (prev === undefined) throw unavailable(`etcd deleted ${key} without returning its previous value`);
    return { prev: keyValueFromEtcd(prev), revision: response.header.revision };
  }

  watch(prefix: string, fromRevision: Revision, listener: WatchListener): Watch {
    let watch: EtcdWatch | undefined;
    const channel = new WatchChannel(listener, {
      maxPending: this.#maxPending,
      onClose: () => {
        if (watch === undefined) return;
        this.#watches.delete(watch);
        watch.stop();
      },
      onProgressRequest: () => watch?.requestProgress(),
    });
    if (this.#closed) {
      channel.fail(unavailable('the store is closed'));
      return channel;
    }
    if (fromRevision > 0 && fromRevision < this.#knownCompacted) {
      channel.fail(compacted(fromRevision, this.#knownCompacted));
      return channel;
    }
    watch = new EtcdWatch({
      client: this.#client,
      channel,
      prefix,
      // "Now" is the newest revision this store has seen: its own writes before this call are
      // excluded even though the stream is only set up later. Before any answer, etcd's own "now".
      after: fromRevision > 0 ? fromRevision : this.#revision.revision,
      observe: (revision) => this.#revision.advance(revision),
      knownCompacted: () => this.#knownCompacted,
      noteCompacted: (revision) => this.#noteCompacted(revision),
      describeFailure: (error, action) => this.#failure(error, action),
    });
    this.#watches.add(watch);
    watch.start();
    channel.release();
    return channel;
  }

  async compact(revision: Revision): Promise<void> {
    this.#checkOpen();
    try {
      const header = await this.#client.compact(revision, true);
      this.#revision.advance(header.revision);
    } catch (error) {
      // etcd refuses a revision at or below its compaction; for this contract that is already done.
      if (!isCompactedError(error)) {
        if (isFutureRevisionError(error)) throw futureRevision(revision, await this.currentRevision());
        throw this.#failure(error, `compact at revision ${revision}`);
      }
    }
    this.#noteCompacted(revision);
  }

  /** etcd's dbSize, from the Maintenance Status of the member in use. */
  async databaseSize(): Promise<number> {
    return (await this.#client.status()).dbSize;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const watch of [...this.#watches]) watch.fail(unavailable('the store is closed'));
    this.#revision.cancelAll();
    this.#client.close();
  }

  /** A read of the latest state that, for `minRevision`, waits a little for etcd to get there. */
  async #rangeLatest(request: RangeRequest, minRevision: Revision | undefined): Promise<RangeResponse> {
    const response = await this.#range(request, 'read');
    if (minRevision === undefined || response.header.revision >= minRevision) return response;
    if (!(await this.#reach(minRevision))) throw futureRevision(minRevision, this.#revision.revision);
    return this.#range(request, 'read');
  }

  /** A read at exactly `revision`, which must be neither compacted nor (after a short wait) in the future. */
  async #rangeAt(request: RangeRequest, revision: Revision): Promise<RangeResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#range({ ...request, revision }, 'read');
      } catch (error) {
        if (isCompactedError(error)) {
          // etcd does not say where its compaction is; it is past `revision`, and past what we know.
          throw compacted(revision, Math.max(this.#knownCompacted, revision + 1));
        }
        if (!isFutureRevisionError(error)) throw error;
        if (attempt > 0 || !(await this.#reach(revision))) throw futureRevision(revision, this.#revision.revision);
      }
    }
  }

  /** A range; the errors of a read at a revision are left to #rangeAt. */
  async #range(request: RangeRequest, action: string): Promise<RangeResponse> {
    let response: RangeResponse;
    try {
      response = await this.#client.range(request);
    } catch (error) {
      if (request.revision !== undefined && (isCompactedError(error) || isFutureRevisionError(error))) throw error;
      throw this.#failure(error, action);
    }
    this.#revision.advance(response.header.revision);
    return response;
  }

  async #txn(compare: Compare[], success: RequestOp[], failure: RequestOp[], action: string): Promise<TxnResponse> {
    let response: TxnResponse;
    try {
      response = await this.#client.txn({ compare, success, failure });
    } catch (error) {
      throw this.#failure(error, action);
    }
    this.#revision.advance(response.header.revision);
    return response;
  }

  /** Why a compare-and-write failed: the failure branch read the key. */
  #compareFailed(response: TxnResponse, key: string, expected: Revision | undefined): StorageError {
    const op = response.responses[0];
    const current = op !== undefined && 'range' in op ? op.range.kvs[0] : undefined;
    if (current === undefined) return notFound(key);
    return conflict(key, expected ?? 0, current.modRevision);
  }

  /** Waits, at most futureRevisionWaitMs, until etcd reaches `wanted`; our own writes wake it early. */
  async #reach(wanted: Revision): Promise<boolean> {
    const deadline = Date.now() + this.#futureRevisionWaitMs;
    for (;;) {
      if (this.#revision.revision >= wanted) return true;
      this.#checkOpen();
      const left = deadline - Date.now();
      if (left <= 0) return false;
      if (await this.#revision.waitFor(wanted, Math.min(left, revisionPollMs))) return true;
      await this.currentRevision();
    }
  }

  #noteCompacted(revision: Revision): void {
    if (revision > this.#knownCompacted) this.#knownCompacted = revision;
  }

  #failure(error: unknown, action: string): StorageError {
    if (this.#closed) return unavailable('the store is closed', error);
    return unavailableFrom(error, action, this.#endpoints);
  }

  #checkOpen(): void {
    if (this.#closed) throw unavailable('the store is closed');
  }
}

const positive = (value: number | undefined): number | undefined => (value !== undefined && value > 0 ? value : undefined);

/** The key exists: etcd compares a missing key's mod revision as 0, so `mod == 0` alone would match it. */
const exists = (key: Buffer): Compare => ({ key, target: 'create', result: 'greater', operand: 0 });

/** The cheapest read that returns etcd's revision: a count of the empty key "\0". */
const revisionProbe: RangeRequest = { key: Buffer.from([0]), countOnly: true };
