// Exponential backoff with jitter, as client-go's reflector uses it: each failure doubles the base
// delay from `initialMs` up to `maxMs`, and a random share of up to `jitter` times the base is added,
// so thousands of clients that lost the same server do not come back at the same instant.

export interface BackoffOptions {
  /** The first delay (800 ms, client-go's reflector). */
  readonly initialMs?: number;
  /** The largest base delay (30 s); with jitter 1 the delays end between 30 and 60 s. */
  readonly maxMs?: number;
  readonly factor?: number;
  /** 0 for none; 1 adds up to the whole base again (client-go's 1.0). */
  readonly jitter?: number;
  /** Healthy this long since the last failure, the delay starts over from initialMs (2 min). */
  readonly resetAfterMs?: number;
}

export class Backoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  readonly #factor: number;
  readonly #jitter: number;
  readonly #resetAfterMs: number;
  readonly #random: () => number;
  #baseMs = 0;
  #lastAt = -Infinity;

  constructor(options: BackoffOptions = {}, random: () => number = Math.random) {
    this.#initialMs = options.initialMs ?? 800;
    this.#maxMs = options.maxMs ?? 30_000;
    this.#factor = options.factor ?? 2;
    this.#jitter = options.jitter ?? 1;
    this.#resetAfterMs = options.resetAfterMs ?? 120_000;
    this.#random = random;
  }

  /** The delay to wait after a failure now. */
  next(now = Date.now()): number {
    if (this.#baseMs === 0 || now - this.#lastAt >= this.#resetAfterMs) this.#baseMs = this.#initialMs;
    else this.#baseMs = Math.min(this.#baseMs * this.#factor, this.#maxMs);
    this.#lastAt = now;
    return Math.round(this.#baseMs * (1 + this.#jitter * this.#random()));
  }

  /** After a success: the next failure waits initialMs again. */
  reset(): void {
    this.#baseMs = 0;
  }
}
