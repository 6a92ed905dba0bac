// The PodScheduled=False condition kube-scheduler writes on a pod it could not place, as a strategic
// merge patch of pods/{name}/status; none when the pod already carries the same condition (kube's
// UpdatePodCondition keeps lastTransitionTime while the status stays the same).

import { metaTime } from '../node-lifecycle/meta-time.ts';
import type { Pod, PodCondition } from './api-types.ts';

export type UnscheduledReason = 'Unschedulable' | 'SchedulerError';

export function podScheduledFalsePatch(pod: Pod, reason: UnscheduledReason, message: string, now = Date.now()): { status: { conditions: PodCondition[] } } | undefined {
  const old = pod.status?.conditions?.find((condition) => condition.type === 'PodScheduled');
  const generation = pod.metadata?.generation;
  const sameStatus = old?.status === 'False';
  if (sameStatus && old.reason === reason && old.message === message && old.observedGeneration === generation && (old.lastProbeTime ?? null) === null) return undefined;
  const condition: PodCondition = {
    type: 'PodScheduled',
    status: 'False',
    ...(generation === undefined ? {} : { observedGeneration: generation }),
    lastProbeTime: null,
    lastTransitionTime: sameStatus && old.lastTransitionTime ? old.lastTransitionTime : metaTime(now),
    reason,
    message,
  };
  return { status: { conditions: [condition] } };
}
