// One etcd watch on a Watch stream of its own, as a client of etcd sees it: fragments joined into
// whole revisions, progress responses, compaction and cancellation, and a broken stream resumed
// from the next revision on any member for a while before the watch fails.

import type { ClientDuplexStream } from '@grpc/grpc-js';
import type { Endpoint } from './etcd-endpoints.ts';
import type { EtcdClient } from './etcd-client.ts';
import { decodeWatchResponse, type EtcdEvent, encodeWatchCancel, encodeWatchCreate, type WatchCreateRequest, type WatchResponse, watchProgressRequest } from './watch-messages.ts';
import type { ResponseHeader } from './wire.ts';

export interface EtcdWatcherHandlers {
  /**
   * The watch was created on a stream: first, and again after each resume. `startRevision` is the
   * first revision asked of that stream (undefined for "now").
   */
  readonly created: (header: ResponseHeader, startRevision: number | undefined) => void;
  /** The events of one or more whole revisions, in order. */
  readonly events: (events: readonly EtcdEvent[], header: ResponseHeader) => void;
  /** Every change up to header.revision has been delivered. */
  readonly progress: (header: ResponseHeader) => void;
  /** The watch ended for good: compacted, cancelled by etcd, or no member reachable in time. */
  readonly failed: (failure: EtcdWatchFailure) => void;
}

export type EtcdWatchFailure =
  | { readonly kind: 'compacted'; readonly compactRevision: number; readonly nextRevision: number }
  | { readonly kind: 'canceled'; readonly reason: string }
  | { readonly kind: 'unavailable'; readonly error: unknown };

const resumeBackoffMs = { first: 50, max: 500 };

export class EtcdWatcher {
  /** Told when the watcher is closed, so that the client forgets it. */
  onClose: (() => void) | undefined;
  readonly #client: EtcdClient;
  readonly #request: WatchCreateRequest;
  readonly #handlers: EtcdWatcherHandlers;
  readonly #resumeMs: number;
  #stream: ClientDuplexStream<Buffer, WatchResponse> | undefined;
  #endpoint: Endpoint | undefined;
  #watchId = 0;
  /** The first revision not yet delivered; 0 until known when watching from "now". */
  #next: number;
  /** Events of a revision that etcd split into fragments, until its last fragment. */
  #fragments: EtcdEvent[] = [];
  /** When the stream broke, while resuming. */
  #brokenSince: number | undefined;
  #backoffMs = resumeBackoffMs.first;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(client: EtcdClient, request: WatchCreateRequest, handlers: EtcdWatcherHandlers, resumeMs: number) {
    this.#client = client;
    this.#request = request;
    this.#handlers = handlers;
    this.#resumeMs = resumeMs;
    this.#next = request.startRevision ?? 0;
    this.#open();
  }

  /** The first revision this watch has not delivered (0 before etcd said where "now" is). */
  get nextRevision(): number {
    return this.#next;
  }

  /** Asks etcd for a progress response on this watch's stream; dropped while resuming. */
  requestProgress(): void {
    if (this.#closed || this.#brokenSince !== undefined) return;
    this.#stream?.write(watchProgressRequest);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#closeStream(true);
    this.onClose?.();
  }

  #open(): void {
    if (this.#closed) return;
    let opened: { stream: ClientDuplexStream<Buffer, WatchResponse>; endpoint: Endpoint };
    try {
      opened = this.#client.openStream('/etcdserverpb.Watch/Watch', decodeWatchResponse, true);
    } catch (error) {
      this.#fail({ kind: 'unavailable', error });
      return;
    }
    const { stream, endpoint } = opened;
    this.#stream = stream;
    this.#endpoint = endpoint;
    this.#fragments = [];
    stream.on('data', (response: WatchResponse) => {
      if (this.#stream === stream) this.#onResponse(response);
    });
    stream.on('error', (error: unknown) => {
      if (this.#stream === stream) this.#broken(error);
    });
    stream.on('end', () => {
      if (this.#stream === stream) this.#broken(new Error('etcd ended the watch stream'));
    });
    const startRevision = this.#next > 0 ? this.#next : undefined;
    stream.write(encodeWatchCreate({ ...this.#request, ...(startRevision === undefined ? {} : { startRevision }), fragment: true }));
  }

  #onResponse(response: WatchResponse): void {
    if (this.#closed) return;
    const { header } = response;
    if (response.compactRevision > 0) {
      this.#fail({ kind: 'compacted', compactRevision: response.compactRevision, nextRevision: this.#next });
      return;
    }
    if (response.canceled) {
      this.#fail({ kind: 'canceled', reason: response.cancelReason });
      return;
    }
    if (response.created) {
      this.#watchId = response.watchId;
      const startRevision = this.#next > 0 ? this.#next : undefined;
      if (this.#next === 0) this.#next = header.revision + 1;
      this.#brokenSince = undefined;
      this.#backoffMs = resumeBackoffMs.first;
      this.#handlers.created(header, startRevision);
      return;
    }
    if (response.fragment) {
      for (const event of response.events) this.#fragments.push(event);
      return;
    }
    let events = response.events;
    if (this.#fragments.length > 0) {
      for (const event of events) this.#fragments.push(event);
      events = this.#fragments;
      this.#fragments = [];
    }
    if (events.length === 0) {
      if (header.revision + 1 > this.#next) this.#next = header.revision + 1;
      this.#handlers.progress(header);
      return;
    }
    this.#next = (events[events.length - 1] as EtcdEvent).kv.modRevision + 1;
    this.#handlers.events(events, header);
  }

  /** The stream failed or ended: move to another member and resume, for at most resumeMs. */
  #broken(error: unknown): void {
    if (this.#closed) return;
    this.#closeStream(false);
    if (this.#endpoint !== undefined) this.#client.endpoints.failed(this.#endpoint);
    const now = Date.now();
    this.#brokenSince ??= now;
    if (this.#client.closed || now - this.#brokenSince >= this.#resumeMs) {
      this.#fail({ kind: 'unavailable', error });
      return;
    }
    const wait = Math.min(this.#backoffMs, this.#resumeMs - (now - this.#brokenSince));
    this.#backoffMs = Math.min(this.#backoffMs * 2, resumeBackoffMs.max);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#open();
    }, wait);
  }

  #fail(failure: EtcdWatchFailure): void {
    if (this.#closed) return;
    this.close();
    this.#handlers.failed(failure);
  }

  #closeStream(cancelWatch: boolean): void {
    const stream = this.#stream;
    if (stream === undefined) return;
    this.#stream = undefined;
    // Cancelling the watch first lets etcd free the watcher even if the stream lingers.
    if (cancelWatch && stream.writable) stream.write(encodeWatchCancel(this.#watchId));
    stream.end();
    stream.cancel();
  }
}
