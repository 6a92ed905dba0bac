// kube's ReplicaCalculator for resource metrics: the replica count that brings the pods' average
// use to the target, from the pods the scale's selector picks and their metrics. Pods being
// deleted or failed are ignored; pending pods, and for CPU pods still starting up, count as
// unready; pods without a metric are missing. When unready or missing pods could change the
// answer, the ratio is computed again assuming the least helpful use for them (missing pods at
// 100% when scaling down, 0 when scaling up; unready at 0 when scaling up), and the count stays
// when that flips the direction or falls within the tolerance.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { decodeQuantity, quantityMilliValue } from '@capstan/common';

/** A pod's metric, in milli-units, as the metrics API reported it. */
export interface PodMetric {
  readonly value: number;
  /** When the sample was taken and over how long (ms). */
  readonly timestamp: number;
  readonly windowMs: number;
}

export interface Tolerances {
  readonly scaleDown: number;
  readonly scaleUp: number;
}

export interface ReplicaCalculatorSettings {
  readonly tolerances: Tolerances;
  /** --horizontal-pod-autoscaler-cpu-initialization-period (5 min). */
  readonly cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay (30 s). */
  readonly initialReadinessDelayMs: number;
  readonly now: number;
}

export interface ResourceProposal {
  readonly replicas: number;
  /** The average utilization in percent of the request (integer, as kube truncates it). */
  readonly utilization: number;
  /** The average use per pod in milli-units. */
  readonly rawAverage: number;
}

const withinTolerance = (t: Tolerances, ratio: number): boolean => 1 - t.scaleDown <= ratio && ratio <= 1 + t.scaleUp;

function time(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

interface PodGroups {
  readyCount: number;
  readonly unready: Set<string>;
  readonly missing: Set<string>;
  readonly ignored: Set<string>;
}

/** groupPods. */
function groupPods(pods: readonly Pod[], metrics: ReadonlyMap<string, PodMetric>, resource: string, settings: ReplicaCalculatorSettings): PodGroups {
  const groups: PodGroups = { readyCount: 0, unready: new Set(), missing: new Set(), ignored: new Set() };
  for (const pod of pods) {
    const name = pod.metadata?.name ?? '';
    if (pod.metadata?.deletionTimestamp || pod.status?.phase === 'Failed') {
      groups.ignored.add(name);
      continue;
    }
    if (pod.status?.phase === 'Pending') {
      groups.unready.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (metric === undefined) {
      groups.missing.add(name);
      continue;
    }
    if (resource === 'cpu' && cpuUnready(pod, metric, settings)) {
      groups.unready.add(name);
      continue;
    }
    groups.readyCount += 1;
  }
  return groups;
}

/** For CPU: a pod still starting up (or whose sample predates its readiness) is not counted. */
function cpuUnready(pod: Pod, metric: PodMetric, settings: ReplicaCalculatorSettings): boolean {
  const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
  const startTime = time(pod.status?.startTime);
  if (ready === undefined || startTime === undefined) return true;
  const transition = time(ready.lastTransitionTime) ?? 0;
  if (startTime + settings.cpuInitializationPeriodMs > settings.now) {
    return ready.status === 'False' || metric.timestamp < transition + metric.windowMs;
  }
  return ready.status === 'False' && startTime + settings.initialReadinessDelayMs > transition;
}

/** A quantity as the API carries it ("250m", "1Gi", or a number) in milli-units; undefined when it is none. */
export function milliValue(json: unknown): number | undefined {
  const quantity = decodeQuantity(json);
  return quantity === undefined ? undefined : Number(quantityMilliValue(quantity));
}

/** calculateRequests: each pod's request (its containers' and restartable init containers', or one container's). */
export function podRequests(pods: readonly Pod[], resource: string, container: string): Map<string, number> {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always')];
    let request = 0;
    let found = container === '';
    for (const c of containers) {
      if (container !== '' && c.name !== container) continue;
      const value = milliValue(c.resources?.requests?.[resource]);
      if (value === undefined || c.resources?.requests?.[resource] === undefined)
        throw new Error(`missing request for ${resource} in container ${c.name} of Pod ${pod.metadata?.name}`);
      request += value;
      found = true;
      if (container !== '') break;
    }
    if (!found) throw new Error(`container ${container} not found in Pod ${pod.metadata?.name}`);
    requests.set(pod.metadata?.name ?? '', request);
  }
  return requests;
}

/** GetResourceUtilizationRatio. */
function utilizationRatio(
  metrics: ReadonlyMap<string, PodMetric>,
  requests: ReadonlyMap<string, number>,
  target: number,
): { ratio: number; utilization: number; rawAverage: number } {
  let used = 0;
  let requested = 0;
  let entries = 0;
  for (const [name, metric] of metrics) {
    const request = requests.get(name);
    if (request === undefined) continue;
    used += metric.value;
    requested += request;
    entries += 1;
  }
  if (requested === 0) throw new Error('no metrics returned matched known pods');
  const utilization = Math.trunc((used * 100) / requested);
  return { ratio: utilization / target, utilization, rawAverage: Math.trunc(used / entries) };
}

/**
 * The count for a usage ratio (use / target) of the ready pods: scaled by the ready pods, unless
 * unready or missing pods could change the answer, in which case the ratio is computed again with
 * them assumed at their least helpful use (`missingBelowTarget` for a missing pod when scaling
 * down, 0 when scaling up; unready pods at 0 when scaling up).
 */
function proposeReplicas(
  currentReplicas: number,
  ratio: number,
  groups: PodGroups,
  metrics: Map<string, PodMetric>,
  ratioOf: (metrics: ReadonlyMap<string, PodMetric>) => number,
  missingBelowTarget: (name: string) => number,
  tolerances: Tolerances,
): number {
  const scaleUpWithUnready = groups.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && groups.missing.size === 0) return withinTolerance(tolerances, ratio) ? currentReplicas : Math.ceil(ratio * groups.readyCount);
  const assumed = (value: number): PodMetric => ({ value, timestamp: 0, windowMs: 0 });
  for (const name of groups.missing) {
    if (ratio < 1) metrics.set(name, assumed(missingBelowTarget(name)));
    else if (ratio > 1) metrics.set(name, assumed(0));
  }
  if (scaleUpWithUnready) for (const name of groups.unready) metrics.set(name, assumed(0));
  const rebalanced = ratioOf(metrics);
  if (withinTolerance(tolerances, rebalanced) || (ratio < 1 && rebalanced > 1) || (ratio > 1 && rebalanced < 1)) return currentReplicas;
  const replicas = Math.ceil(rebalanced * metrics.size);
  if ((rebalanced < 1 && replicas > currentReplicas) || (rebalanced > 1 && replicas < currentReplicas)) return currentReplicas;
  return replicas;
}

/** The pods' metrics without those of ignored and unready pods; throws when none is left. */
function countedMetrics(
  pods: readonly Pod[],
  podMetrics: ReadonlyMap<string, PodMetric>,
  resource: string,
  settings: ReplicaCalculatorSettings,
): { groups: PodGroups; metrics: Map<string, PodMetric> } {
  if (pods.length === 0) throw new Error('no pods returned by selector while calculating replica count');
  const metrics = new Map(podMetrics);
  const groups = groupPods(pods, metrics, resource, settings);
  for (const name of [...groups.ignored, ...groups.unready]) metrics.delete(name);
  if (metrics.size === 0) throw new Error('did not receive metrics for targeted pods (pods might be unready)');
  return { groups, metrics };
}

/** GetResourceReplicas: the count for a utilization target (percent of the pods' requests). */
export function resourceReplicasForUtilization(
  currentReplicas: number,
  targetUtilization: number,
  resource: string,
  container: string,
  pods: readonly Pod[],
  podMetrics: ReadonlyMap<string, PodMetric>,
  settings: ReplicaCalculatorSettings,
): ResourceProposal {
  const { groups, metrics } = countedMetrics(pods, podMetrics, resource, settings);
  const requests = podRequests(pods, resource, container);
  const { ratio, utilization, rawAverage } = utilizationRatio(metrics, requests, targetUtilization);
  const replicas = proposeReplicas(
    currentReplicas,
    ratio,
    groups,
    metrics,
    (values) => utilizationRatio(values, requests, targetUtilization).ratio,
    (name) => Math.trunc(((requests.get(name) ?? 0) * Math.max(100, targetUtilization)) / 100),
    settings.tolerances,
  );
  return { replicas, utilization, rawAverage };
}

/** GetRawResourceReplicas / calcPlainMetricReplicas: the count for an average value per pod (milli-units). */
export function resourceReplicasForAverageValue(
  currentReplicas: number,
  targetAverage: number,
  resource: string,
  pods: readonly Pod[],
  podMetrics: ReadonlyMap<string, PodMetric>,
  settings: ReplicaCalculatorSettings,
): { replicas: number; rawAverage: number } {
  const { groups, metrics } = countedMetrics(pods, podMetrics, resource, settings);
  const ratioOf = (values: ReadonlyMap<string, PodMetric>): number => {
    let total = 0;
    for (const metric of values.values()) total += metric.value;
    return total / (targetAverage * values.size);
  };
  let total = 0;
  for (const metric of metrics.values()) total += metric.value;
  const rawAverage = Math.trunc(total / metrics.size);
  const replicas = proposeReplicas(currentReplicas, ratioOf(metrics), groups, metrics, ratioOf, () => targetAverage, settings.tolerances);
  return { replicas, rawAverage };
}
