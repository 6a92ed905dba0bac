// kube's WithPriorityAndFairness filter: classifies each request (FlowSchema -> priority level),
// estimates its seats, waits for them in its level's queue set, and answers 429 with Retry-After
// when its level rejects it. Both answers carry the UIDs of the FlowSchema and priority level in
// X-Kubernetes-PF-FlowSchema-UID and X-Kubernetes-PF-PriorityLevel-UID. Long-running requests
// other than watches skip it; a watch holds its seats only until it starts answering (kube: until
// its initial events are sent), and is counted for the work estimate of writes while it lasts.

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
import { oneSeat } from './work-estimate.ts';

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
    const estimate = level.spec.exempt ? oneSeat : estimateWork(info, context.url.searchParams, level.maxSeats, this.#sources);
    const wait = waitLimit(context, this.#defaultWaitLimitMs);
    let outcome: Awaited<ReturnType<FlowController['admit']>>;
    try {
      outcome = await this.controller.admit(classification, user, info, estimate, wait.signal);
    } finally {
      wait.done();
    }
    if (typeof outcome === 'string') {
      this.dropped.record(level.spec.name);
      if (!context.timedOut) sendTooManyRequests(context, this.dropped.retryAfter(level.spec.name));
      return;
    }
    if (!watch) {
      try {
        await next();
      } finally {
        outcome.release();
      }
      return;
    }
    const forget = this.watches.register(info);
    releaseOnFirstAnswer(context.response, outcome);
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

/** A watch's seats go once it starts to answer (its headers, written before its events). */
function releaseOnFirstAnswer(response: ServerResponse, seats: HeldSeats): void {
  const writeHead = response.writeHead;
  // Node writes implicit headers through writeHead too, so this sees every first answer.
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    response.writeHead = writeHead;
    seats.release();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}
