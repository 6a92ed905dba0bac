// apiserver_flowcontrol_* as kube-apiserver 1.35 names them (k8s.io/apiserver's flowcontrol
// metrics), read at scrape time from the flow controller's snapshot (flowcontrol-stats.ts): the
// seat limits of each priority level (nominal, the borrowing bounds and the current limit), the
// seat demand of the last adjustment period, and the requests dispatched and rejected by flow
// schema, and the requests executing and waiting now by flow schema (counted in the queue sets at
// scrape time). The histograms of each request's wait, execution, queue length and seats are
// recorded by the priority-and-fairness filter as it handles the request (flowObserver). With
// --enable-priority-and-fairness=false there are no priority levels: these stay empty.

import { legacyRegistry } from '@capstan/common/metrics';
import { talliedHistogram } from './tallies.ts';
import type { FlowControlStats, FlowStats, PriorityLevelStats } from '../flowcontrol/flowcontrol-stats.ts';

type StatsSource = () => FlowControlStats;

/** The server whose flow control the metrics read: the last one registered in this process. */
let source: StatsSource | undefined;
let registered = false;

const levelsOf = (): readonly PriorityLevelStats[] => {
  const stats = source?.();
  return stats?.mode === 'priority-and-fairness' ? stats.priorityLevels : [];
};

function levelGauge(name: string, help: string, stabilityLevel: 'ALPHA' | 'BETA', value: (level: PriorityLevelStats) => number, deprecatedVersion?: string): void {
  legacyRegistry.gauge({
    name: `apiserver_flowcontrol_${name}`,
    help,
    stabilityLevel,
    ...(deprecatedVersion === undefined ? {} : { deprecatedVersion }),
    labelNames: ['priority_level'],
    collect: (gauge) => {
      gauge.reset();
      for (const level of levelsOf()) gauge.set({ priority_level: level.priorityLevel }, value(level));
    },
  });
}

/** A gauge by priority level and flow schema, of the flows that have requests executing or waiting now (kube keeps a flow at 0 once seen; a flow without requests is left out here). */
function flowGauge(name: string, help: string, stabilityLevel: 'ALPHA' | 'BETA', value: (flow: FlowStats) => number, deprecatedVersion?: string): void {
  legacyRegistry.gauge({
    name: `apiserver_flowcontrol_${name}`,
    help,
    stabilityLevel,
    ...(deprecatedVersion === undefined ? {} : { deprecatedVersion }),
    labelNames: ['priority_level', 'flow_schema'],
    collect: (gauge) => {
      gauge.reset();
      const stats = source?.();
      if (stats?.mode !== 'priority-and-fairness') return;
      for (const flow of stats.flows) gauge.set({ priority_level: flow.priorityLevel, flow_schema: flow.flowSchema }, value(flow));
    },
  });
}

export function registerFlowControlMetrics(stats: StatsSource): void {
  source = stats;
  if (registered) return;
  registered = true;
  levelGauge('nominal_limit_seats', 'Nominal number of execution seats configured for each priority level', 'BETA', (l) => l.nominalLimitSeats);
  levelGauge('lower_limit_seats', 'Configured lower bound on number of execution seats available to each priority level', 'ALPHA', (l) => l.lowerLimitSeats);
  levelGauge('upper_limit_seats', 'Configured upper bound on number of execution seats available to each priority level', 'ALPHA', (l) => l.upperLimitSeats);
  levelGauge('current_limit_seats', 'current derived number of execution seats available to each priority level', 'ALPHA', (l) => l.currentLimitSeats);
  levelGauge('demand_seats_high_watermark', 'High watermark, over last adjustment period, of demand_seats', 'ALPHA', (l) => l.demandSeatsHighWatermark);
  levelGauge('demand_seats_average', 'Time-weighted average, over last adjustment period, of demand_seats', 'ALPHA', (l) => l.demandSeatsAverage);
  levelGauge('demand_seats_smoothed', 'Smoothed seat demands', 'ALPHA', (l) => l.demandSeatsSmoothed);
  levelGauge('current_r', 'R(time of last change)', 'ALPHA', (l) => l.currentR);
  // Deprecated in 1.30 for nominal_limit_seats, hidden since (shown with --show-hidden-metrics-for-version).
  levelGauge('request_concurrency_limit', 'Nominal number of execution seats configured for each priority level', 'ALPHA', (l) => l.nominalLimitSeats, '1.30.0');
  flowGauge(
    'current_executing_requests',
    'Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem',
    'BETA',
    (f) => f.executingRequests,
  );
  const executingSeatsHelp =
    'Concurrency (number of seats) occupied by the currently executing (initial stage for a WATCH, any stage otherwise) requests in the API Priority and Fairness subsystem';
  flowGauge('current_executing_seats', executingSeatsHelp, 'BETA', (f) => f.executingSeats);
  // Deprecated in 1.31 for current_executing_seats, hidden since.
  flowGauge('request_concurrency_in_use', executingSeatsHelp, 'ALPHA', (f) => f.executingSeats, '1.31.0');
  flowGauge('current_inqueue_requests', 'Number of requests currently pending in queues of the API Priority and Fairness subsystem', 'BETA', (f) => f.waitingRequests);
  flowGauge('current_inqueue_seats', 'Number of seats currently pending in queues of the API Priority and Fairness subsystem', 'ALPHA', (f) => f.waitingSeats);
  legacyRegistry.counter({
    name: 'apiserver_flowcontrol_dispatched_requests_total',
    help: 'Number of requests executed by API Priority and Fairness subsystem',
    stabilityLevel: 'BETA',
    labelNames: ['priority_level', 'flow_schema'],
    collect: (counter) => {
      counter.reset();
      const stats = source?.();
      if (stats?.mode !== 'priority-and-fairness') return;
      for (const schema of stats.flowSchemas) {
        if (schema.dispatchedTotal > 0) counter.inc({ priority_level: schema.priorityLevel, flow_schema: schema.flowSchema }, schema.dispatchedTotal);
      }
    },
  });
  legacyRegistry.counter({
    name: 'apiserver_flowcontrol_rejected_requests_total',
    help: 'Number of requests rejected by API Priority and Fairness subsystem',
    stabilityLevel: 'BETA',
    labelNames: ['priority_level', 'flow_schema', 'reason'],
    collect: (counter) => {
      counter.reset();
      const stats = source?.();
      if (stats?.mode !== 'priority-and-fairness') return;
      for (const schema of stats.flowSchemas) {
        for (const [reason, total] of Object.entries(schema.rejectedTotal)) {
          if (total > 0) counter.inc({ priority_level: schema.priorityLevel, flow_schema: schema.flowSchema, reason }, total);
        }
      }
    },
  });
}

/** kube's requestDurationSecondsBuckets and queueLengthBuckets. */
const requestDurationBuckets = [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30];
const queueLengthBuckets = [0, 10, 25, 50, 100, 250, 500, 1000];

const workSeatsBuckets = [1, 2, 4, 8, 16, 32, 64, 100];

let requestHistograms: ReturnType<typeof tallyRequestHistograms> | undefined;

function defineRequestHistograms() {
  const labelNames = ['priority_level', 'flow_schema'] as const;
  return {
    wait: legacyRegistry.histogram({
      name: 'apiserver_flowcontrol_request_wait_duration_seconds',
      help: 'Length of time a request spent waiting in its queue',
      stabilityLevel: 'BETA',
      buckets: requestDurationBuckets,
      labelNames: [...labelNames, 'execute'],
    }),
    execution: legacyRegistry.histogram({
      name: 'apiserver_flowcontrol_request_execution_seconds',
      help: 'Duration of initial stage (for a WATCH) or any (for a non-WATCH) stage of request execution in the API Priority and Fairness subsystem',
      buckets: requestDurationBuckets,
      labelNames: [...labelNames, 'type'],
    }),
    queueLength: legacyRegistry.histogram({
      name: 'apiserver_flowcontrol_request_queue_length_after_enqueue',
      help: 'Length of queue in the API Priority and Fairness subsystem, as seen by each request after it is enqueued',
      buckets: queueLengthBuckets,
      labelNames,
    }),
    workSeats: legacyRegistry.histogram({
      name: 'apiserver_flowcontrol_work_estimated_seats',
      help: 'Number of estimated seats (maximum of initial and final seats) associated with requests in API Priority and Fairness',
      buckets: workSeatsBuckets,
      labelNames,
    }),
  };
}

/** What flow control records of the requests of one flow schema in one priority level, as it handles them. */
export interface FlowObserver {
  /** The time it waited for its seats; `executed`: dispatched (or timed out in its queue, as kube labels it), else rejected at once. */
  waited(executed: boolean, seconds: number): void;
  /** The time it held its seats (a watch: until it started answering). */
  executed(watch: boolean, seconds: number): void;
  queueLength(length: number): void;
  workSeats(seats: number): void;
}

/** Observers by priority level and flow schema: the histograms' children are made once, not per request. */
const observers = new Map<string, Map<string, FlowObserver>>();

export function flowObserver(priorityLevel: string, flowSchema: string): FlowObserver {
  let bySchema = observers.get(priorityLevel);
  if (bySchema === undefined) {
    bySchema = new Map();
    observers.set(priorityLevel, bySchema);
  }
  let observer = bySchema.get(flowSchema);
  if (observer === undefined) {
    observer = newFlowObserver(priorityLevel, flowSchema);
    bySchema.set(flowSchema, observer);
  }
  return observer;
}

function tallyRequestHistograms() {
  const { wait, execution, queueLength, workSeats } = defineRequestHistograms();
  return {
    wait: talliedHistogram(wait, requestDurationBuckets),
    execution: talliedHistogram(execution, requestDurationBuckets),
    queueLength: talliedHistogram(queueLength, queueLengthBuckets),
    workSeats: talliedHistogram(workSeats, workSeatsBuckets),
  };
}

function newFlowObserver(priorityLevel: string, flowSchema: string): FlowObserver {
  requestHistograms ??= tallyRequestHistograms();
  const { wait, execution, queueLength, workSeats } = requestHistograms;
  const labels = { priority_level: priorityLevel, flow_schema: flowSchema };
  const waitedExecuted = wait({ ...labels, execute: 'true' });
  const waitedRejected = wait({ ...labels, execute: 'false' });
  const executedRegular = execution({ ...labels, type: 'regular' });
  const executedWatch = execution({ ...labels, type: 'watch' });
  const queued = queueLength(labels);
  const seats = workSeats(labels);
  return {
    waited: (executed, seconds) => (executed ? waitedExecuted : waitedRejected).observe(seconds),
    executed: (watch, seconds) => (watch ? executedWatch : executedRegular).observe(seconds),
    queueLength: (length) => queued.observe(length),
    workSeats: (n) => seats.observe(n),
  };
}
