// A binary min-heap under a comparison: the scheduling queue's active and backoff queues.

export class BinaryHeap<T> {
  readonly #items: T[] = [];
  readonly #less: (a: T, b: T) => boolean;

  constructor(less: (a: T, b: T) => boolean) {
    this.#less = less;
  }

  get size(): number {
    return this.#items.length;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const items = this.#items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(items[i] as T, items[parent] as T)) break;
      [items[i], items[parent]] = [items[parent] as T, items[i] as T];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < items.length && this.#less(items[left] as T, items[smallest] as T)) smallest = left;
      if (right < items.length && this.#less(items[right] as T, items[smallest] as T)) smallest = right;
      if (smallest === i) break;
      [items[i], items[smallest]] = [items[smallest] as T, items[i] as T];
      i = smallest;
    }
    return top;
  }

  clear(): void {
    this.#items.length = 0;
  }
}
