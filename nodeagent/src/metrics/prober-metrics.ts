// The kubelet's /metrics/probes (pkg/kubelet/prober): each probe's results by container, and how
// long the successful (and unknown) ones took, in a registry of their own with the process's start
// time, as the kubelet serves them apart from /metrics. A worker that stops takes its series along.

import { KubeRegistry } from '@capstan/common/metrics';
import { probeKindName, type ProbeKind, type ProbeResult } from '../pods/prober/probe-result.ts';

/** The Go client's DefBuckets, which the kubelet's probe duration keeps. */
const defaultBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const resultLabels: Readonly<Record<ProbeResult, string>> = { success: 'successful', failure: 'failed', unknown: 'unknown' };

/** The registry /metrics/probes serves. */
export const proberRegistry = new KubeRegistry();

let metrics: ReturnType<typeof defineMetrics> | undefined;

function defineMetrics() {
  proberRegistry.gauge({ name: 'process_start_time_seconds', help: 'Start time of the process since unix epoch in seconds.' }).set(Math.floor(performance.timeOrigin) / 1000);
  return {
    results: proberRegistry.counter({
      name: 'prober_probe_total',
      help: 'Cumulative number of a liveness, readiness or startup probe for a container by result.',
      stabilityLevel: 'BETA',
      labelNames: ['probe_type', 'result', 'container', 'pod', 'namespace', 'pod_uid'],
    }),
    duration: proberRegistry.histogram({
      name: 'prober_probe_duration_seconds',
      help: 'Duration in seconds for a probe response.',
      labelNames: ['probe_type', 'container', 'pod', 'namespace'],
      buckets: defaultBuckets,
    }),
  };
}

/** Defines the metrics (the process start time is listed from the server's start). */
export function registerProberMetrics(): void {
  metrics ??= defineMetrics();
}

export interface ProbedContainer {
  readonly container: string;
  readonly pod: string;
  readonly namespace: string;
  readonly podUid: string;
}

/** A probe answered `result` after `seconds`; a failure's duration is not kept, as the kubelet keeps none. */
export function probeObserved(kind: ProbeKind, target: ProbedContainer, result: ProbeResult, seconds: number): void {
  const recorded = (metrics ??= defineMetrics());
  const probeType = probeKindName[kind];
  const { container, pod, namespace } = target;
  recorded.results.inc({ probe_type: probeType, result: resultLabels[result], container, pod, namespace, pod_uid: target.podUid });
  if (result !== 'failure') recorded.duration.observe({ probe_type: probeType, container, pod, namespace }, seconds);
}

/** The worker stopped: its series are dropped. */
export function probeWorkerStopped(kind: ProbeKind, target: ProbedContainer): void {
  if (metrics === undefined) return;
  const probeType = probeKindName[kind];
  const { container, pod, namespace } = target;
  for (const result of Object.values(resultLabels)) metrics.results.remove({ probe_type: probeType, result, container, pod, namespace, pod_uid: target.podUid });
  metrics.duration.remove({ probe_type: probeType, container, pod, namespace });
}
