// The status arithmetic of kube's disruption controller: how many pods a budget wants healthy and
// expects, which recorded evictions still count, how many pods are healthy, and the status with
// its DisruptionAllowed condition (SufficientPods / InsufficientPods / SyncFailed) set as
// apimachinery's SetStatusCondition sets it.

import type { Pod } from '@capstan/common/api-types/core-v1';
import type { Condition, LabelSelector } from '@capstan/common/api-types/meta-v1';
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '@capstan/common/api-types/policy-v1';
import { isDeepStrictEqual } from 'node:util';
import { metaTime } from '@capstan/common';
import { isPodReady } from '../workload/pod-state.ts';

/** DeletionTimeout: how long an eviction recorded in disruptedPods keeps its pod from counting as healthy. */
export const deletionTimeoutMs = 2 * 60 * 1000;

export type MutableStatus = { -readonly [K in keyof PodDisruptionBudgetStatus]: PodDisruptionBudgetStatus[K] };

const timeOf = (value: string | undefined): number => Date.parse(value ?? '') || 0;
const deleting = (pod: Pod): boolean => pod.metadata?.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;

/**
 * buildDisruptedPodMap: the recorded evictions of pods still there and not yet deleting that are
 * younger than the timeout; those older are reported (the NotDeleted event); and when to look again.
 */
export function disruptedPodsOf(
  budget: PodDisruptionBudget,
  pods: readonly Pod[],
  now: number,
): { disrupted: Record<string, string>; notDeleted: Pod[]; recheckAt: number | undefined } {
  const recorded = budget.status?.disruptedPods ?? {};
  const disrupted: Record<string, string> = {};
  const notDeleted: Pod[] = [];
  let recheckAt: number | undefined;
  for (const pod of pods) {
    if (deleting(pod)) continue;
    const at = recorded[pod.metadata?.name ?? ''];
    if (at === undefined) continue;
    const expectedDeletion = timeOf(at) + deletionTimeoutMs;
    if (expectedDeletion < now) notDeleted.push(pod);
    else {
      if (recheckAt === undefined || expectedDeletion < recheckAt) recheckAt = expectedDeletion;
      disrupted[pod.metadata?.name ?? ''] = at;
    }
  }
  return { disrupted, notDeleted, recheckAt };
}

/** countHealthyPods: ready pods neither deleting nor recently evicted. */
export function countHealthyPods(pods: readonly Pod[], disrupted: Readonly<Record<string, string>>, now: number): number {
  let healthy = 0;
  for (const pod of pods) {
    if (deleting(pod)) continue;
    const at = disrupted[pod.metadata?.name ?? ''];
    if (at !== undefined && timeOf(at) + deletionTimeoutMs > now) continue;
    if (isPodReady(pod)) healthy += 1;
  }
  return healthy;
}

/** apimeta.SetStatusCondition: replaced in place, its transition time moved only when its status changes. */
export function setStatusCondition(conditions: readonly Condition[], condition: Omit<Condition, 'lastTransitionTime'>, now: number): Condition[] {
  const existing = conditions.find((c) => c.type === condition.type);
  const next: Condition = {
    ...condition,
    lastTransitionTime: existing !== undefined && existing.status === condition.status ? existing.lastTransitionTime : metaTime(now),
  };
  return existing === undefined ? [...conditions, next] : conditions.map((c) => (c === existing ? next : c));
}

/** UpdateDisruptionAllowedCondition. */
export function withDisruptionAllowedCondition(status: MutableStatus, now: number): MutableStatus {
  const allowed = status.disruptionsAllowed > 0;
  const condition = {
    type: 'DisruptionAllowed',
    status: allowed ? 'True' : 'False',
    reason: allowed ? 'SufficientPods' : 'InsufficientPods',
    message: '',
    observedGeneration: status.observedGeneration ?? 0,
  };
  return { ...status, conditions: setStatusCondition(status.conditions ?? [], condition, now) };
}

/** ConditionsAreUpToDate: the condition agrees with disruptionsAllowed, for the current generation. */
export function conditionsUpToDate(budget: PodDisruptionBudget): boolean {
  const condition = budget.status?.conditions?.find((c) => c.type === 'DisruptionAllowed');
  if (condition === undefined || (budget.status?.observedGeneration ?? 0) !== (budget.metadata?.generation ?? 0)) return false;
  return (budget.status?.disruptionsAllowed ?? 0) > 0
    ? condition.status === 'True' && condition.reason === 'SufficientPods'
    : condition.status === 'False' && condition.reason === 'InsufficientPods';
}

export interface Counts {
  readonly currentHealthy: number;
  readonly desiredHealthy: number;
  readonly expectedPods: number;
  readonly disrupted: Readonly<Record<string, string>>;
}

/** updatePdbStatus: the new status, or undefined when the stored one already says it. */
export function nextStatus(budget: PodDisruptionBudget, counts: Counts, now: number): MutableStatus | undefined {
  const allowed = counts.expectedPods <= 0 ? 0 : Math.max(0, counts.currentHealthy - counts.desiredHealthy);
  const status = budget.status;
  if (
    status !== undefined &&
    status.currentHealthy === counts.currentHealthy &&
    status.desiredHealthy === counts.desiredHealthy &&
    status.expectedPods === counts.expectedPods &&
    status.disruptionsAllowed === allowed &&
    isDeepStrictEqual({ ...status.disruptedPods }, { ...counts.disrupted }) &&
    (status.observedGeneration ?? 0) === (budget.metadata?.generation ?? 0) &&
    conditionsUpToDate(budget)
  ) {
    return undefined;
  }
  const next: MutableStatus = {
    currentHealthy: counts.currentHealthy,
    desiredHealthy: counts.desiredHealthy,
    expectedPods: counts.expectedPods,
    disruptionsAllowed: allowed,
    ...(Object.keys(counts.disrupted).length > 0 ? { disruptedPods: counts.disrupted } : {}),
    observedGeneration: budget.metadata?.generation ?? 0,
    ...(status?.conditions === undefined ? {} : { conditions: status.conditions }),
  };
  return withDisruptionAllowedCondition(next, now);
}

/** failSafe: no disruptions while the budget cannot be computed, and the condition says why. */
export function failSafeStatus(budget: PodDisruptionBudget, error: Error, now: number): MutableStatus {
  const status: MutableStatus = { currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...budget.status, disruptionsAllowed: 0 };
  const condition = { type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message: error.message, observedGeneration: status.observedGeneration ?? 0 };
  return { ...status, conditions: setStatusCondition(status.conditions ?? [], condition, now) };
}

/** The selector as Go prints a *metav1.LabelSelector (%v), as kube's UnmanagedPods event shows it. */
export function goLabelSelectorString(selector: LabelSelector | undefined): string {
  if (selector === undefined || selector === null) return 'nil';
  const labels = Object.keys(selector.matchLabels ?? {})
    .sort()
    .map((key) => `${key}: ${selector.matchLabels?.[key]},`)
    .join('');
  const expressions = (selector.matchExpressions ?? [])
    .map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${expressions}},}`;
}
