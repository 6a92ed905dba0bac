// kube-scheduler's metrics (pkg/scheduler/metrics) for the parts of it Capstan's scheduler has: the
// attempts by result and how long they take (the algorithm's share apart), how many attempts a pod
// needed and how long from its first attempt to its binding, the pending pods by queue, the
// unschedulable ones by the plugin that rejected them and the cache's size (read at scrape time),
// the time spent in each extension point, the pods entering each queue and why, and the
// preemption attempts (Capstan's DefaultPreemption only explains why preemption would not help, so
// scheduler_preemption_victims stays empty). kube-scheduler serves them on its port 10259; Capstan's
// scheduler runs in `capstan controllers`, whose /metrics shows them.

import { legacyRegistry } from '@capstan/common/metrics';

/** ExponentialBuckets(start, factor, count), as component-base computes them. */
function exponentialBuckets(start: number, factor: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start * factor ** i);
}

export type AttemptResult = 'scheduled' | 'unschedulable' | 'error';
export type ExtensionPoint = 'PreFilter' | 'Filter' | 'PostFilter' | 'Score' | 'Bind';
/** The framework's status codes as their String() writes them. */
export type StatusCode = 'Success' | 'Error' | 'Unschedulable' | 'UnschedulableAndUnresolvable';
export type PendingQueue = 'active' | 'backoff' | 'unschedulable' | 'gated';

/** What a running scheduler tells the scrape-time gauges. */
export interface SchedulerMetricsSource {
  readonly profile: string;
  pendingPods(): Readonly<Record<PendingQueue, number>>;
  /** For each plugin, how many pods waiting as unschedulable it rejected. */
  unschedulablePlugins(): ReadonlyMap<string, number>;
  cacheSizes(): Readonly<Record<'nodes' | 'pods' | 'assumed_pods', number>>;
}

const sources = new Set<SchedulerMetricsSource>();

let metrics: ReturnType<typeof defineMetrics> | undefined;

function defineMetrics() {
  return {
    attempts: legacyRegistry.counter({
      name: 'scheduler_schedule_attempts_total',
      help: "Number of attempts to schedule pods, by the result. 'unschedulable' means a pod could not be scheduled, while 'error' means an internal scheduler problem.",
      stabilityLevel: 'STABLE',
      labelNames: ['result', 'profile'],
    }),
    attemptDuration: legacyRegistry.histogram({
      name: 'scheduler_scheduling_attempt_duration_seconds',
      help: 'Scheduling attempt latency in seconds (scheduling algorithm + binding)',
      stabilityLevel: 'STABLE',
      labelNames: ['result', 'profile'],
      buckets: exponentialBuckets(0.001, 2, 15),
    }),
    algorithmDuration: legacyRegistry.histogram({
      name: 'scheduler_scheduling_algorithm_duration_seconds',
      help: 'Scheduling algorithm latency in seconds',
      buckets: exponentialBuckets(0.001, 2, 15),
    }),
    cacheSize: legacyRegistry.gauge({
      name: 'scheduler_cache_size',
      help: 'Number of nodes, pods, and assumed (bound) pods in the scheduler cache.',
      labelNames: ['type'],
      collect: (gauge) => {
        const totals = { nodes: 0, pods: 0, assumed_pods: 0 };
        for (const source of sources) for (const [type, count] of Object.entries(source.cacheSizes()) as [keyof typeof totals, number][]) totals[type] += count;
        for (const [type, count] of Object.entries(totals)) gauge.set({ type }, count);
      },
    }),
    podAttempts: legacyRegistry.histogram({
      name: 'scheduler_pod_scheduling_attempts',
      help: 'Number of attempts to successfully schedule a pod.',
      stabilityLevel: 'STABLE',
      buckets: exponentialBuckets(1, 2, 5),
    }),
    sliDuration: legacyRegistry.histogram({
      name: 'scheduler_pod_scheduling_sli_duration_seconds',
      help: 'E2e latency for a pod being scheduled, from the time the pod enters the scheduling queue and might involve multiple scheduling attempts.',
      stabilityLevel: 'BETA',
      labelNames: ['attempts'],
      buckets: exponentialBuckets(0.01, 2, 20),
    }),
    incomingPods: legacyRegistry.counter({
      name: 'scheduler_queue_incoming_pods_total',
      help: 'Number of pods added to scheduling queues by event and queue type.',
      stabilityLevel: 'STABLE',
      labelNames: ['queue', 'event'],
    }),
    preemptionAttempts: legacyRegistry.counter({
      name: 'scheduler_preemption_attempts_total',
      help: 'Total preemption attempts in the cluster till now',
      stabilityLevel: 'STABLE',
    }),
    preemptionVictims: legacyRegistry.histogram({
      name: 'scheduler_preemption_victims',
      help: 'Number of selected preemption victims',
      stabilityLevel: 'STABLE',
      buckets: exponentialBuckets(1, 2, 7),
    }),
    extensionPoint: legacyRegistry.histogram({
      name: 'scheduler_framework_extension_point_duration_seconds',
      help: 'Latency for running all plugins of a specific extension point.',
      stabilityLevel: 'STABLE',
      labelNames: ['extension_point', 'status', 'profile'],
      buckets: exponentialBuckets(0.0001, 2, 12),
    }),
    pendingPods: legacyRegistry.gauge({
      name: 'scheduler_pending_pods',
      help: "Number of pending pods, by the queue type. 'active' means number of pods in activeQ; 'backoff' means number of pods in backoffQ; 'unschedulable' means number of pods in unschedulablePods that the scheduler attempted to schedule and failed; 'gated' is the number of unschedulable pods that the scheduler never attempted to schedule because they are gated.",
      stabilityLevel: 'STABLE',
      labelNames: ['queue'],
      collect: (gauge) => {
        const totals: Record<PendingQueue, number> = { active: 0, backoff: 0, unschedulable: 0, gated: 0 };
        for (const source of sources) for (const [queue, count] of Object.entries(source.pendingPods()) as [PendingQueue, number][]) totals[queue] += count;
        for (const [queue, count] of Object.entries(totals)) gauge.set({ queue }, count);
      },
    }),
    unschedulablePods: legacyRegistry.gauge({
      name: 'scheduler_unschedulable_pods',
      help: 'The number of unschedulable pods broken down by plugin name. A pod will increment the gauge for all plugins that caused it to not schedule and so this metric have meaning only when broken down by plugin.',
      labelNames: ['plugin', 'profile'],
      collect: (gauge) => {
        // kube's gauge keeps a plugin's series at 0 once its pods have gone; so does this one.
        for (const labels of seenPlugins.values()) gauge.set(labels, 0);
        for (const source of sources) {
          for (const [plugin, count] of source.unschedulablePlugins()) {
            const key = `${plugin}\0${source.profile}`;
            let labels = seenPlugins.get(key);
            if (labels === undefined) seenPlugins.set(key, (labels = { plugin, profile: source.profile }));
            gauge.inc(labels, count);
          }
        }
      },
    }),
  };
}

const seenPlugins = new Map<string, { readonly plugin: string; readonly profile: string }>();

const defined = () => (metrics ??= defineMetrics());

export const schedulerMetrics = {
  /** A scheduler starts: its gauges read it from now on (and the metrics are listed, as Go registers them at start). */
  started(source: SchedulerMetricsSource): void {
    defined();
    sources.add(source);
  },
  stopped(source: SchedulerMetricsSource): void {
    sources.delete(source);
  },
  /** One attempt ended (scheduled: once bound), `seconds` after its scheduling cycle began. */
  attempted(result: AttemptResult, profile: string, seconds: number): void {
    const recorded = defined();
    recorded.attempts.inc({ result, profile });
    recorded.attemptDuration.observe({ result, profile }, seconds);
  },
  /** The algorithm (filters, scores, and the PostFilter of a pod no node fits) took `seconds`. */
  algorithmRan(seconds: number): void {
    defined().algorithmDuration.observe(seconds);
  },
  /** A pod was bound after `attempts` attempts, `seconds` after its first one. */
  podScheduled(attempts: number, seconds: number): void {
    const recorded = defined();
    recorded.podAttempts.observe(attempts);
    recorded.sliDuration.observe({ attempts: attempts >= 15 ? '15+' : String(attempts) }, seconds);
  },
  /** A pod entered one of the queues, because of `event` (kube's label: UnschedulablePodAdd, ScheduleAttemptFailure, BackoffComplete, ...). */
  podsIncoming(queue: Exclude<PendingQueue, 'gated'>, event: string): void {
    defined().incomingPods.inc({ queue, event });
  },
  preemptionAttempted(): void {
    defined().preemptionAttempts.inc();
  },
  extensionPoint(point: ExtensionPoint, status: StatusCode, profile: string, seconds: number): void {
    defined().extensionPoint.observe({ extension_point: point, status, profile }, seconds);
  },
};

/** Seconds since a performance.now() reading. */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;
