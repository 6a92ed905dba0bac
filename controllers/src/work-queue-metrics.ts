// client-go's work queue metrics (workqueue_*, labelled by the queue's name), as
// kube-controller-manager exposes them: depth, adds, retries, how long keys wait and how long
// their handling takes; the work in progress is read at scrape time.

import { legacyRegistry } from '@capstan/common/metrics';

/** client-go's ExponentialBuckets(10e-9, 10, 10): 10 ns to 10 s. */
const durationBuckets = [1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10];

let metrics: ReturnType<typeof defineQueueMetrics> | undefined;

/** The queues whose keys are being handled now, for the in-progress gauges. */
const liveQueues = new Set<QueueMetrics>();

function defineQueueMetrics() {
  const labelNames = ['name'] as const;
  return {
    depth: legacyRegistry.gauge({ name: 'workqueue_depth', help: 'Current depth of workqueue', labelNames }),
    adds: legacyRegistry.counter({ name: 'workqueue_adds_total', help: 'Total number of adds handled by workqueue', labelNames }),
    queueDuration: legacyRegistry.histogram({
      name: 'workqueue_queue_duration_seconds',
      help: 'How long in seconds an item stays in workqueue before being requested.',
      buckets: durationBuckets,
      labelNames,
    }),
    workDuration: legacyRegistry.histogram({
      name: 'workqueue_work_duration_seconds',
      help: 'How long in seconds processing an item from workqueue takes.',
      buckets: durationBuckets,
      labelNames,
    }),
    unfinished: legacyRegistry.gauge({
      name: 'workqueue_unfinished_work_seconds',
      help: "How many seconds of work has done that is in progress and hasn't been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.",
      labelNames,
      collect: (gauge) => {
        const now = performance.now();
        for (const queue of liveQueues) gauge.set({ name: queue.name }, queue.unfinishedSeconds(now));
      },
    }),
    longestRunning: legacyRegistry.gauge({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds has the longest running processor for workqueue been running.',
      labelNames,
      collect: (gauge) => {
        const now = performance.now();
        for (const queue of liveQueues) gauge.set({ name: queue.name }, queue.longestRunningSeconds(now));
      },
    }),
    retries: legacyRegistry.counter({ name: 'workqueue_retries_total', help: 'Total number of retries handled by workqueue', labelNames }),
  };
}

/** One named queue's metrics; client-go keeps none for a queue without a name. */
export class QueueMetrics {
  readonly name: string;
  readonly #metrics = (metrics ??= defineQueueMetrics());
  readonly #labels: { readonly name: string };
  /** When each waiting key was first added (performance.now()). */
  readonly #addedAt = new Map<string, number>();
  /** When each key being handled was taken. */
  readonly #startedAt = new Map<string, number>();

  constructor(name: string) {
    this.name = name;
    this.#labels = { name };
    liveQueues.add(this);
    // Each named queue is listed from its start, as client-go creates its metrics with it.
    this.#metrics.depth.inc(this.#labels, 0);
    this.#metrics.adds.inc(this.#labels, 0);
    this.#metrics.retries.inc(this.#labels, 0);
  }

  added(key: string): void {
    this.#metrics.adds.inc(this.#labels);
    this.#metrics.depth.inc(this.#labels);
    if (!this.#addedAt.has(key)) this.#addedAt.set(key, performance.now());
  }

  taken(key: string): void {
    const now = performance.now();
    this.#metrics.depth.dec(this.#labels);
    const addedAt = this.#addedAt.get(key);
    if (addedAt !== undefined) {
      this.#metrics.queueDuration.observe(this.#labels, (now - addedAt) / 1000);
      this.#addedAt.delete(key);
    }
    this.#startedAt.set(key, now);
  }

  done(key: string): void {
    const startedAt = this.#startedAt.get(key);
    if (startedAt === undefined) return;
    this.#metrics.workDuration.observe(this.#labels, (performance.now() - startedAt) / 1000);
    this.#startedAt.delete(key);
  }

  retried(): void {
    this.#metrics.retries.inc(this.#labels);
  }

  unfinishedSeconds(now: number): number {
    let total = 0;
    for (const startedAt of this.#startedAt.values()) total += now - startedAt;
    return total / 1000;
  }

  longestRunningSeconds(now: number): number {
    let longest = 0;
    for (const startedAt of this.#startedAt.values()) longest = Math.max(longest, now - startedAt);
    return longest / 1000;
  }

  /** The queue shut down: its in-progress gauges are no longer reported. */
  close(): void {
    liveQueues.delete(this);
    this.#metrics.unfinished.remove(this.#labels);
    this.#metrics.longestRunning.remove(this.#labels);
  }
}
