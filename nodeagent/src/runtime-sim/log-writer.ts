// Appends log records to many container log files at once without one open file per container:
// records of the same moment are joined per file, at most `maxConcurrentWrites` files are written
// at a time, and a file's writes stay in order.

import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorCode } from '@capstan/common';

export class LogWriter {
  readonly #maxConcurrentWrites: number;
  readonly #onError: (path: string, error: unknown) => void;
  readonly #pending = new Map<string, string[]>();
  readonly #writing = new Set<string>();
  readonly #ready: string[] = [];
  #active = 0;
  #pumpScheduled = false;
  #idleWaiters: (() => void)[] = [];

  constructor(options: { maxConcurrentWrites?: number; onError?: (path: string, error: unknown) => void } = {}) {
    this.#maxConcurrentWrites = options.maxConcurrentWrites ?? 64;
    this.#onError = options.onError ?? (() => {});
  }

  /** Queues `records` for the end of the file at `path`; an empty string creates the file. */
  append(path: string, records: string): void {
    const chunks = this.#pending.get(path);
    if (chunks !== undefined) {
      chunks.push(records);
      return;
    }
    this.#pending.set(path, [records]);
    if (!this.#writing.has(path)) this.#ready.push(path);
    if (!this.#pumpScheduled) {
      this.#pumpScheduled = true;
      setImmediate(() => {
        this.#pumpScheduled = false;
        this.#pump();
      });
    }
  }

  /** Resolves once every record appended so far is in its file. */
  flushed(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #isIdle(): boolean {
    return this.#pending.size === 0 && this.#active === 0;
  }

  #pump(): void {
    while (this.#active < this.#maxConcurrentWrites && this.#ready.length > 0) {
      const path = this.#ready.shift() as string;
      const chunks = this.#pending.get(path);
      if (chunks === undefined) continue;
      this.#pending.delete(path);
      this.#writing.add(path);
      this.#active++;
      void this.#write(path, chunks.join('')).then(() => {
        this.#writing.delete(path);
        this.#active--;
        if (this.#pending.has(path)) this.#ready.push(path);
        this.#pump();
        if (this.#isIdle()) for (const resolve of this.#idleWaiters.splice(0)) resolve();
      });
    }
  }

  async #write(path: string, data: string): Promise<void> {
    try {
      await appendFile(path, data, { mode: 0o640 });
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') return this.#onError(path, error);
      try {
        // The kubelet creates the container's log directory; a simulated node may not have. The
        // pod's directory is not made again: once the kubelet removed it, the pod's logs are gone.
        await mkdir(dirname(path), { mode: 0o755 });
        await appendFile(path, data, { mode: 0o640 });
      } catch (retryError) {
        this.#onError(path, retryError);
      }
    }
  }
}
