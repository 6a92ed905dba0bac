// The watch cache's ordered in-memory index: the current objects of one resource, sorted by key,
// so that a list of a prefix, a page after a key and a count are binary searches and slices.

import type { KeyValue } from '../storage.ts';

export class SortedIndex {
  #items: KeyValue[] = [];

  get size(): number {
    return this.#items.length;
  }

  /** The average stored size of up to `samples` items spread over the index (0 when empty). */
  sampledAverageBytes(samples: number): number {
    const count = this.#items.length;
    if (count === 0) return 0;
    const taken = Math.min(samples, count);
    let bytes = 0;
    for (let i = 0; i < taken; i++) bytes += (this.#items[Math.floor((i * count) / taken)] as KeyValue).value.length;
    return bytes / taken;
  }

  /** Replace the whole content (items need not be sorted). */
  reset(items: readonly KeyValue[]): void {
    this.#items = [...items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  get(key: string): KeyValue | undefined {
    const i = this.#lowerBound(key);
    const item = this.#items[i];
    return item !== undefined && item.key === key ? item : undefined;
  }

  put(kv: KeyValue): void {
    const i = this.#lowerBound(kv.key);
    if (this.#items[i]?.key === kv.key) this.#items[i] = kv;
    else this.#items.splice(i, 0, kv);
  }

  delete(key: string): void {
    const i = this.#lowerBound(key);
    if (this.#items[i]?.key === key) this.#items.splice(i, 1);
  }

  /** The items with from < key < to, at most `limit` of them (0: no limit), and how many follow. */
  range(from: string, to: string, limit: number): { items: KeyValue[]; remaining: number } {
    let start = this.#lowerBound(from);
    if (this.#items[start]?.key === from) start++;
    const end = this.#lowerBound(to);
    const stop = limit > 0 ? Math.min(end, start + limit) : end;
    return { items: this.#items.slice(start, stop), remaining: Math.max(0, end - stop) };
  }

  /** The first position whose key is not below `key`. */
  #lowerBound(key: string): number {
    let low = 0;
    let high = this.#items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#items[mid] as KeyValue).key < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
