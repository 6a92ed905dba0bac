// The HPA's status conditions as kube's setCondition keeps them: a condition is added at the end
// when missing, its lastTransitionTime moves only when its status changes.

import { metaTime } from '@capstan/common';
import type { HorizontalPodAutoscalerCondition } from '@capstan/common/api-types/autoscaling-v2';

export type ConditionType = 'AbleToScale' | 'ScalingActive' | 'ScalingLimited';

export interface Condition {
  readonly type: ConditionType;
  readonly status: 'True' | 'False';
  readonly reason: string;
  readonly message: string;
}

export function setCondition(conditions: readonly HorizontalPodAutoscalerCondition[], condition: Condition): HorizontalPodAutoscalerCondition[] {
  const list = [...conditions];
  const index = list.findIndex((existing) => existing.type === condition.type);
  const existing = index < 0 ? undefined : list[index];
  const lastTransitionTime = existing !== undefined && existing.status === condition.status ? existing.lastTransitionTime : metaTime(Date.now());
  const next: HorizontalPodAutoscalerCondition = { type: condition.type, status: condition.status, lastTransitionTime, reason: condition.reason, message: condition.message };
  if (index < 0) list.push(next);
  else list[index] = next;
  return list;
}
