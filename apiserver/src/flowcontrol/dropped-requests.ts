// The Retry-After of a rejected request (kube's droppedRequestsTracker): per priority level, one
// second while few requests are dropped; it doubles (up to 32 s) while at least three times as
// many requests as its value were dropped in the last seconds of its value, and shrinks a second
// at a time once fewer than that many are.

const maxRetryAfterSeconds = 32;

interface LevelDrops {
  /** Drops of past whole seconds: [unix second, count]. */
  history: [number, number][];
  currentSecond: number;
  currentCount: number;
  retryAfter: number;
  retryAfterChangedAt: number;
}

export class DroppedRequests {
  readonly #levels = new Map<string, LevelDrops>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  record(level: string): void {
    const second = Math.floor(this.#now() / 1000);
    let drops = this.#levels.get(level);
    if (drops === undefined) {
      drops = { history: [], currentSecond: second, currentCount: 0, retryAfter: 1, retryAfterChangedAt: 0 };
      this.#levels.set(level, drops);
    }
    if (drops.currentSecond === second) {
      drops.currentCount++;
      return;
    }
    drops.history.push([drops.currentSecond, drops.currentCount]);
    const keep = Math.min(2 * drops.retryAfter, maxRetryAfterSeconds);
    drops.history = drops.history.filter(([at]) => drops.currentSecond - at <= keep);
    drops.currentSecond = second;
    drops.currentCount = 1;
    this.#adjust(drops, second);
  }

  #adjust(drops: LevelDrops, second: number): void {
    let dropped = 0;
    for (const [at, count] of drops.history) if (second - at <= drops.retryAfter && at < second) dropped += count;
    if (second - drops.retryAfterChangedAt >= drops.retryAfter && dropped >= 3 * drops.retryAfter) {
      drops.retryAfter = Math.min(2 * drops.retryAfter, maxRetryAfterSeconds);
      drops.retryAfterChangedAt = second;
    } else if (dropped < drops.retryAfter && drops.retryAfter > 1) {
      drops.retryAfter--;
    }
  }

  /** Seconds a client rejected at this level should wait. */
  retryAfter(level: string): number {
    return this.#levels.get(level)?.retryAfter ?? 1;
  }
}
