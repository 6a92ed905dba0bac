// Where log lines go: a file descriptor (standard error), written asynchronously from a bounded
// queue. Logging must never block or crash the process it reports on: a write that fails (a full
// disk, EAGAIN on a full pipe, a closed descriptor) is retried later from a timer, never in a loop
// on the main thread; while the queue is full, new lines are dropped and counted, and the count is
// written as a line of its own once writes work again. (pino's own destination, sonic-boom, retries
// ENOSPC forever in its synchronous flush and emits an unhandled 'error' otherwise.)

import { write, writeSync } from 'node:fs';

export interface LogDestinationOptions {
  /** Bytes that may wait to be written before lines are dropped: 1 MiB by default. */
  readonly maxQueuedBytes?: number;
  /** First and longest wait before a failed write is tried again. */
  readonly retryMs?: readonly [first: number, longest: number];
}

export class LogDestination {
  readonly #fd: number;
  readonly #maxQueuedBytes: number;
  readonly #retryMs: readonly [number, number];
  #queue: string[] = [];
  #queuedBytes = 0;
  /** The bytes being written now, if a write is under way. */
  #writing: Buffer | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #failures = 0;
  #droppedSinceReport = 0;
  #dropped = 0;
  #lastError: string | undefined;

  constructor(fd: number, options: LogDestinationOptions = {}) {
    this.#fd = fd;
    this.#maxQueuedBytes = options.maxQueuedBytes ?? 1024 * 1024;
    this.#retryMs = options.retryMs ?? [50, 1000];
    // Lines still queued at exit get one synchronous try, never a retry.
    process.once('exit', () => this.flushSync());
  }

  /** Lines dropped since the start because they could not be written in time. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Queues one line (pino hands each entry with its newline); never throws, never blocks. */
  write(line: string): boolean {
    if (this.#queuedBytes + line.length > this.#maxQueuedBytes) {
      this.#dropped++;
      this.#droppedSinceReport++;
      return true;
    }
    this.#queue.push(line);
    this.#queuedBytes += line.length;
    if (this.#writing === undefined && this.#retryTimer === undefined) this.#writeNext();
    return true;
  }

  /** One synchronous attempt to write what is queued (at exit); what fails is dropped. */
  flushSync(): void {
    // A write still under way may be stuck on a pipe nobody reads: a synchronous one would hang the exit.
    if (this.#writing !== undefined) return;
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    const pending = this.#takeQueue();
    if (pending.length === 0) return;
    try {
      writeSync(this.#fd, pending);
    } catch {
      // Nowhere left to say it.
    }
  }

  #takeQueue(): Buffer {
    let text = this.#queue.join('');
    if (this.#droppedSinceReport > 0) {
      // Every queued line came before the first dropped one (lines are dropped only while the queue is full).
      text += droppedLine(this.#droppedSinceReport, this.#lastError);
      this.#droppedSinceReport = 0;
    }
    this.#queue = [];
    this.#queuedBytes = 0;
    return Buffer.from(text);
  }

  #writeNext(): void {
    const batch = this.#writing ?? this.#takeQueue();
    if (batch.length === 0) {
      this.#writing = undefined;
      return;
    }
    this.#writing = batch;
    write(this.#fd, batch, 0, batch.length, null, (error, written) => {
      if (error !== null) {
        this.#failed(error);
        return;
      }
      this.#failures = 0;
      // A short write: the rest goes next, before anything queued after it.
      this.#writing = written < batch.length ? batch.subarray(written) : undefined;
      if (this.#writing !== undefined || this.#queue.length > 0 || this.#droppedSinceReport > 0) this.#writeNext();
    });
  }

  /** The batch stays (its bytes count against the queue's bound) and is tried again later. */
  #failed(error: NodeJS.ErrnoException): void {
    this.#lastError = error.code ?? error.message;
    const [first, longest] = this.#retryMs;
    const delay = Math.min(first * 2 ** this.#failures, longest);
    this.#failures++;
    const batch = this.#writing as Buffer;
    this.#writing = undefined;
    // Keep the failed bytes first in line, within the bound: the oldest lines are the ones we keep.
    this.#queue.unshift(batch.toString());
    this.#queuedBytes += batch.length;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#writeNext();
    }, delay);
    // A process that has nothing else to do must not stay alive for its logs.
    this.#retryTimer.unref();
  }
}

/** The line that reports dropped lines, in the JSON form of a pino warning. */
function droppedLine(count: number, reason: string | undefined): string {
  return `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg: `dropped ${count} log lines that could not be written${reason === undefined ? '' : ` (${reason})`}`, droppedLogLines: count })}\n`;
}
