// goroutinemap with exponential backoff, as the binder runs provisioning and deletion: one
// operation of a name at a time (a second start while it runs is dropped), and after a failure the
// name waits 500 ms, doubling to at most 2 min 2 s, before it may start again.

const initialDelayMs = 500;
const maxDelayMs = 122_000;

export class Operations {
  readonly #running = new Set<string>();
  readonly #failed = new Map<string, { readonly until: number; readonly delayMs: number }>();
  readonly #onError: (name: string, error: unknown) => void;
  readonly #pending = new Set<Promise<void>>();

  constructor(onError: (name: string, error: unknown) => void) {
    this.#onError = onError;
  }

  /** Starts the operation unless one of the name runs or backs off. */
  run(name: string, operation: () => Promise<void>): void {
    if (this.#running.has(name)) return;
    const failed = this.#failed.get(name);
    if (failed !== undefined && Date.now() < failed.until) return;
    this.#running.add(name);
    const done = operation().then(
      () => {
        this.#failed.delete(name);
      },
      (error: unknown) => {
        const delayMs = failed === undefined ? initialDelayMs : Math.min(failed.delayMs * 2, maxDelayMs);
        this.#failed.set(name, { until: Date.now() + delayMs, delayMs });
        this.#onError(name, error);
      },
    );
    const tracked = done.finally(() => {
      this.#running.delete(name);
      this.#pending.delete(tracked);
    });
    this.#pending.add(tracked);
  }

  /** Resolves once every operation started has ended. */
  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}
