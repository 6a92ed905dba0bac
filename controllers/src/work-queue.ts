// client-go's rate-limited work queue: keys, not objects, so that many changes to one object are
// handled once; a key being handled is never handed to a second worker, and one added meanwhile
// comes back after; failures come back after a per-key exponential delay (5 ms doubling, at most
// `maxDelayMs`), which forget() resets once the key is handled.

import { QueueMetrics } from './work-queue-metrics.ts';

export interface WorkQueueOptions {
  /** kube's name of the queue (the workqueue_* metrics' name label); a queue without one has no metrics, as in client-go. */
  readonly name?: string;
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
}

export class WorkQueue {
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #queue: string[] = [];
  #head = 0;
  readonly #dirty = new Set<string>();
  readonly #processing = new Set<string>();
  readonly #failures = new Map<string, number>();
  /** Keys waiting to be added, with when. */
  readonly #delayed = new Map<string, { readonly timer: NodeJS.Timeout; readonly dueAt: number }>();
  readonly #waiting: (() => void)[] = [];
  #shutDown = false;
  readonly #metrics: QueueMetrics | undefined;

  constructor(options: WorkQueueOptions = {}) {
    this.#metrics = options.name === undefined ? undefined : new QueueMetrics(options.name);
    this.#baseDelayMs = options.baseDelayMs ?? 5;
    this.#maxDelayMs = options.maxDelayMs ?? 300_000;
  }

  get length(): number {
    return this.#queue.length - this.#head;
  }

  add(key: string): void {
    if (this.#shutDown || this.#dirty.has(key)) return;
    this.#metrics?.added(key);
    this.#dirty.add(key);
    if (this.#processing.has(key)) return;
    this.#queue.push(key);
    this.#waiting.shift()?.();
  }

  /** Adds the key after `delayMs`; an earlier pending delay for the key wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.#shutDown) return;
    if (delayMs <= 0) return this.add(key);
    const dueAt = Date.now() + delayMs;
    const pending = this.#delayed.get(key);
    if (pending !== undefined) {
      if (pending.dueAt <= dueAt) return;
      clearTimeout(pending.timer);
    }
    const timer = setTimeout(() => {
      this.#delayed.delete(key);
      this.add(key);
    }, delayMs);
    timer.unref();
    this.#delayed.set(key, { timer, dueAt });
  }

  /** Adds the key again after its next backoff delay. */
  addRateLimited(key: string): void {
    const failures = this.#failures.get(key) ?? 0;
    this.#failures.set(key, failures + 1);
    this.#metrics?.retried();
    this.addAfter(key, Math.min(this.#baseDelayMs * 2 ** failures, this.#maxDelayMs));
  }

  /** The key was handled: its next failure starts from the base delay again. */
  forget(key: string): void {
    this.#failures.delete(key);
  }

  failures(key: string): number {
    return this.#failures.get(key) ?? 0;
  }

  /** The next key, once there is one; undefined once the queue shuts down. Call done(key) after handling it. */
  async get(): Promise<string | undefined> {
    while (this.length === 0) {
      if (this.#shutDown) return undefined;
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    const key = this.#queue[this.#head++] as string;
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue.splice(0, this.#head);
      this.#head = 0;
    }
    this.#processing.add(key);
    this.#dirty.delete(key);
    this.#metrics?.taken(key);
    return key;
  }

  done(key: string): void {
    this.#metrics?.done(key);
    this.#processing.delete(key);
    if (this.#dirty.has(key)) {
      this.#queue.push(key);
      this.#waiting.shift()?.();
    }
  }

  shutDown(): void {
    this.#shutDown = true;
    this.#metrics?.close();
    for (const { timer } of this.#delayed.values()) clearTimeout(timer);
    this.#delayed.clear();
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /**
   * Runs `workers` loops that take keys and hand them to `handle` until the queue shuts down; a
   * key whose handling throws is retried with backoff (the error goes to `onError`).
   */
  run(workers: number, handle: (key: string) => Promise<void>, onError: (key: string, error: unknown) => void): Promise<void> {
    const worker = async (): Promise<void> => {
      for (;;) {
        const key = await this.get();
        if (key === undefined) return;
        try {
          await handle(key);
          this.forget(key);
        } catch (error) {
          onError(key, error);
          this.addRateLimited(key);
        } finally {
          this.done(key);
        }
      }
    };
    return Promise.all(Array.from({ length: workers }, worker)).then(() => {});
  }
}
