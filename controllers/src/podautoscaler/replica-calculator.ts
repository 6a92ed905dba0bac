// kube's ReplicaCalculator for resource metrics: the target's pods are grouped (deleted and failed
// ignored; Pending, and for cpu not yet Ready within the initialization period, unready; without a
// sample, missing), the usage ratio is taken over the ready pods with samples, and when pods are
// unready or missing the ratio is taken again assuming the worst for the direction of the change
// (missing pods at 100% of their request, or at 0 when scaling up; unready pods at 0), a change
// that the second look reverses or brings within the tolerance being dropped.

import { decodeQuantity, quantityMilliValue } from '@capstan/common';
import type { Container, Pod } from '@capstan/common/api-types/core-v1';
import type { PodMetric } from './resource-metrics.ts';

export interface Tolerances {
  readonly scaleDown: number;
  readonly scaleUp: number;
}

export interface CalculatorSettings {
  /** --horizontal-pod-autoscaler-cpu-initialization-period (5 min). */
  readonly cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay (30 s). */
  readonly initialReadinessDelayMs: number;
}

const isWithin = (tolerances: Tolerances, ratio: number): boolean => 1 - tolerances.scaleDown <= ratio && ratio <= 1 + tolerances.scaleUp;

interface Groups {
  readonly ready: number;
  readonly unready: Set<string>;
  readonly missing: Set<string>;
  readonly ignored: Set<string>;
}

function groupPods(pods: readonly Pod[], metrics: ReadonlyMap<string, PodMetric>, resource: string, settings: CalculatorSettings): Groups {
  const groups = { ready: 0, unready: new Set<string>(), missing: new Set<string>(), ignored: new Set<string>() };
  const now = Date.now();
  for (const pod of pods) {
    const name = pod.metadata?.name ?? '';
    if (pod.metadata?.deletionTimestamp !== undefined || pod.status?.phase === 'Failed') {
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
    if (resource === 'cpu') {
      const ready = pod.status?.conditions?.find((condition) => condition.type === 'Ready');
      const started = Date.parse(pod.status?.startTime ?? '');
      let unready: boolean;
      if (ready === undefined || Number.isNaN(started)) unready = true;
      else {
        const transition = Date.parse(ready.lastTransitionTime ?? '') || 0;
        // Within the initialization period a sample counts once a whole window follows readiness.
        if (started + settings.cpuInitializationPeriodMs > now) unready = ready.status === 'False' || metric.timestamp < transition + metric.windowMs;
        // Later, only a pod never ready since its start is left out.
        else unready = ready.status === 'False' && started + settings.initialReadinessDelayMs > transition;
      }
      if (unready) {
        groups.unready.add(name);
        continue;
      }
    }
    groups.ready += 1;
  }
  return groups;
}

/** calculatePodRequestsFromContainers: the sum of the containers' (and sidecars') requests, or one container's. */
function podRequest(pod: Pod, container: string, resource: string): bigint {
  const containers: Container[] = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always')];
  let total = 0n;
  for (const c of containers) {
    if (container !== '' && c.name !== container) continue;
    const request = decodeQuantity(c.resources?.requests?.[resource]);
    if (request === undefined) throw new Error(`missing request for ${resource} in container ${c.name} of Pod ${pod.metadata?.name}`);
    total += quantityMilliValue(request);
    if (container !== '') return total;
  }
  if (container !== '') throw new Error(`container ${container} not found in Pod ${pod.metadata?.name}`);
  return total;
}

/** GetResourceUtilizationRatio. */
function utilizationRatio(metrics: ReadonlyMap<string, bigint>, requests: ReadonlyMap<string, bigint>, target: number): { ratio: number; utilization: number; raw: bigint } {
  let used = 0n;
  let requested = 0n;
  let entries = 0n;
  for (const [name, value] of metrics) {
    const request = requests.get(name);
    if (request === undefined) continue;
    used += value;
    requested += request;
    entries += 1n;
  }
  if (requested === 0n) throw new Error('no metrics returned matched known pods');
  const utilization = Number((used * 100n) / requested);
  return { ratio: utilization / target, utilization, raw: used / entries };
}

/** GetMetricUsageRatio. */
function usageRatio(metrics: ReadonlyMap<string, bigint>, target: bigint): { ratio: number; usage: bigint } {
  let total = 0n;
  for (const value of metrics.values()) total += value;
  const usage = total / BigInt(metrics.size);
  return { ratio: Number(usage) / Number(target), usage };
}

export interface ResourceProposal {
  readonly replicas: number;
  /** The average utilization (percent of requests), for utilization targets. */
  readonly utilization?: number;
  /** The average usage per pod, milli units. */
  readonly raw: bigint;
}

/**
 * GetResourceReplicas (a utilization target, percent of requests) or calcPlainMetricReplicas (an
 * average value target, milli units) over the pods the selector finds.
 */
export function resourceReplicas(
  currentReplicas: number,
  target: { readonly utilization: number } | { readonly averageMilli: bigint },
  resource: string,
  container: string,
  pods: readonly Pod[],
  samples: ReadonlyMap<string, PodMetric>,
  tolerances: Tolerances,
  settings: CalculatorSettings,
): ResourceProposal {
  if (pods.length === 0) throw new Error('no pods returned by selector while calculating replica count');
  const groups = groupPods(pods, samples, resource, settings);
  const metrics = new Map<string, bigint>();
  for (const [name, sample] of samples) if (!groups.ignored.has(name) && !groups.unready.has(name)) metrics.set(name, sample.value);
  if (metrics.size === 0) throw new Error('did not receive metrics for targeted pods (pods might be unready)');
  const requests = 'utilization' in target ? new Map(pods.map((pod) => [pod.metadata?.name ?? '', podRequest(pod, container, resource)])) : undefined;
  const ratioOf = (values: ReadonlyMap<string, bigint>): { ratio: number; utilization?: number; raw: bigint } => {
    if (requests !== undefined && 'utilization' in target) return utilizationRatio(values, requests, target.utilization);
    const { ratio, usage } = usageRatio(values, (target as { averageMilli: bigint }).averageMilli);
    return { ratio, raw: usage };
  };
  const first = ratioOf(metrics);
  const proposal = (replicas: number): ResourceProposal => ({ replicas, raw: first.raw, ...(first.utilization === undefined ? {} : { utilization: first.utilization }) });
  const scaleUpWithUnready = groups.unready.size > 0 && first.ratio > 1;
  if (!scaleUpWithUnready && groups.missing.size === 0) {
    return proposal(isWithin(tolerances, first.ratio) ? currentReplicas : Math.ceil(first.ratio * groups.ready));
  }
  if (groups.missing.size > 0) {
    for (const name of groups.missing) {
      if (first.ratio < 1) {
        // As if at 100% of the target (or of the request when the target is lower).
        const fallback =
          requests !== undefined && 'utilization' in target
            ? ((requests.get(name) ?? 0n) * BigInt(Math.max(100, target.utilization))) / 100n
            : (target as { averageMilli: bigint }).averageMilli;
        metrics.set(name, fallback);
      } else if (first.ratio > 1) metrics.set(name, 0n);
    }
  }
  if (scaleUpWithUnready) for (const name of groups.unready) metrics.set(name, 0n);
  const second = ratioOf(metrics).ratio;
  if (isWithin(tolerances, second) || (first.ratio < 1 && second > 1) || (first.ratio > 1 && second < 1)) return proposal(currentReplicas);
  const replicas = Math.ceil(second * metrics.size);
  if ((second < 1 && replicas > currentReplicas) || (second > 1 && replicas < currentReplicas)) return proposal(currentReplicas);
  return proposal(replicas);
}
