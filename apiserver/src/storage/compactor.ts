// Periodic compaction: keeps about `historyMs` of history (5 minutes by default, as
// --watch-history-duration), so that watches can resume and continue tokens stay valid that long.

import type { Revision, Storage } from './storage.ts';

export interface CompactorOptions {
  readonly historyMs: number;
  /** How often to look; a fifth of the history by default. */
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

interface Sample {
  readonly at: number;
  readonly revision: Revision;
}

export class Compactor {
  readonly #storage: Storage;
  readonly #historyMs: number;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #samples: Sample[] = [];
  #timer: NodeJS.Timeout | undefined;
  #compacted: Revision = 0;

  constructor(storage: Storage, options: CompactorOptions) {
    this.#storage = storage;
    this.#historyMs = options.historyMs;
    this.#intervalMs = options.intervalMs ?? Math.max(1000, Math.floor(options.historyMs / 5));
    this.#onError = options.onError ?? (() => {});
  }

  start(): void {
    if (this.#timer !== undefined) return;
    void this.tick();
    this.#timer = setInterval(() => void this.tick(), this.#intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Note the current revision and compact to the newest one seen at least `historyMs` ago. */
  async tick(now = Date.now()): Promise<void> {
    try {
      this.#samples.push({ at: now, revision: await this.#storage.currentRevision() });
      let target: Revision = 0;
      for (let oldest = this.#samples[0]; oldest !== undefined && now - oldest.at >= this.#historyMs; oldest = this.#samples[0]) {
        target = oldest.revision;
        this.#samples.shift();
      }
      if (target > this.#compacted) {
        await this.#storage.compact(target);
        this.#compacted = target;
      }
    } catch (error) {
      this.#onError(error);
    }
  }
}
