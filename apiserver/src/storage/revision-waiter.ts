// Lets readers wait, for a bounded time, until a store or cache has reached a revision.

import type { Revision } from './storage.ts';

interface Waiter {
  readonly revision: Revision;
  readonly resolve: (reached: boolean) => void;
  readonly timer: NodeJS.Timeout;
}

export class RevisionWaiter {
  #revision: Revision;
  #waiters: Waiter[] = [];

  constructor(revision: Revision) {
    this.#revision = revision;
  }

  get revision(): Revision {
    return this.#revision;
  }

  advance(revision: Revision): void {
    if (revision <= this.#revision) return;
    this.#revision = revision;
    if (this.#waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (waiter.revision <= revision) {
        clearTimeout(waiter.timer);
        waiter.resolve(true);
      } else still.push(waiter);
    }
    this.#waiters = still;
  }

  /** Resolves true once the revision is reached, false if `timeoutMs` passes first. */
  waitFor(revision: Revision, timeoutMs: number): Promise<boolean> {
    if (revision <= this.#revision) return Promise.resolve(true);
    if (timeoutMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        revision,
        resolve,
        timer: setTimeout(() => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.#waiters.push(waiter);
    });
  }

  /** Release every waiter as not reached (on close). */
  cancelAll(): void {
    for (const waiter of this.#waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.#waiters = [];
  }
}
