// One timer for every simulated container of a process: tasks fall into buckets of `resolutionMs`
// (the wheel's slots), the slots due next sit in a min-heap, and a single clock timer is armed for
// the earliest slot. Thousands of containers cost one bucket entry each, not one setTimeout each.
//
// There is no cancel: a task that is no longer wanted checks that itself when it fires (the
// containers compare the time they are waiting for), which keeps scheduling allocation-free.

import { type Clock, type ClockTimer, realClock } from './clock.ts';

export interface WheelTask {
  fire(nowMs: number): void;
}

export class TimerWheel {
  readonly clock: Clock;
  readonly #resolutionMs: number;
  readonly #buckets = new Map<number, WheelTask[]>();
  /** The slot numbers that have a bucket, as a binary min-heap. */
  readonly #slots: number[] = [];
  #armed: { readonly slot: number; readonly timer: ClockTimer } | undefined;
  #pending = 0;
  #closed = false;
  readonly #onTaskError: (error: unknown) => void;

  /** A task that throws must not stop the others of its slot: its error goes to `onTaskError` (default: thrown on its own). */
  constructor(clock: Clock = realClock, options: { readonly resolutionMs?: number; readonly onTaskError?: (error: unknown) => void } = {}) {
    this.clock = clock;
    this.#resolutionMs = options.resolutionMs ?? 1;
    this.#onTaskError = options.onTaskError ?? rethrowLater;
  }

  /** Tasks waiting to fire (including ones that will find themselves stale). */
  get pending(): number {
    return this.#pending;
  }

  /** Runs `task` at the clock time `dueMs` (rounded up to the wheel's resolution). */
  schedule(dueMs: number, task: WheelTask): void {
    if (this.#closed) return;
    const slot = Math.ceil(dueMs / this.#resolutionMs);
    let bucket = this.#buckets.get(slot);
    if (bucket === undefined) {
      bucket = [];
      this.#buckets.set(slot, bucket);
      heapPush(this.#slots, slot);
    }
    bucket.push(task);
    this.#pending++;
    if (this.#armed === undefined || slot < this.#armed.slot) this.#arm();
  }

  after(delayMs: number, task: WheelTask): void {
    this.schedule(this.clock.now() + delayMs, task);
  }

  sleep(delayMs: number): Promise<void> {
    return new Promise((resolve) => this.after(delayMs, { fire: () => resolve() }));
  }

  /** Drops every task and disarms the timer: nothing fires after this. */
  close(): void {
    this.#closed = true;
    this.#armed?.timer.cancel();
    this.#armed = undefined;
    this.#buckets.clear();
    this.#slots.length = 0;
    this.#pending = 0;
  }

  #arm(): void {
    this.#armed?.timer.cancel();
    const slot = this.#slots[0];
    if (slot === undefined) {
      this.#armed = undefined;
      return;
    }
    const timer = this.clock.setTimer(() => this.#fire(), slot * this.#resolutionMs - this.clock.now());
    this.#armed = { slot, timer };
  }

  #fire(): void {
    this.#armed = undefined;
    const now = this.clock.now();
    const currentSlot = Math.floor(now / this.#resolutionMs);
    let slot = this.#slots[0];
    while (slot !== undefined && slot <= currentSlot) {
      heapPop(this.#slots);
      const bucket = this.#buckets.get(slot) ?? [];
      this.#buckets.delete(slot);
      this.#pending -= bucket.length;
      for (const task of bucket) {
        try {
          task.fire(now);
        } catch (error) {
          this.#onTaskError(error);
        }
      }
      slot = this.#slots[0];
    }
    if (!this.#closed) this.#arm();
  }
}

function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

function heapPush(heap: number[], value: number): void {
  heap.push(value);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if ((heap[parent] as number) <= value) break;
    heap[i] = heap[parent] as number;
    i = parent;
  }
  heap[i] = value;
}

function heapPop(heap: number[]): void {
  const last = heap.pop() as number;
  if (heap.length === 0) return;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= heap.length) break;
    const right = left + 1;
    const child = right < heap.length && (heap[right] as number) < (heap[left] as number) ? right : left;
    if ((heap[child] as number) >= last) break;
    heap[i] = heap[child] as number;
    i = child;
  }
  heap[i] = last;
}
