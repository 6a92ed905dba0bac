// Capstan's own etcd v3 client on @grpc/grpc-js: the KV, Watch, Lease and Maintenance calls the
// etcd backend uses, over one HTTP/2 connection per member (concurrent calls are multiplexed on
// it), with failover between members. Messages are encoded by hand (kv-messages.ts and friends).

import { type ClientDuplexStream, Metadata, type ServiceError, status as grpcStatus } from '@grpc/grpc-js';
import { type Endpoint, EtcdEndpoints, type EtcdTlsOptions } from './etcd-endpoints.ts';
import {
  type DeleteRangeRequest,
  type DeleteRangeResponse,
  decodeDeleteRangeResponse,
  decodePutResponse,
  decodeRangeResponse,
  decodeTxnResponse,
  encodeCompactionRequest,
  encodeDeleteRangeRequest,
  encodePutRequest,
  encodeRangeRequest,
  encodeTxnRequest,
  type PutRequest,
  type PutResponse,
  type RangeRequest,
  type RangeResponse,
  type TxnRequest,
  type TxnResponse,
} from './kv-messages.ts';
import { decodeLeaseGrant, encodeLeaseGrant, encodeLeaseId, type LeaseGrantResponse } from './lease-messages.ts';
import { LeaseKeepAlive, type LeaseKeepAliveHandlers } from './lease-keepalive.ts';
import { decodeStatus, type StatusResponse } from './status-message.ts';
import { EtcdWatcher, type EtcdWatcherHandlers } from './etcd-watcher.ts';
import type { WatchCreateRequest } from './watch-messages.ts';
import { decodeHeaderOnly, type ResponseHeader } from './wire.ts';

export type { EtcdTlsOptions } from './etcd-endpoints.ts';

export interface EtcdClientOptions {
  /** Client URLs of etcd members, e.g. http://127.0.0.1:2379; https means TLS. */
  readonly endpoints: readonly string[];
  /** The deadline of every unary call; a call to an etcd that does not answer fails after it. */
  readonly requestTimeoutMs: number;
  /** The largest response accepted; gRPC's default of 4 MiB is less than a list of large objects. */
  readonly maxResponseBytes?: number;
  readonly tls?: EtcdTlsOptions;
  /** How long a watch whose stream broke keeps trying to resume (on any member) before it fails. */
  readonly watchResumeMs?: number;
}

/** The client was closed; every later call fails with this. */
export class EtcdClientClosedError extends Error {
  constructor() {
    super('the etcd client is closed');
    this.name = 'EtcdClientClosedError';
  }
}

// etcd itself sends responses of up to 2 GiB.
const defaultMaxResponseBytes = 2 ** 31 - 1;
// Dead connections must surface as errors rather than silent, eternal watches. etcd refuses pings
// more often than every 5 s (--grpc-keepalive-min-time).
const keepaliveTimeMs = 10_000;
const keepaliveTimeoutMs = 5_000;
const defaultWatchResumeMs = 1_000;

const kv = (method: string): string => `/etcdserverpb.KV/${method}`;
const passBytes = (request: Buffer): Buffer => request;

/**
 * grpc-js fails a call at once, without sending it, when the member's connection is down; such a
 * call may be sent to another member even if it writes. A call that failed after it was sent
 * is retried elsewhere only if it cannot have changed anything.
 */
const neverSent = (error: ServiceError): boolean => error.details.startsWith('No connection established');

const isServiceError = (error: unknown): error is ServiceError => error instanceof Error && typeof (error as Partial<ServiceError>).code === 'number';

export class EtcdClient {
  readonly endpoints: EtcdEndpoints;
  readonly #requestTimeoutMs: number;
  readonly #watchResumeMs: number;
  readonly #streams = new Set<{ close(): void }>();
  #closed = false;

  constructor(options: EtcdClientOptions) {
    this.#requestTimeoutMs = options.requestTimeoutMs;
    this.#watchResumeMs = options.watchResumeMs ?? defaultWatchResumeMs;
    this.endpoints = new EtcdEndpoints(
      options.endpoints,
      {
        'grpc.max_receive_message_length': options.maxResponseBytes ?? defaultMaxResponseBytes,
        'grpc.max_send_message_length': -1,
        'grpc.keepalive_time_ms': keepaliveTimeMs,
        'grpc.keepalive_timeout_ms': keepaliveTimeoutMs,
        // Reconnect to a restarted member within a second, not gRPC's default of up to two minutes.
        'grpc.initial_reconnect_backoff_ms': 200,
        'grpc.max_reconnect_backoff_ms': 1_000,
      },
      options.tls,
    );
  }

  get closed(): boolean {
    return this.#closed;
  }

  range(request: RangeRequest): Promise<RangeResponse> {
    return this.#unary(kv('Range'), encodeRangeRequest(request), decodeRangeResponse, true);
  }

  put(request: PutRequest): Promise<PutResponse> {
    return this.#unary(kv('Put'), encodePutRequest(request), decodePutResponse, false);
  }

  deleteRange(request: DeleteRangeRequest): Promise<DeleteRangeResponse> {
    return this.#unary(kv('DeleteRange'), encodeDeleteRangeRequest(request), decodeDeleteRangeResponse, false);
  }

  /** A transaction: all compares hold, then `success` runs, else `failure`; one revision for all writes. */
  txn(request: TxnRequest): Promise<TxnResponse> {
    const readOnly = request.success.every((op) => 'range' in op) && request.failure.every((op) => 'range' in op);
    return this.#unary(kv('Txn'), encodeTxnRequest(request), decodeTxnResponse, readOnly);
  }

  /** Compacts history up to `revision`; `physical` waits until the space is reclaimed. */
  compact(revision: number, physical = true): Promise<ResponseHeader> {
    return this.#unary(kv('Compact'), encodeCompactionRequest(revision, physical), decodeHeaderOnly, true);
  }

  /** The status of the member in use (or, after a failure, of the next one). */
  status(): Promise<StatusResponse> {
    return this.#unary('/etcdserverpb.Maintenance/Status', Buffer.alloc(0), decodeStatus, true);
  }

  /** Grants a lease of `ttlSeconds`; etcd picks the id unless one is given (a decimal string). */
  leaseGrant(ttlSeconds: number, id = '0'): Promise<LeaseGrantResponse> {
    return this.#unary('/etcdserverpb.Lease/LeaseGrant', encodeLeaseGrant(ttlSeconds, id), decodeLeaseGrant, false);
  }

  async leaseRevoke(id: string): Promise<void> {
    await this.#unary('/etcdserverpb.Lease/LeaseRevoke', encodeLeaseId(id), decodeHeaderOnly, true);
  }

  /** Keeps a lease alive until stopped, renewing it at a third of its TTL on any member. */
  leaseKeepAlive(id: string, ttlSeconds: number, handlers: LeaseKeepAliveHandlers): LeaseKeepAlive {
    this.#checkOpen();
    const keepAlive = new LeaseKeepAlive(this, id, ttlSeconds, handlers);
    this.#track(keepAlive);
    return keepAlive;
  }

  /** A watch that resumes from its next revision on any member when its stream breaks. */
  watch(request: WatchCreateRequest, handlers: EtcdWatcherHandlers): EtcdWatcher {
    this.#checkOpen();
    const watcher = new EtcdWatcher(this, request, handlers, this.#watchResumeMs);
    this.#track(watcher);
    return watcher;
  }

  /**
   * Opens a raw bidirectional stream on the member in use, for the watcher and the lease
   * keepalive; `requireLeader` makes a member that lost its leader end the stream, so that the
   * caller moves to a member that still has one.
   */
  openStream<T>(method: string, decode: (buffer: Buffer) => T, requireLeader: boolean): { stream: ClientDuplexStream<Buffer, T>; endpoint: Endpoint } {
    this.#checkOpen();
    const endpoint = this.endpoints.pick();
    const metadata = new Metadata();
    if (requireLeader) metadata.set('hasleader', 'true');
    const stream = endpoint.client.makeBidiStreamRequest(method, passBytes, decode, metadata);
    return { stream, endpoint };
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const stream of [...this.#streams]) stream.close();
    this.endpoints.close();
  }

  #track(stream: { close(): void; onClose: (() => void) | undefined }): void {
    this.#streams.add(stream);
    stream.onClose = () => this.#streams.delete(stream);
  }

  #checkOpen(): void {
    if (this.#closed) throw new EtcdClientClosedError();
  }

  /** One unary call with one deadline; `idempotent` calls are retried on the other members. */
  async #unary<T>(method: string, request: Buffer, decode: (buffer: Buffer) => T, idempotent: boolean): Promise<T> {
    this.#checkOpen();
    const deadline = Date.now() + this.#requestTimeoutMs;
    for (let attempt = 1; ; attempt++) {
      const endpoint = this.endpoints.pick();
      try {
        return await call(endpoint, method, request, decode, deadline);
      } catch (error) {
        if (this.#closed) throw new EtcdClientClosedError();
        if (!isServiceError(error) || error.code !== grpcStatus.UNAVAILABLE) throw error;
        this.endpoints.failed(endpoint);
        if (attempt >= this.endpoints.size || Date.now() >= deadline) throw error;
        if (!idempotent && !neverSent(error)) throw error;
      }
    }
  }
}

function call<T>(endpoint: Endpoint, method: string, request: Buffer, decode: (buffer: Buffer) => T, deadline: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // grpc-js captures a stack trace on every call, only to append it to a failure's; that was
    // the largest single cost of a call in profiles, and the store's errors say what failed.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      endpoint.client.makeUnaryRequest(method, passBytes, decode, request, { deadline }, (error, response) => {
        if (error !== null || response === undefined) reject(error ?? new Error(`etcd answered ${method} without a message`));
        else resolve(response);
      });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  });
}
