// The watch cache's ring of recent change events, bounded by count and by age, from which
// watches that resume from a recent revision are served without touching the store.

import { changedKey, type ChangeEvent, type Revision } from '../storage.ts';

interface Entry {
  readonly event: ChangeEvent;
  readonly at: number;
}

export class EventRing {
  readonly #capacity: number;
  readonly #maxAgeMs: number;
  #entries: (Entry | undefined)[];
  #start = 0;
  #length = 0;
  /** Every event after this revision is in the ring. */
  #coveredAfter: Revision;

  constructor(capacity: number, maxAgeMs: number, coveredAfter: Revision) {
    this.#capacity = capacity;
    this.#maxAgeMs = maxAgeMs;
    this.#entries = new Array(capacity);
    this.#coveredAfter = coveredAfter;
  }

  /** Watches from this revision or later can be served from the ring. */
  get coveredAfter(): Revision {
    return this.#coveredAfter;
  }

  push(event: ChangeEvent, now: number): void {
    if (this.#length === this.#capacity) this.#dropOldest();
    this.#entries[(this.#start + this.#length) % this.#capacity] = { event, at: now };
    this.#length++;
    this.#expire(now);
  }

  /** Forget the events before `revision` (the store compacted them). */
  forgetBefore(revision: Revision): void {
    while (this.#length > 0 && (this.#entries[this.#start] as Entry).event.revision < revision) this.#dropOldest();
    if (this.#coveredAfter < revision) this.#coveredAfter = revision;
  }

  /** The events after `revision` whose keys start with `prefix`, oldest first. */
  since(revision: Revision, prefix: string): ChangeEvent[] {
    const events: ChangeEvent[] = [];
    for (let i = 0; i < this.#length; i++) {
      const { event } = this.#entries[(this.#start + i) % this.#capacity] as Entry;
      if (event.revision <= revision) continue;
      if (changedKey(event).startsWith(prefix)) events.push(event);
    }
    return events;
  }

  #expire(now: number): void {
    while (this.#length > 1 && now - (this.#entries[this.#start] as Entry).at > this.#maxAgeMs) this.#dropOldest();
  }

  #dropOldest(): void {
    const entry = this.#entries[this.#start] as Entry;
    this.#entries[this.#start] = undefined;
    this.#start = (this.#start + 1) % this.#capacity;
    this.#length--;
    this.#coveredAfter = Math.max(this.#coveredAfter, entry.event.revision);
  }
}
