// What the API server builds for flow control from --enable-priority-and-fairness,
// --max-requests-inflight and --max-mutating-requests-inflight: the limiter of the max-in-flight
// filter, its post-start hooks (kube's names), its debug dumps and its stats.

import type { Logger } from '@capstan/common';
import type { TextResponse } from '../health/health-endpoint.ts';
import type { PostStartHook } from '../health/post-start-hooks.ts';
import { runConfigProducer, type FlowControlStores } from './config-producer.ts';
import { flowControlDump } from './debug-dumps.ts';
import { FlowController } from './flow-controller.ts';
import { flowControlStatsOf, type FlowControlStats } from './flowcontrol-stats.ts';
import { MaxInFlightLimit } from './max-in-flight-limit.ts';
import { PriorityAndFairness } from './priority-and-fairness.ts';
import type { RequestLimiter } from './request-limiter.ts';
import type { WorkEstimatorSources } from './request-work-estimator.ts';

export interface FlowControlOptions {
  /** --enable-priority-and-fairness (default true). */
  readonly enablePriorityAndFairness: boolean;
  /** --max-requests-inflight (default 400). */
  readonly maxRequestsInFlight: number;
  /** --max-mutating-requests-inflight (default 200). */
  readonly maxMutatingRequestsInFlight: number;
}

export const defaultFlowControlOptions: FlowControlOptions = { enablePriorityAndFairness: true, maxRequestsInFlight: 400, maxMutatingRequestsInFlight: 200 };

export interface FlowControlContext {
  /** Undefined when the flowcontrol API has no store (turned off): the max-in-flight limit serves then. */
  readonly stores: FlowControlStores | undefined;
  readonly objectStats: WorkEstimatorSources['objectStats'];
  readonly watchList: boolean;
  readonly requestTimeoutMs: number;
  readonly logger: Logger;
  readonly stopping: AbortSignal;
}

export interface FlowControl {
  readonly limiter: RequestLimiter;
  /** kube's hooks of the generic server (the filter and the config consumer), listed early. */
  readonly filterHooks: readonly PostStartHook[];
  /** kube's priority-and-fairness-config-producer, listed after the bootstrap priority classes; none without the flowcontrol API's stores. */
  readonly configProducerHooks: readonly PostStartHook[];
  /** The /debug/api_priority_and_fairness/ dumps (none without priority and fairness). */
  dump(pathname: string, query: URLSearchParams): TextResponse | undefined;
  /** The counters for the apiserver_flowcontrol_* (or max-in-flight) metrics. */
  stats(): FlowControlStats;
}

export function flowControlOf(options: FlowControlOptions, context: FlowControlContext): FlowControl {
  const { stores } = context;
  // The flowcontrol API's own hook: kube runs it whenever the API is served, APF on or off.
  const configProducerHooks =
    stores === undefined ? [] : [{ name: 'priority-and-fairness-config-producer', run: () => runConfigProducer(stores, context.logger, context.stopping) }];
  if (!options.enablePriorityAndFairness || stores === undefined) {
    const limiter = new MaxInFlightLimit(options.maxRequestsInFlight, options.maxMutatingRequestsInFlight);
    return {
      limiter,
      filterHooks: [{ name: 'max-in-flight-filter', run: () => Promise.resolve() }],
      configProducerHooks,
      dump: () => undefined,
      stats: () => ({ mode: 'max-in-flight', maxInFlight: { ...limiter.stats } }),
    };
  }
  const controller = new FlowController(stores, options.maxRequestsInFlight + options.maxMutatingRequestsInFlight, context.logger);
  const limiter = new PriorityAndFairness({ controller, objectStats: context.objectStats, watchList: context.watchList, defaultWaitLimitMs: context.requestTimeoutMs / 4 });
  return {
    limiter,
    filterHooks: [
      { name: 'priority-and-fairness-config-consumer', run: () => controller.start(context.stopping) },
      { name: 'priority-and-fairness-filter', run: () => Promise.resolve() },
    ],
    configProducerHooks,
    dump: (pathname, query) => flowControlDump(controller, pathname, query),
    stats: () => flowControlStatsOf(controller),
  };
}
