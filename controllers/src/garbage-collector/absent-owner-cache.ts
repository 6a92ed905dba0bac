// The owners the API server said do not exist (kube's absentOwnerCache): a small LRU set, so that
// the dependents of one deleted owner do not each ask the API server about it again.

import type { ObjectIdentity } from './graph.ts';

export class AbsentOwnerCache {
  readonly #capacity: number;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  readonly #entries = new Map<string, true>();

  constructor(capacity = 500) {
    this.#capacity = capacity;
  }

  add(identity: ObjectIdentity): void {
    const key = keyOf(identity);
    this.#entries.delete(key);
    this.#entries.set(key, true);
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  has(identity: ObjectIdentity): boolean {
    const key = keyOf(identity);
    if (!this.#entries.has(key)) return false;
    this.#entries.delete(key);
    this.#entries.set(key, true);
    return true;
  }
}

const keyOf = (identity: ObjectIdentity): string => JSON.stringify([identity.apiVersion, identity.kind, identity.namespace, identity.name, identity.uid]);
