// An HPA's status conditions (AbleToScale, ScalingActive, ScalingLimited) set as kube's
// setConditionInList does: a condition keeps its lastTransitionTime while its status stays.

import type { HorizontalPodAutoscalerCondition } from '@capstan/common/api-types/autoscaling-v2';

export type HpaConditionType = 'AbleToScale' | 'ScalingActive' | 'ScalingLimited';

export interface HpaCondition {
  readonly type: HpaConditionType;
  readonly status: 'True' | 'False';
  readonly reason: string;
  readonly message: string;
}

/** Conditions are kept in the order they were first set, as kube appends them. */
export function setCondition(conditions: readonly HorizontalPodAutoscalerCondition[], condition: HpaCondition, now: string): HorizontalPodAutoscalerCondition[] {
  const existing = conditions.find((c) => c.type === condition.type);
  const lastTransitionTime = existing !== undefined && existing.status === condition.status && existing.lastTransitionTime ? existing.lastTransitionTime : now;
  const updated: HorizontalPodAutoscalerCondition = { ...condition, lastTransitionTime };
  return existing === undefined ? [...conditions, updated] : conditions.map((c) => (c === existing ? updated : c));
}
