// One watcher's delivery: events go straight to the listener while it keeps up; while it reports
// a full buffer they wait in a queue bounded in events and in bytes, and a watcher whose queue
// overflows is closed as TooSlow (kube's cacher closes a watcher whose channel stays full), so one
// slow client can neither hold up the others nor grow memory without bound.

import { StorageError } from './storage-error.ts';
import type { Watch, WatchEvent, WatchListener } from './storage.ts';

export interface WatchChannelOptions {
  /** How many live events may wait for a full listener before the watch is closed. */
  readonly maxPending?: number;
  /** How many bytes of stored objects those events may hold. */
  readonly maxPendingBytes?: number;
  /** Called once when the watch ends, by close() or by an error. */
  readonly onClose?: () => void;
  readonly onProgressRequest?: () => void;
}

export const defaultMaxPending = 10_000;
/**
 * A watcher that never reads holds its queued events alive after the event ring has let them go:
 * 16 MiB of them at most (a burst of a few thousand ordinary objects in one turn fits).
 */
export const defaultMaxPendingBytes = 16 * 1024 * 1024;

/** The bytes of stored object an event holds. */
const sizeOf = (event: WatchEvent): number =>
  event.type === 'ADDED' || event.type === 'MODIFIED' ? event.kv.value.byteLength : event.type === 'DELETED' ? event.prev.value.byteLength : 0;

export class WatchChannel implements Watch {
  readonly #listener: WatchListener;
  readonly #maxPending: number;
  readonly #maxPendingBytes: number;
  /** The bytes of the live events queued (not of the backlog, which the ring holds anyway). */
  #pendingBytes = 0;
  readonly #onClose: (() => void) | undefined;
  readonly #onProgressRequest: (() => void) | undefined;
  #queue: WatchEvent[] = [];
  #head = 0;
  /** Events that may still be queued beyond the live limit (a catch-up already held in memory). */
  #backlog = 0;
  #full = false;
  /** Held channels queue everything until released, so that no event reaches a caller before watch() returns. */
  #held = true;
  #closed = false;

  constructor(listener: WatchListener, options: WatchChannelOptions = {}) {
    this.#listener = listener;
    this.#maxPending = options.maxPending ?? defaultMaxPending;
    this.#maxPendingBytes = options.maxPendingBytes ?? defaultMaxPendingBytes;
    this.#onClose = options.onClose;
    this.#onProgressRequest = options.onProgressRequest;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Start delivering on the next microtask. */
  release(): void {
    queueMicrotask(() => {
      this.#held = false;
      this.resume();
    });
  }

  /** Queue events already read into memory (a catch-up); they do not count against the live limit. */
  pushBacklog(events: readonly WatchEvent[]): void {
    if (this.#closed) return;
    for (const event of events) this.#queue.push(event);
    this.#backlog += events.length;
    if (!this.#held) this.resume();
  }

  push(event: WatchEvent): void {
    if (this.#closed) return;
    if (this.#held || this.#full || this.#head < this.#queue.length) {
      const size = sizeOf(event);
      if (this.#queue.length - this.#head - this.#backlog >= this.#maxPending || this.#pendingBytes + size > this.#maxPendingBytes) {
        this.fail(new StorageError('TooSlow', 'the watcher could not keep up with the events and was closed'));
        return;
      }
      this.#queue.push(event);
      this.#pendingBytes += size;
      return;
    }
    if (this.#listener(event) === false) this.#full = true;
  }

  resume(): void {
    this.#full = false;
    if (this.#held) return;
    const queue = this.#queue;
    while (this.#head < queue.length && !this.#full && !this.#closed) {
      const event = queue[this.#head++] as WatchEvent;
      if (this.#backlog > 0) this.#backlog--;
      else this.#pendingBytes -= sizeOf(event);
      if (this.#listener(event) === false) this.#full = true;
    }
    if (this.#head === queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > queue.length) {
      this.#queue = queue.slice(this.#head);
      this.#head = 0;
    }
  }

  requestProgress(): void {
    if (!this.#closed) this.#onProgressRequest?.();
  }

  /** End the watch with an ERROR event, delivered even past a full buffer. */
  fail(error: StorageError): void {
    if (this.#closed) return;
    this.#end();
    if (this.#held) queueMicrotask(() => this.#listener({ type: 'ERROR', error }));
    else this.#listener({ type: 'ERROR', error });
  }

  close(): void {
    if (!this.#closed) this.#end();
  }

  #end(): void {
    this.#closed = true;
    this.#queue = [];
    this.#head = 0;
    this.#pendingBytes = 0;
    this.#onClose?.();
  }
}
