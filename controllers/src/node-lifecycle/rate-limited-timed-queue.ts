// kube's RateLimitedTimedQueue, one per zone: the Nodes waiting for their NoExecute taint, each once
// until removed, taken in order of when they are due and no faster than a token bucket allows
// (--node-eviction-rate per second, burst 1; rate 0 takes none at all).

export interface TimedValue {
  readonly value: string;
  readonly uid: string;
  readonly addedAt: number;
  readonly processAt: number;
}

/** What the action answers: done, or to be tried again after `retryAfterMs`. */
export type ActionResult = { readonly done: true } | { readonly done: false; readonly retryAfterMs: number };

const evictionRateLimiterBurst = 1;

/** golang.org/x/time/rate's limiter as client-go's token bucket uses it: starts full. */
class TokenBucket {
  readonly qps: number;
  readonly #now: () => number;
  #tokens = evictionRateLimiterBurst;
  #last: number;

  constructor(qps: number, now: () => number) {
    this.qps = qps;
    this.#now = now;
    this.#last = now();
  }

  tryAccept(): boolean {
    if (this.qps <= 0) return false;
    const now = this.#now();
    this.#tokens = Math.min(evictionRateLimiterBurst, this.#tokens + ((now - this.#last) / 1000) * this.qps);
    this.#last = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

export class RateLimitedTimedQueue {
  readonly #now: () => number;
  /** Sorted by processAt; equal times keep the order they were added in. */
  #queue: TimedValue[] = [];
  /** Values added and not removed, including those already taken (they are not added again). */
  readonly #set = new Set<string>();
  #limiter: TokenBucket;

  constructor(qps: number, now: () => number = Date.now) {
    this.#now = now;
    this.#limiter = new TokenBucket(qps, now);
  }

  get qps(): number {
    return this.#limiter.qps;
  }

  /** Queues the value, due now; false if it was added before and not removed since. */
  add(value: string, uid: string): boolean {
    if (this.#set.has(value)) return false;
    const now = this.#now();
    this.#set.add(value);
    this.#insert({ value, uid, addedAt: now, processAt: now });
    return true;
  }

  /** Forgets the value, queued or taken, so that it can be added again; false if it was unknown. */
  remove(value: string): boolean {
    if (!this.#set.delete(value)) return false;
    this.#queue = this.#queue.filter((item) => item.value !== value);
    return true;
  }

  has(value: string): boolean {
    return this.#queue.some((item) => item.value === value);
  }

  /**
   * Hands due values to `action`, one per token, in order, until the limiter or the queue says
   * stop. A value the action is done with stays known (not added again); one it is not done
   * with comes back after its delay.
   */
  async try(action: (value: TimedValue) => Promise<ActionResult>): Promise<void> {
    for (let head = this.#queue[0]; head !== undefined; head = this.#queue[0]) {
      if (!this.#limiter.tryAccept()) return;
      const now = this.#now();
      if (now < head.processAt) return;
      const result = await action(head);
      const index = this.#queue.findIndex((item) => item.value === head.value);
      if (index < 0) continue;
      this.#queue.splice(index, 1);
      if (!result.done) this.#insert({ ...head, processAt: now + result.retryAfterMs + 1 });
    }
  }

  /** A new rate; a limiter waiting for its token hands the wait on to the new one. */
  swapLimiter(qps: number): void {
    if (this.#limiter.qps === qps) return;
    const next = new TokenBucket(Math.max(qps, 0), this.#now);
    if (qps > 0 && !this.#limiter.tryAccept()) next.tryAccept();
    this.#limiter = next;
  }

  #insert(item: TimedValue): void {
    const index = this.#queue.findIndex((queued) => queued.processAt > item.processAt);
    if (index < 0) this.#queue.push(item);
    else this.#queue.splice(index, 0, item);
  }
}
