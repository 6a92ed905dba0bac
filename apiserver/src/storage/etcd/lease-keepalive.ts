// Keeps one etcd lease alive over a LeaseKeepAlive stream: a renewal at a third of the TTL, on
// any member; the lease is lost when etcd says it is gone or no renewal succeeds before it expires.

import type { ClientDuplexStream } from '@grpc/grpc-js';
import type { EtcdClient } from './etcd-client.ts';
import type { Endpoint } from './etcd-endpoints.ts';
import { decodeLeaseKeepAlive, encodeLeaseId, type LeaseKeepAliveResponse } from './lease-messages.ts';

export interface LeaseKeepAliveHandlers {
  /** etcd renewed the lease to `ttl` seconds. */
  readonly renewed?: (ttl: number) => void;
  /** The lease expired or was revoked; the keepalive has stopped. */
  readonly lost: (reason: string) => void;
}

/** How soon a renewal that failed to reach any member is tried again. */
const retryMs = 200;

export class LeaseKeepAlive {
  onClose: (() => void) | undefined;
  readonly id: string;
  readonly #client: EtcdClient;
  readonly #handlers: LeaseKeepAliveHandlers;
  readonly #request: Buffer;
  #ttlMs: number;
  /** When the lease expires unless renewed, as far as this client knows. */
  #expiresAt: number;
  #stream: ClientDuplexStream<Buffer, LeaseKeepAliveResponse> | undefined;
  #endpoint: Endpoint | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(client: EtcdClient, id: string, ttlSeconds: number, handlers: LeaseKeepAliveHandlers) {
    this.#client = client;
    this.id = id;
    this.#handlers = handlers;
    this.#request = encodeLeaseId(id);
    this.#ttlMs = ttlSeconds * 1000;
    this.#expiresAt = Date.now() + this.#ttlMs;
    this.#renew();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#stream?.end();
    this.#stream?.cancel();
    this.#stream = undefined;
    this.onClose?.();
  }

  #renew(): void {
    this.#timer = undefined;
    if (this.#closed) return;
    if (Date.now() >= this.#expiresAt) {
      this.#lose('the lease expired before a renewal reached etcd');
      return;
    }
    if (this.#stream === undefined) {
      try {
        this.#open();
      } catch (error) {
        this.#lose(String(error));
        return;
      }
    }
    this.#stream?.write(this.#request);
    // Without an answer, the next try comes at the same pace; an answer reschedules it.
    this.#schedule(Math.max(this.#ttlMs / 3, retryMs));
  }

  #open(): void {
    const { stream, endpoint } = this.#client.openStream('/etcdserverpb.Lease/LeaseKeepAlive', decodeLeaseKeepAlive, true);
    this.#stream = stream;
    this.#endpoint = endpoint;
    stream.on('data', (response: LeaseKeepAliveResponse) => {
      if (this.#stream !== stream || this.#closed) return;
      if (response.ttl <= 0) {
        this.#lose(`etcd no longer has lease ${this.id}`);
        return;
      }
      this.#ttlMs = response.ttl * 1000;
      this.#expiresAt = Date.now() + this.#ttlMs;
      this.#handlers.renewed?.(response.ttl);
      this.#schedule(this.#ttlMs / 3);
    });
    const broken = (): void => {
      if (this.#stream !== stream || this.#closed) return;
      this.#stream = undefined;
      stream.cancel();
      if (this.#endpoint !== undefined) this.#client.endpoints.failed(this.#endpoint);
      this.#schedule(retryMs);
    };
    stream.on('error', broken);
    stream.on('end', broken);
  }

  #schedule(ms: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#renew(), ms);
  }

  #lose(reason: string): void {
    if (this.#closed) return;
    this.close();
    this.#handlers.lost(reason);
  }
}
