// The scheduler's API writes for one pod go out one after another, in the order the scheduler
// decided them, as kube-scheduler's API dispatcher keeps calls for one object in order. Without
// it an attempt that failed on a stale view of the pod could send its PodScheduled=False patch
// beside a later attempt's binding; if the patch landed second it would mark the bound pod
// unschedulable. Writes for different pods still run side by side.

export class PodWriteOrder {
  /** The last write queued for each pod, settled either way; gone once nothing waits behind it. */
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs write once every write queued before it for the same pod has settled. */
  run<T>(podKey: string, write: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(podKey);
    const result = previous === undefined ? write() : previous.then(write);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(podKey, tail);
    void tail.then(() => {
      if (this.#tails.get(podKey) === tail) this.#tails.delete(podKey);
    });
    return result;
  }

  /** Pods with a write queued or under way. */
  get size(): number {
    return this.#tails.size;
  }
}
