// Setting one condition of a pod's status as kube's UpdatePodCondition does: lastTransitionTime
// moves to now only when the status changes, and "updated" says whether anything changed.

import type { PodCondition } from './api-types.ts';
import { metaTime, timeValue } from './meta-time.ts';

export function updatePodCondition(conditions: readonly PodCondition[], condition: PodCondition, now: number): { readonly conditions: PodCondition[]; readonly updated: boolean } {
  const index = conditions.findIndex((c) => c.type === condition.type);
  const old = conditions[index];
  if (old === undefined) return { conditions: [...conditions, { ...condition, lastTransitionTime: metaTime(now) }], updated: true };
  const lastTransitionTime = condition.status === old.status ? (old.lastTransitionTime ?? null) : metaTime(now);
  const next: PodCondition = { ...condition, lastTransitionTime };
  const unchanged =
    next.status === old.status &&
    (next.reason ?? '') === (old.reason ?? '') &&
    (next.message ?? '') === (old.message ?? '') &&
    timeValue(next.lastProbeTime) === timeValue(old.lastProbeTime) &&
    timeValue(next.lastTransitionTime) === timeValue(old.lastTransitionTime);
  const updated = [...conditions];
  updated[index] = next;
  return { conditions: updated, updated: !unchanged };
}
