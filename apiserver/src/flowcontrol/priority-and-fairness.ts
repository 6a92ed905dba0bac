// kube's WithPriorityAndFairness filter: classifies each request (FlowSchema -> priority level),
// estimates its seats, waits for them in its level's queue set, and answers 429 with Retry-After
// when its level rejects it. Both answers carry the UIDs of the FlowSchema and priority level in
// X-Kubernetes-PF-FlowSchema-UID and X-Kubernetes-PF-PriorityLevel-UID. Long-running requests
// other than watches skip it; a watch holds its seats only until it starts answering (kube: until
// its initial events are sent), and is counted for the work estimate of writes while it lasts.
// Each request's seats, queue length, wait and execution time go to kube's flowcontrol histograms.

import type { ServerResponse } from 'node:http';
import { requestInfoOf, userOf, type RequestContext } from '../filters/request-context.ts';
import { isLongRunning } from '../filters/long-running.ts';
import { DroppedRequests } from './dropped-requests.ts';
import type { Classification, FlowController } from './flow-controller.ts';
import type { HeldSeats } from './queue-set.ts';
import type { RequestLimiter } from './request-limiter.ts';
import { estimateWork, type WorkEstimatorSources } from './request-work-estimator.ts';
import { sendTooManyRequests } from './too-many-requests.ts';
import { WatchTracker } from './watch-tracker.ts';
import { maxSeatsOf, oneSeat } from './work-estimate.ts';
import { flowObserver } from '../metrics/flowcontrol-metrics.ts';
import { trackQueueWait } from '../metrics/latency-trackers.ts';

/** kube's hard cap on how long a request waits in its queue. */
const maxWaitMs = 60_000;

export interface PriorityAndFairnessOptions {
  readonly controller: FlowController;
  readonly objectStats: WorkEstimatorSources['objectStats'];
  /** The WatchList feature: watches with initial events are estimated as lists. */
  readonly watchList: boolean;
  /** How long a request without a deadline (a watch) may wait: --request-timeout / 4. */
  readonly defaultWaitLimitMs: number;
}

export class PriorityAndFairness implements RequestLimiter {
  readonly controller: FlowController;
  readonly dropped = new DroppedRequests();
  readonly watches = new WatchTracker();
  readonly #sources: WorkEstimatorSources;
  readonly #defaultWaitLimitMs: number;

  constructor(options: PriorityAndFairnessOptions) {
    this.controller = options.controller;
    this.#defaultWaitLimitMs = options.defaultWaitLimitMs;
    this.#sources = { objectStats: options.objectStats, watchList: options.watchList, interestedWatchCount: (info) => this.watches.interestedWatchCount(info) };
  }

  async handle(context: RequestContext, next: () => Promise<void>): Promise<void> {
    const info = requestInfoOf(context);
    const user = userOf(context);
    const watch = info.verb === 'watch';
    if (!watch && isLongRunning(info)) return next();
    const classification = this.controller.classify(user, info);
    setClassificationHeaders(context.response, classification);
    const { level } = classification;
    const observer = flowObserver(level.spec.name, classification.flowSchema.name);
    const estimate = level.spec.exempt ? oneSeat : estimateWork(info, context.url.searchParams, level.maxSeats, this.#sources);
    if (!level.spec.exempt) observer.workSeats(maxSeatsOf(estimate));
    const wait = waitLimit(context, this.#defaultWaitLimitMs);
    const waitStartedAt = performance.now();
    let outcome: Awaited<ReturnType<FlowController['admit']>>;
    try {
      outcome = await this.controller.admit(classification, user, info, estimate, wait.signal, (length) => observer.queueLength(length));
    } finally {
      wait.done();
    }
    // kube times the wait of every request that is not exempt, and leaves it out of the SLI latency.
    if (!level.spec.exempt) {
      const waitedSeconds = (performance.now() - waitStartedAt) / 1000;
      observer.waited(typeof outcome !== 'string' || outcome === 'time-out', waitedSeconds);
      trackQueueWait(waitedSeconds);
    }
    if (typeof outcome === 'string') {
      this.dropped.record(level.spec.name);
      if (!context.timedOut) sendTooManyRequests(context, this.dropped.retryAfter(level.spec.name));
      return;
    }
    const executionStartedAt = performance.now();
    if (!watch) {
      try {
        await next();
      } finally {
        outcome.release();
        observer.executed(false, (performance.now() - executionStartedAt) / 1000);
      }
      return;
    }
    const forget = this.watches.register(info);
    releaseOnFirstAnswer(context.response, outcome, () => observer.executed(true, (performance.now() - executionStartedAt) / 1000));
    try {
      await next();
    } finally {
      outcome.release();
      forget();
    }
  }
}

function setClassificationHeaders(response: ServerResponse, { flowSchema, level }: Classification): void {
  // UIDs, not names: the names an operator chose say nothing to the client (kube's reasoning).
  response.setHeader('X-Kubernetes-PF-PriorityLevel-UID', level.spec.uid);
  response.setHeader('X-Kubernetes-PF-FlowSchema-UID', flowSchema.uid);
}

/**
 * kube's getRequestWaitContext: a request waits at most a quarter of the time its deadline
 * allows (the default limit without one), and never more than a minute; and not at all once
 * its client is gone.
 */
function waitLimit(context: RequestContext, defaultLimitMs: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const limitMs = Math.min(context.deadline === undefined ? defaultLimitMs : (context.deadline - context.receivedAt) / 4, maxWaitMs);
  const timer = setTimeout(() => controller.abort(), Math.max(0, context.receivedAt + limitMs - Date.now()));
  const gone = (): void => controller.abort();
  context.response.once('close', gone);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      context.response.off('close', gone);
    },
  };
}

/** A watch's seats go once it starts to answer (its headers, written before its events); `initialStageDone` is told then. */
function releaseOnFirstAnswer(response: ServerResponse, seats: HeldSeats, initialStageDone: () => void): void {
  const writeHead = response.writeHead;
  // Node writes implicit headers through writeHead too, so this sees every first answer.
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    response.writeHead = writeHead;
    seats.release();
    initialStageDone();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}
