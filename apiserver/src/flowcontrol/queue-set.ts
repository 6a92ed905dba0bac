// The fair queuing of one priority level (kube's fairqueuing/queueset): requests wait in queues
// picked by shuffle sharding and are dispatched, while seats are free, from the queue whose head
// would finish first in virtual time (R, in seat-seconds, advancing at the rate each active queue
// would be served at). A queue is charged each request's work when it is dispatched and the
// difference to the real service time when it ends, so a flow of slow requests waits longer.
// A level without queues (limitResponse Reject) runs a request at once or rejects it; the exempt
// level runs everything at once and only counts.

import type { RequestInfo } from '../request-info/request-info.ts';
import { dealHand } from './shuffle-sharding.ts';
import { SeatDemandIntegrator } from './seat-demand.ts';
import { maxSeatsOf, type WorkEstimate } from './work-estimate.ts';

export type RejectReason = 'queue-full' | 'concurrency-limit' | 'time-out';

/** What a queue set knows of a request besides its seats: for the debug dumps. */
export interface RequestDescription {
  readonly flowSchemaName: string;
  readonly distinguisher: string;
  readonly userName: string;
  readonly info: RequestInfo;
}

/** The seats a dispatched request holds; release once its handler is done. */
export interface HeldSeats {
  release(): void;
}

export interface QueuingConfig {
  /** 0 for a level that rejects instead of queuing. */
  readonly queues: number;
  readonly handSize: number;
  readonly queueLengthLimit: number;
}

/** kube's estimatedServiceDuration: the service time a request's work is first charged with. */
const estimatedServiceSeconds = 0.003;

interface Entry {
  readonly description: RequestDescription;
  readonly estimate: WorkEstimate;
  /** Virtual work in seat-seconds. */
  readonly work: number;
  readonly arriveTime: number;
  readonly arrivalR: number;
  readonly queue: Queue | undefined;
  startTime: number;
  settle: (outcome: HeldSeats | RejectReason) => void;
}

interface Queue {
  readonly index: number;
  readonly waiting: Entry[];
  readonly executing: Set<Entry>;
  seatsInUse: number;
  nextDispatchR: number;
}

export interface QueueDump {
  readonly pending: number;
  readonly executing: number;
  readonly seatsInUse: number;
  readonly nextDispatchR: number;
  readonly initialSeatsSum: number;
  readonly maxSeatsSum: number;
  readonly totalWorkSum: number;
}

export interface RequestDump {
  readonly description: RequestDescription;
  readonly estimate: WorkEstimate;
  readonly arriveTime: number;
  /** 0 while it waits. */
  readonly startTime: number;
  readonly queueIndex: number;
  /** -1 while it executes. */
  readonly indexInQueue: number;
}

/** The counters of one priority level, for the dumps and for metrics. */
export interface QueueSetCounters {
  dispatched: number;
  rejected: number;
  timedOut: number;
  cancelled: number;
  readonly rejectedByReason: Record<RejectReason, number>;
}

export class QueueSet {
  readonly #now: () => number;
  readonly #exempt: boolean;
  #config: QueuingConfig;
  #concurrencyLimit: number;
  #queues: Queue[] = [];
  readonly #queueless = new Set<Entry>();
  #currentR = 0;
  #lastSync: number;
  #robinIndex = -1;
  #enqueues = 0;
  #requestsWaiting = 0;
  #requestsExecuting = 0;
  #seatsWaiting = 0;
  #seatsInUse = 0;
  readonly counters: QueueSetCounters = { dispatched: 0, rejected: 0, timedOut: 0, cancelled: 0, rejectedByReason: { 'queue-full': 0, 'concurrency-limit': 0, 'time-out': 0 } };
  readonly seatDemand: SeatDemandIntegrator;

  constructor(config: QueuingConfig | 'exempt', concurrencyLimit: number, now: () => number = Date.now) {
    this.#now = now;
    this.#exempt = config === 'exempt';
    this.#config = config === 'exempt' ? { queues: 0, handSize: 0, queueLengthLimit: 0 } : config;
    this.#concurrencyLimit = concurrencyLimit;
    this.#lastSync = now();
    this.seatDemand = new SeatDemandIntegrator(now);
    this.#resizeQueues();
  }

  /** R, the virtual time (seat-seconds) of the last change (kube's apiserver_flowcontrol_current_r). */
  get currentR(): number {
    return this.#currentR;
  }
  get concurrencyLimit(): number {
    return this.#concurrencyLimit;
  }
  get requestsWaiting(): number {
    return this.#requestsWaiting;
  }
  get requestsExecuting(): number {
    return this.#requestsExecuting;
  }
  get seatsInUse(): number {
    return this.#seatsInUse;
  }
  get seatsWaiting(): number {
    return this.#seatsWaiting;
  }
  get isIdle(): boolean {
    return this.#requestsWaiting === 0 && this.#requestsExecuting === 0;
  }

  /** A new queuing configuration or concurrency limit (borrowing); waiting requests are kept. */
  configure(config: QueuingConfig | 'exempt', concurrencyLimit: number): void {
    this.#syncTime();
    if (config !== 'exempt') this.#config = config;
    this.#concurrencyLimit = concurrencyLimit;
    this.#resizeQueues();
    this.#dispatchAsMuchAsPossible();
  }

  /** More queues are added at once; queues past the desired count stay until they are empty. */
  #resizeQueues(): void {
    const desired = this.#config.queues;
    while (this.#queues.length < desired) this.#queues.push({ index: this.#queues.length, waiting: [], executing: new Set(), seatsInUse: 0, nextDispatchR: this.#currentR });
    while (this.#queues.length > desired) {
      const last = this.#queues.at(-1) as Queue;
      if (last.waiting.length > 0 || last.executing.size > 0) break;
      this.#queues.pop();
    }
  }

  /**
   * Waits for seats: resolves with them once the request may run, or with why it was rejected.
   * `waitLimit` ends its wait (kube's request wait context: a quarter of its deadline, at most a minute).
   * `noteQueued` (kube's QueueNoteFn) is told the length of its queue once it was put in one.
   */
  start(
    description: RequestDescription,
    estimate: WorkEstimate,
    hash: bigint,
    waitLimit: AbortSignal,
    noteQueued?: (queueLength: number) => void,
  ): Promise<HeldSeats | RejectReason> {
    this.#syncTime();
    const seats = maxSeatsOf(estimate);
    if (this.#exempt || this.#config.queues < 1) {
      if (!this.#exempt && !this.#canAccommodate(seats)) return Promise.resolve(this.#reject('concurrency-limit'));
      return Promise.resolve(this.#dispatchQueueless(description, estimate));
    }
    const queue = this.#shuffleShard(hash);
    if (this.#seatsInUse >= this.#concurrencyLimit && queue.waiting.length >= this.#config.queueLengthLimit) return Promise.resolve(this.#reject('queue-full'));
    if (waitLimit.aborted) return Promise.resolve(this.#reject('time-out'));
    return new Promise((resolve) => {
      const work = estimate.initialSeats * estimatedServiceSeconds + (estimate.finalSeats * estimate.additionalLatencyMs) / 1000;
      const entry: Entry = { description, estimate, work, arriveTime: this.#now(), arrivalR: this.#currentR, queue, startTime: 0, settle: resolve };
      const eject = (): void => {
        const at = queue.waiting.indexOf(entry);
        if (at < 0) return;
        this.#syncTime();
        queue.waiting.splice(at, 1);
        this.#requestsWaiting--;
        this.#seatsWaiting -= seats;
        this.counters.cancelled++;
        this.#boundNextDispatch(queue);
        this.#noteDemand();
        resolve(this.#reject('time-out'));
        // Its leaving may let a narrower head elsewhere run.
        this.#dispatchAsMuchAsPossible();
      };
      waitLimit.addEventListener('abort', eject, { once: true });
      entry.settle = (outcome) => {
        waitLimit.removeEventListener('abort', eject);
        resolve(outcome);
      };
      if (queue.waiting.length === 0 && queue.executing.size === 0) queue.nextDispatchR = this.#currentR;
      queue.waiting.push(entry);
      noteQueued?.(queue.waiting.length);
      this.#requestsWaiting++;
      this.#seatsWaiting += seats;
      this.#boundNextDispatch(queue);
      this.#noteDemand();
      this.#dispatchAsMuchAsPossible();
    });
  }

  #reject(reason: RejectReason): RejectReason {
    this.counters.rejected++;
    this.counters.rejectedByReason[reason]++;
    return reason;
  }

  /** The queue of the hand with the least work waiting, visiting the hand from a rotating start. */
  #shuffleShard(hash: bigint): Queue {
    const hand = dealHand(hash, this.#config.queues, Math.min(this.#config.handSize, this.#config.queues));
    const offset = this.#enqueues++ % hand.length;
    let best: Queue | undefined;
    let bestWork = Number.POSITIVE_INFINITY;
    for (let i = 0; i < hand.length; i++) {
      const queue = this.#queues[hand[(offset + i) % hand.length] as number] as Queue;
      const work = queue.waiting.reduce((sum, entry) => sum + entry.work, 0);
      if (work < bestWork) {
        bestWork = work;
        best = queue;
      }
    }
    return best as Queue;
  }

  #canAccommodate(seats: number): boolean {
    if (this.#exempt) return true;
    // A request wider than the whole level runs alone.
    if (seats > this.#concurrencyLimit) return this.#requestsExecuting === 0;
    return this.#seatsInUse + seats <= this.#concurrencyLimit;
  }

  #syncTime(): void {
    const now = this.#now();
    const elapsedSeconds = (now - this.#lastSync) / 1000;
    this.#lastSync = now;
    let active = 0;
    let seatsRequested = 0;
    for (const queue of this.#queues) {
      seatsRequested += queue.seatsInUse;
      for (const entry of queue.waiting) seatsRequested += maxSeatsOf(entry.estimate);
      if (queue.waiting.length > 0 || queue.executing.size > 0) active++;
    }
    if (active > 0) this.#currentR += (elapsedSeconds * Math.min(seatsRequested, this.#concurrencyLimit)) / active;
  }

  /** A queue never starts its next request before its head arrived (kube's anti-windup). */
  #boundNextDispatch(queue: Queue): void {
    const head = queue.waiting[0];
    if (head !== undefined && queue.nextDispatchR < head.arrivalR) queue.nextDispatchR = head.arrivalR;
  }

  #noteDemand(): void {
    this.seatDemand.set(this.#seatsInUse + this.#seatsWaiting);
  }

  #dispatchAsMuchAsPossible(): void {
    while (this.#requestsWaiting > 0) {
      let best: Queue | undefined;
      let bestIndex = 0;
      let minFinish = Number.POSITIVE_INFINITY;
      const count = this.#queues.length;
      for (let i = 0; i < count; i++) {
        this.#robinIndex = (this.#robinIndex + 1) % count;
        const queue = this.#queues[this.#robinIndex] as Queue;
        const head = queue.waiting[0];
        if (head === undefined) continue;
        const finish = queue.nextDispatchR + head.work;
        if (finish < minFinish) {
          minFinish = finish;
          best = queue;
          bestIndex = this.#robinIndex;
        }
      }
      const head = best?.waiting[0];
      // The fairest head waits for seats: nothing else may go before it.
      if (best === undefined || head === undefined || !this.#canAccommodate(maxSeatsOf(head.estimate))) return;
      this.#robinIndex = bestIndex;
      best.waiting.shift();
      this.#requestsWaiting--;
      this.#seatsWaiting -= maxSeatsOf(head.estimate);
      best.nextDispatchR += head.work;
      this.#boundNextDispatch(best);
      head.settle(this.#dispatch(head));
    }
  }

  #dispatchQueueless(description: RequestDescription, estimate: WorkEstimate): HeldSeats {
    const entry: Entry = { description, estimate, work: 0, arriveTime: this.#now(), arrivalR: this.#currentR, queue: undefined, startTime: 0, settle: () => {} };
    return this.#dispatch(entry);
  }

  #dispatch(entry: Entry): HeldSeats {
    entry.startTime = this.#now();
    const { initialSeats } = entry.estimate;
    const queue = entry.queue;
    if (queue === undefined) this.#queueless.add(entry);
    else {
      queue.executing.add(entry);
      queue.seatsInUse += initialSeats;
    }
    this.#requestsExecuting++;
    this.#seatsInUse += initialSeats;
    this.counters.dispatched++;
    this.#noteDemand();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#finish(entry);
      },
    };
  }

  /** The handler is done: its initial seats go; its final seats stay for the additional latency. */
  #finish(entry: Entry): void {
    this.#syncTime();
    const { initialSeats, finalSeats, additionalLatencyMs } = entry.estimate;
    const queue = entry.queue;
    this.#seatsInUse -= initialSeats;
    if (queue !== undefined) {
      queue.seatsInUse -= initialSeats;
      // Charge the queue the real service time instead of the estimate.
      const actualSeconds = (this.#now() - entry.startTime) / 1000;
      queue.nextDispatchR -= initialSeats * (estimatedServiceSeconds - actualSeconds);
      this.#boundNextDispatch(queue);
    }
    const done = (): void => {
      this.#requestsExecuting--;
      if (queue === undefined) this.#queueless.delete(entry);
      else queue.executing.delete(entry);
      this.#resizeQueues();
      this.#noteDemand();
      this.#dispatchAsMuchAsPossible();
    };
    if (finalSeats > 0 && additionalLatencyMs > 0) {
      this.#seatsInUse += finalSeats;
      if (queue !== undefined) queue.seatsInUse += finalSeats;
      this.#noteDemand();
      this.#dispatchAsMuchAsPossible();
      setTimeout(() => {
        this.#syncTime();
        this.#seatsInUse -= finalSeats;
        if (queue !== undefined) queue.seatsInUse -= finalSeats;
        done();
      }, additionalLatencyMs).unref();
      return;
    }
    done();
  }

  dumpQueues(): QueueDump[] {
    return this.#queues.map((queue) => ({
      pending: queue.waiting.length,
      executing: queue.executing.size,
      seatsInUse: queue.seatsInUse,
      nextDispatchR: queue.nextDispatchR,
      initialSeatsSum: queue.waiting.reduce((sum, entry) => sum + entry.estimate.initialSeats, 0),
      maxSeatsSum: queue.waiting.reduce((sum, entry) => sum + maxSeatsOf(entry.estimate), 0),
      totalWorkSum: queue.waiting.reduce((sum, entry) => sum + entry.work, 0),
    }));
  }

  dumpRequests(): RequestDump[] {
    const dump = (entry: Entry, queueIndex: number, indexInQueue: number): RequestDump => ({
      description: entry.description,
      estimate: entry.estimate,
      arriveTime: entry.arriveTime,
      startTime: entry.startTime,
      queueIndex,
      indexInQueue,
    });
    const requests: RequestDump[] = [];
    for (const queue of this.#queues) {
      queue.waiting.forEach((entry, i) => requests.push(dump(entry, queue.index, i)));
      for (const entry of queue.executing) requests.push(dump(entry, queue.index, -1));
    }
    for (const entry of this.#queueless) requests.push(dump(entry, -1, -1));
    return requests;
  }
}
