// Work for one key runs one piece after another, in the order it was queued; work for different
// keys runs side by side. For writes to one object, or to one directory, that must not overlap.

export class KeyedSerial {
  /** The last piece queued for each key, settled either way; gone once nothing waits behind it. */
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `work` once every piece queued before it for the same key has settled. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key);
    const result = previous === undefined ? work() : previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or under way. */
  get size(): number {
    return this.#tails.size;
  }
}
