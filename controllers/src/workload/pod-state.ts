// What the workload controllers read of a pod's state, as kube's podutil does: ready, available
// after minReadySeconds, active (counted by its controller), terminating.

import type { Pod, PodCondition } from '@capstan/common/api-types/core-v1';

/** The pod's Ready condition, if it has one. */
export function podReadyCondition(pod: Pod): PodCondition | undefined {
  return pod.status?.conditions?.find((condition) => condition.type === 'Ready');
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(pod: Pod): boolean {
  return podReadyCondition(pod)?.status === 'True';
}

/** When the pod became ready (ms since the epoch), or undefined when it is not ready or the time is unknown. */
export function podReadyTime(pod: Pod): number | undefined {
  const condition = podReadyCondition(pod);
  if (condition?.status !== 'True' || typeof condition.lastTransitionTime !== 'string') return undefined;
  const time = Date.parse(condition.lastTransitionTime);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * podutil.IsPodAvailable: ready for more than minReadySeconds at `now` (ms). With minReadySeconds 0 a
 * ready pod is available at once.
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const readyAt = podReadyTime(pod);
  return readyAt !== undefined && readyAt + minReadySeconds * 1000 < now;
}

/** controller.IsPodActive: not Succeeded, not Failed, not being deleted. */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata?.deletionTimestamp === undefined;
}

/** controller.IsPodTerminating: not yet Succeeded/Failed but being deleted. */
export function isPodTerminating(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata?.deletionTimestamp !== undefined;
}
