// A clock that moves only when told to: lifecycles with delays of seconds run in a test in no time,
// and in the same order every run.

import type { Clock, ClockTimer } from './clock.ts';

interface PendingTimer {
  readonly due: number;
  readonly seq: number;
  readonly callback: () => void;
  cancelled: boolean;
}

export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: PendingTimer[] = [];

  constructor(startMs = Date.UTC(2026, 0, 1)) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimer(callback: () => void, delayMs: number): ClockTimer {
    const timer: PendingTimer = { due: this.#now + Math.max(0, delayMs), seq: this.#seq++, callback, cancelled: false };
    this.#timers.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  }

  /**
   * Moves time forward by `ms`, firing each timer that falls due at its own time, and lets promise
   * chains that a timer resolves run before the next one fires.
   */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    await settle();
    for (;;) {
      this.#timers = this.#timers.filter((t) => !t.cancelled);
      const next = this.#timers.reduce<PendingTimer | undefined>((a, t) => (a === undefined || t.due < a.due || (t.due === a.due && t.seq < a.seq) ? t : a), undefined);
      if (next === undefined || next.due > end) break;
      this.#timers.splice(this.#timers.indexOf(next), 1);
      this.#now = Math.max(this.#now, next.due);
      next.callback();
      await settle();
    }
    this.#now = end;
    await settle();
  }
}

/** Lets pending promise reactions and I/O callbacks queued so far run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}
