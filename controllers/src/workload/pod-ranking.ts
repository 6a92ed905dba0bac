// The order in which a workload's pods are picked for deletion when it scales down, as kube's
// controller.ActivePods and ActivePodsWithRanks sort them: the cheapest pod to lose first.
// Comparators answer < 0 when `a` goes first.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { isPodReady, podReadyTime } from './pod-state.ts';

const phaseOrdinal: Readonly<Record<string, number>> = { Pending: 0, Unknown: 1, Running: 2 };

/** The annotation whose (int32) value makes a pod cheaper (lower) or dearer to delete. */
export const podDeletionCostAnnotation = 'controller.kubernetes.io/pod-deletion-cost';

function phaseRank(pod: Pod): number {
  return phaseOrdinal[pod.status?.phase ?? ''] ?? 0;
}

function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** The most restarts of a regular container, and of a sidecar (an init container that always restarts). */
function maxRestarts(pod: Pod): { regular: number; sidecar: number } {
  let regular = 0;
  for (const status of pod.status?.containerStatuses ?? []) regular = Math.max(regular, status.restartCount ?? 0);
  const sidecars = new Set((pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  let sidecar = 0;
  for (const status of pod.status?.initContainerStatuses ?? []) if (sidecars.has(status.name)) sidecar = Math.max(sidecar, status.restartCount ?? 0);
  return { regular, sidecar };
}

/** More restarts first; 0 when even. */
function compareRestarts(a: Pod, b: Pod): number {
  const ra = maxRestarts(a);
  const rb = maxRestarts(b);
  if (ra.regular !== rb.regular) return rb.regular - ra.regular;
  return rb.sidecar - ra.sidecar;
}

/** afterOrZero as an order: an unknown time first, then the later time. */
function laterFirst(a: number | undefined, b: number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return b - a;
}

/** The first three rules both orders share: unassigned, earlier phase, not ready first. */
function compareState(a: Pod, b: Pod): number {
  const nodeA = a.spec?.nodeName ?? '';
  const nodeB = b.spec?.nodeName ?? '';
  if (nodeA !== nodeB && (nodeA === '' || nodeB === '')) return nodeA === '' ? -1 : 1;
  if (phaseRank(a) !== phaseRank(b)) return phaseRank(a) - phaseRank(b);
  if (isPodReady(a) !== isPodReady(b)) return isPodReady(a) ? 1 : -1;
  return 0;
}

/** controller.ActivePods: unassigned, pending, not ready, ready for less time, more restarts, newer. */
export function compareActivePods(a: Pod, b: Pod): number {
  const state = compareState(a, b);
  if (state !== 0) return state;
  if (isPodReady(a) && isPodReady(b)) {
    const ready = laterFirst(podReadyTime(a), podReadyTime(b));
    if (ready !== 0) return ready;
  }
  const restarts = compareRestarts(a, b);
  if (restarts !== 0) return restarts;
  return laterFirst(timeOf(a.metadata?.creationTimestamp), timeOf(b.metadata?.creationTimestamp));
}

/** The pod's deletion cost (0 when absent or not an int32). */
export function podDeletionCost(pod: Pod): number {
  const value = pod.metadata?.annotations?.[podDeletionCostAnnotation];
  if (value === undefined || !/^[+-]?\d+$/.test(value.trim())) return 0;
  const cost = Number(value.trim());
  return cost >= -2147483648 && cost <= 2147483647 ? cost : 0;
}

/** log2 of how long before `now` a time was, as whole numbers; -1 for a time not in the past. */
function logarithmicRank(time: number, now: number): number {
  const elapsedNs = (now - time) * 1e6;
  return elapsedNs > 0 ? Math.floor(Math.log2(elapsedNs)) : -1;
}

/** Times compared on a logarithmic scale (LogarithmicScaleDown), ties broken by uid for a pseudo-random spread. */
function compareLogarithmic(a: Pod, b: Pod, timeA: number | undefined, timeB: number | undefined, now: number): number {
  if (timeA === undefined || timeB === undefined) return laterFirst(timeA, timeB);
  const diff = logarithmicRank(timeA, now) - logarithmicRank(timeB, now);
  if (diff !== 0) return diff;
  const uidA = a.metadata?.uid ?? '';
  const uidB = b.metadata?.uid ?? '';
  return uidA < uidB ? -1 : uidA > uidB ? 1 : 0;
}

/**
 * controller.ActivePodsWithRanks (the ReplicaSet's scale-down order): the shared rules, then lower
 * deletion cost, higher rank (more ready pods of the set on its node), ready for less time and newer
 * on a logarithmic scale, more restarts.
 */
export function activePodsWithRanksComparator(rankOf: (pod: Pod) => number, now: number): (a: Pod, b: Pod) => number {
  return (a, b) => {
    const state = compareState(a, b);
    if (state !== 0) return state;
    const cost = podDeletionCost(a) - podDeletionCost(b);
    if (cost !== 0) return cost;
    const rank = rankOf(b) - rankOf(a);
    if (rank !== 0) return rank;
    if (isPodReady(a) && isPodReady(b)) {
      const readyA = podReadyTime(a);
      const readyB = podReadyTime(b);
      if (readyA !== readyB) {
        const ready = compareLogarithmic(a, b, readyA, readyB, now);
        if (ready !== 0) return ready;
      }
    }
    const restarts = compareRestarts(a, b);
    if (restarts !== 0) return restarts;
    const createdA = timeOf(a.metadata?.creationTimestamp);
    const createdB = timeOf(b.metadata?.creationTimestamp);
    return createdA === createdB ? 0 : compareLogarithmic(a, b, createdA, createdB, now);
  };
}
