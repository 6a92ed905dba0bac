// client-go's flowcontrol.Backoff as the kubelet uses it for crash loops and image pulls (10 s
// doubling to 5 min, no jitter): per key, a delay and the time it was last raised. An entry not
// raised for twice the maximum starts over.

export const containerBackOffInitialMs = 10_000;
export const containerBackOffMaxMs = 300_000;

interface Entry {
  backOffMs: number;
  lastUpdateMs: number;
}

export class BackOff {
  readonly #entries = new Map<string, Entry>();
  readonly #initialMs: number;
  readonly #maxMs: number;
  readonly #now: () => number;

  constructor(initialMs = containerBackOffInitialMs, maxMs = containerBackOffMaxMs, now: () => number = Date.now) {
    this.#initialMs = initialMs;
    this.#maxMs = maxMs;
    this.#now = now;
  }

  /** The current delay, 0 for an unknown key. */
  get(key: string): number {
    return this.#entries.get(key)?.backOffMs ?? 0;
  }

  /** Raises the delay (or starts it at the initial one) as of `eventMs`. */
  next(key: string, eventMs: number): void {
    const entry = this.#entries.get(key);
    if (entry === undefined || this.#expired(eventMs, entry)) this.#entries.set(key, { backOffMs: this.#initialMs, lastUpdateMs: this.#now() });
    else {
      entry.backOffMs = Math.min(entry.backOffMs * 2, this.#maxMs);
      entry.lastUpdateMs = this.#now();
    }
  }

  /** Whether less than the delay has passed since `eventMs` (a container's finish). */
  isInBackOffSince(key: string, eventMs: number): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined || this.#expired(eventMs, entry)) return false;
    return this.#now() - eventMs < entry.backOffMs;
  }

  /** Whether less than the delay has passed between the last raise and `eventMs`. */
  isInBackOffSinceUpdate(key: string, eventMs: number): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined || this.#expired(eventMs, entry)) return false;
    return eventMs - entry.lastUpdateMs < entry.backOffMs;
  }

  /** How long until `key`'s back-off since `eventMs` ends (0 when it has). */
  remainingSince(key: string, eventMs: number): number {
    return this.isInBackOffSince(key, eventMs) ? eventMs + this.get(key) - this.#now() : 0;
  }

  reset(key: string): void {
    this.#entries.delete(key);
  }

  /** Forgets the entries not raised for twice the maximum. */
  gc(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (this.#expired(now, entry)) this.#entries.delete(key);
  }

  /** Drops every key starting with `prefix` (a pod's entries once it is gone). */
  forgetPrefix(prefix: string): void {
    for (const key of this.#entries.keys()) if (key.startsWith(prefix)) this.#entries.delete(key);
  }

  #expired(eventMs: number, entry: Entry): boolean {
    return eventMs - entry.lastUpdateMs > this.#maxMs * 2;
  }
}
