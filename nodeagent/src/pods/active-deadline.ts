// The kubelet's activeDeadlineHandler: a pod active on the node longer than its
// spec.activeDeadlineSeconds (counted from its status startTime) is to be evicted: its phase
// Failed with reason DeadlineExceeded, a Normal event of the same words, its containers killed.

import type { Pod } from './pod-types.ts';

export interface PodEviction {
  readonly reason: string;
  readonly message: string;
}

export const deadlineExceeded: PodEviction = { reason: 'DeadlineExceeded', message: 'Pod was active on the node longer than the specified deadline' };

/** How long until the pod's deadline (0 or less once past); undefined without a deadline or before the pod started. */
export function activeDeadlineRemainingMs(pod: Pod, startedAtMs: number | undefined, now: number): number | undefined {
  const seconds = pod.spec.activeDeadlineSeconds;
  if (seconds === undefined || seconds === null || startedAtMs === undefined || Number.isNaN(startedAtMs)) return undefined;
  return startedAtMs + seconds * 1000 - now;
}
