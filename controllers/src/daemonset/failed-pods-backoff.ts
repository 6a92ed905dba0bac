// client-go's flowcontrol.Backoff as the DaemonSet controller uses it for failed pods (1 s doubling
// up to 15 min, no jitter): a node whose daemon pod keeps failing is not fought over in a hot loop.
// An entry untouched for twice the maximum is forgotten.

export class FailedPodsBackoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  readonly #entries = new Map<string, { backoffMs: number; lastUpdate: number }>();

  constructor(initialMs = 1000, maxMs = 15 * 60 * 1000) {
    this.#initialMs = initialMs;
    this.#maxMs = maxMs;
  }

  #expired(now: number, lastUpdate: number): boolean {
    return now - lastUpdate > this.#maxMs * 2;
  }

  /** The current delay of the key (0 for none). */
  get(key: string): number {
    return this.#entries.get(key)?.backoffMs ?? 0;
  }

  /** Moves the key's delay to its next step: the initial one, or double the last (capped). */
  next(key: string, now: number): void {
    const entry = this.#entries.get(key);
    const backoffMs = entry === undefined || this.#expired(now, entry.lastUpdate) ? this.#initialMs : Math.min(entry.backoffMs * 2, this.#maxMs);
    this.#entries.set(key, { backoffMs, lastUpdate: now });
  }

  /** IsInBackOffSinceUpdate: less than the key's delay has passed since its last step. */
  inBackoffSinceUpdate(key: string, now: number): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined || this.#expired(now, entry.lastUpdate)) return false;
    return now - entry.lastUpdate < entry.backoffMs;
  }

  gc(now: number): void {
    for (const [key, entry] of this.#entries) if (this.#expired(now, entry.lastUpdate)) this.#entries.delete(key);
  }
}
