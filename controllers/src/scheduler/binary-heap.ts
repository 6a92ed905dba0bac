// A binary min-heap under a comparison: the scheduling queue's active and backoff queues.

export class BinaryHeap<T extends object> {
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
    // Up from the end: parents after which the item comes move down into its place.
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent];
      if (above === undefined || !this.#less(item, above)) break;
      items[i] = above;
      i = parent;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    // Down from the root: the smaller child moves up into the last item's place while it comes first.
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      let first = last;
      const leftItem = items[left];
      if (left < items.length && leftItem !== undefined && this.#less(leftItem, first)) [smallest, first] = [left, leftItem];
      const rightItem = items[right];
      if (right < items.length && rightItem !== undefined && this.#less(rightItem, first)) [smallest, first] = [right, rightItem];
      if (smallest === i) break;
      items[i] = first;
      i = smallest;
    }
    items[i] = last;
    return top;
  }

  clear(): void {
    this.#items.length = 0;
  }
}
