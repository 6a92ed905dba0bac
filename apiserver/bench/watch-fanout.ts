// Benchmark support: many watchers of one collection, held in a worker thread, and a few writers in
// this thread; measures how fast the server delivers each write to every watcher, and how late.

import { Agent, request } from 'node:https';
import type { Worker } from 'node:worker_threads';
import { workerWithTrust } from './trusted-authorities.ts';
import { type BenchKind, collectionPath, configMapKind, objectBody } from './bench-object.ts';

export interface WatchersOptions {
  readonly url: string;
  /** The collection's path, e.g. /api/v1/namespaces/ns/configmaps. */
  readonly path: string;
  readonly resourceVersion: string;
  readonly watchers: number;
  /** Events expected per watcher (one per write). */
  readonly events: number;
  /** Watches being opened at a time. */
  readonly openConcurrency: number;
}

/** Messages from the watchers' worker. */
export type WatchersMessage =
  | { readonly type: 'open'; readonly openMs: number; readonly failed: number; readonly firstError?: string }
  /** receivedAt[w * events + seq]: when watcher w read event seq (monotonicMs), NaN if never. */
  | {
      readonly type: 'done';
      readonly receivedAt: Float64Array;
      readonly delivered: number;
      readonly endedEarly: number;
      /** The share of the time since the watches were open that the watchers' event loop was busy. */
      readonly clientBusy: number;
    }
  | { readonly type: 'closed' };

/** A clock shared by all threads of the process (CLOCK_MONOTONIC), in milliseconds. */
export function monotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

export class Watchers {
  readonly #worker: Worker;
  readonly #messages: WatchersMessage[] = [];
  #waiting: ((message: WatchersMessage) => void) | undefined;
  #failure: Error | undefined;

  constructor(options: WatchersOptions) {
    this.#worker = workerWithTrust(new URL('./watch-fanout-worker.ts', import.meta.url), options);
    this.#worker.on('message', (message: WatchersMessage) => {
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (waiting === undefined) this.#messages.push(message);
      else waiting(message);
    });
    this.#worker.once('error', (error) => (this.#failure = error));
  }

  /** Resolves once every watch has its response headers (the server has registered it). */
  async opened(): Promise<Extract<WatchersMessage, { type: 'open' }>> {
    return this.#expect('open');
  }

  /** Resolves once every watcher has every event, or when asked to give up after `timeoutMs`. */
  async delivered(timeoutMs: number): Promise<Extract<WatchersMessage, { type: 'done' }>> {
    const timer = setTimeout(() => this.#worker.postMessage('finish'), timeoutMs);
    try {
      return await this.#expect('done');
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.#worker.postMessage('close');
    await this.#expect('closed');
    await this.#worker.terminate();
  }

  async #expect<T extends WatchersMessage['type']>(type: T): Promise<Extract<WatchersMessage, { type: T }>> {
    const message =
      this.#messages.shift() ??
      (await new Promise<WatchersMessage>((resolve, reject) => {
        if (this.#failure !== undefined) return reject(this.#failure);
        this.#waiting = resolve;
        this.#worker.once('error', reject);
        this.#worker.once('exit', () => reject(new Error('the watchers worker exited')));
      }));
    if (message.type !== type) throw new Error(`the watchers worker said ${message.type}, expected ${type}`);
    return message as Extract<WatchersMessage, { type: T }>;
  }
}

export interface WriteTimes {
  /** When each write was sent and answered (monotonicMs), by seq. */
  readonly issuedAt: Float64Array;
  readonly answeredAt: Float64Array;
  readonly p50Ms: number;
}

/**
 * `count` unconditional PUTs of objects of `kind`, seq = 0, 1, ...: one writer per name, each
 * writing its object one update after the other (writer j writes the seqs j, j + names.length, ...).
 */
export async function writeUpdates(url: string, namespace: string, names: readonly string[], count: number, kind: BenchKind = configMapKind): Promise<WriteTimes> {
  const agent = new Agent({ keepAlive: true, maxSockets: names.length });
  const target = new URL(url);
  const issuedAt = new Float64Array(count);
  const answeredAt = new Float64Array(count);
  const put = (name: string, seq: number): Promise<void> => {
    const path = `${collectionPath(kind, namespace)}/${name}`;
    const body = objectBody(kind, name, seq);
    return new Promise<void>((resolve, reject) => {
      const req = request(
        { agent, host: target.hostname, port: target.port, method: 'PUT', path, headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`PUT ${path}: ${response.statusCode} ${text.slice(0, 300)}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
  try {
    await Promise.all(
      names.map(async (name, writer) => {
        for (let seq = writer; seq < count; seq += names.length) {
          issuedAt[seq] = monotonicMs();
          await put(name, seq);
          answeredAt[seq] = monotonicMs();
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const took = Array.from(answeredAt, (at, i) => at - (issuedAt[i] as number)).sort((a, b) => a - b);
  return { issuedAt, answeredAt, p50Ms: took[Math.floor(took.length / 2)] ?? Number.NaN };
}
