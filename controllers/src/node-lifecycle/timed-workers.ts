// kube's TimedWorkerQueue: one piece of work per key, run once its time comes (at once if due),
// cancellable until it starts; a key with work pending or running takes no second one.

export interface TimedWorker {
  readonly createdAt: number;
  readonly fireAt: number;
}

interface Entry extends TimedWorker {
  /** Undefined once the work has started (or when it started at once). */
  timer: NodeJS.Timeout | undefined;
}

export class TimedWorkerQueue {
  readonly #work: (key: string) => Promise<void>;
  readonly #entries = new Map<string, Entry>();
  readonly #running = new Set<Promise<void>>();

  /** `work` reports its own failures: it must not reject. */
  constructor(work: (key: string) => Promise<void>) {
    this.#work = work;
  }

  /** Schedules the work for `fireAt`; nothing if the key has work already. */
  addWork(key: string, createdAt: number, fireAt: number): void {
    if (this.#entries.has(key)) return;
    const entry: Entry = { createdAt, fireAt, timer: undefined };
    this.#entries.set(key, entry);
    const delay = fireAt - createdAt;
    if (delay <= 0) this.#start(key, entry);
    else entry.timer = setTimeout(() => this.#start(key, entry), delay);
  }

  /** Drops the key's work; true if it was waiting for its time (and now never runs). */
  cancelWork(key: string): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#entries.delete(key);
    if (entry.timer === undefined) return false;
    clearTimeout(entry.timer);
    return true;
  }

  getWorker(key: string): TimedWorker | undefined {
    return this.#entries.get(key);
  }

  /** Cancels all waiting work and waits for the running work to end. */
  async cancelAndWait(): Promise<void> {
    for (const entry of this.#entries.values()) clearTimeout(entry.timer);
    this.#entries.clear();
    await Promise.all(this.#running);
  }

  #start(key: string, entry: Entry): void {
    entry.timer = undefined;
    const running = this.#work(key).finally(() => {
      this.#running.delete(running);
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    this.#running.add(running);
  }
}
