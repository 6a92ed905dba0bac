// Test support: records the events of a storage watch and waits for them with a deadline.

import type { Revision, Storage, Watch, WatchEvent } from '../../src/storage/storage.ts';

export class WatchRecorder {
  readonly events: WatchEvent[] = [];
  readonly watch: Watch;
  #waiters: { check: () => boolean; resolve: () => void }[] = [];

  constructor(storage: Storage, prefix: string, fromRevision: Revision, reply: boolean | undefined = undefined) {
    this.watch = storage.watch(prefix, fromRevision, (event) => {
      this.events.push(event);
      this.#waiters = this.#waiters.filter((w) => (w.check() ? (w.resolve(), false) : true));
      return reply;
    });
  }

  /** The change events (no PROGRESS). */
  get changes(): WatchEvent[] {
    return this.events.filter((e) => e.type !== 'PROGRESS');
  }

  /** Wait until `check` holds; fail after `timeoutMs`, saying what arrived. */
  until(check: (events: WatchEvent[]) => boolean, timeoutMs = 5000): Promise<void> {
    if (check(this.events)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`watch condition not met in ${timeoutMs} ms; got ${JSON.stringify(this.events.map(describe))}`));
      }, timeoutMs);
      this.#waiters.push({
        check: () => check(this.events),
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  untilChanges(count: number, timeoutMs?: number): Promise<void> {
    return this.until((events) => events.filter((e) => e.type !== 'PROGRESS').length >= count, timeoutMs);
  }

  close(): void {
    this.watch.close();
  }
}

export function describe(event: WatchEvent): string {
  switch (event.type) {
    case 'ADDED':
    case 'MODIFIED':
      return `${event.type} ${event.kv.key}@${event.revision}`;
    case 'DELETED':
      return `DELETED ${event.prev.key}@${event.revision}`;
    case 'PROGRESS':
      return `PROGRESS @${event.revision}`;
    case 'ERROR':
      return `ERROR ${event.error.code}`;
  }
}

export const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
export const text = (value: Uint8Array | undefined): string | undefined => (value === undefined ? undefined : new TextDecoder().decode(value));
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
