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
    // Grown as events come (slots are filled in order, so it stays dense) rather than allocated
    // whole: one ring per resource, and most resources see few events (a test process starts
    // dozens of servers: @capstan/testenv).
    this.#entries = [];
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
    for (let oldest = this.#oldest(); oldest !== undefined && oldest.event.revision < revision; oldest = this.#oldest()) this.#dropOldest();
    if (this.#coveredAfter < revision) this.#coveredAfter = revision;
  }

  /** The events after `revision` whose keys start with `prefix`, oldest first. */
  since(revision: Revision, prefix: string): ChangeEvent[] {
    const events: ChangeEvent[] = [];
    for (let i = 0; i < this.#length; i++) {
      const event = this.#entries[(this.#start + i) % this.#capacity]?.event;
      if (event === undefined || event.revision <= revision) continue;
      if (changedKey(event).startsWith(prefix)) events.push(event);
    }
    return events;
  }

  #expire(now: number): void {
    for (let oldest = this.#oldest(); this.#length > 1 && oldest !== undefined && now - oldest.at > this.#maxAgeMs; oldest = this.#oldest()) this.#dropOldest();
  }

  #oldest(): Entry | undefined {
    return this.#length > 0 ? this.#entries[this.#start] : undefined;
  }

  #dropOldest(): void {
    const entry = this.#oldest();
    if (entry === undefined) return;
    this.#entries[this.#start] = undefined;
    this.#start = (this.#start + 1) % this.#capacity;
    this.#length--;
    this.#coveredAfter = Math.max(this.#coveredAfter, entry.event.revision);
  }
}
