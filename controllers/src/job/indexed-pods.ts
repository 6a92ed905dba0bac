// What an Indexed Job computes from its pods' completion indexes: the indexes that succeeded or
// failed (with backoffLimitPerIndex), the lowest ones still to run, the pods of repeated or
// out-of-range indexes to remove, and, per index, the failed pod whose replacement inherits its
// failure count.

import type { Job } from '@capstan/common/api-types/batch-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { compareActivePods } from '../workload/pod-ranking.ts';
import { type IndexInterval, intervalsHave, mergeIntervals, type OrderedIntervals, parseIndexes, withIndexes } from './completed-indexes.ts';
import { completionIndexOf, hasTrackingFinalizer, indexAbsoluteFailureCount, indexFailureCount, isPodFailed, podFinishedTime } from './job-pods.ts';
import { matchPodFailurePolicy } from './pod-failure-policy.ts';

/** Pods of an index below completions, still carrying the tracking finalizer (not yet counted). */
function isUncountedInRange(pod: Pod, completions: number): boolean {
  const index = completionIndexOf(pod);
  return index >= 0 && index < completions && hasTrackingFinalizer(pod);
}

/** The succeeded indexes before (status.completedIndexes) and with the pods that succeeded since. */
export function succeededIndexes(job: Job, pods: readonly Pod[], completions: number): { previous: IndexInterval[]; current: IndexInterval[] } {
  const previous = parseIndexes(job.status?.completedIndexes, completions);
  const succeeded = pods.filter((pod) => pod.status?.phase === 'Succeeded' && isUncountedInRange(pod, completions)).map(completionIndexOf);
  return { previous, current: withIndexes(previous, succeeded) };
}

/** isIndexFailed: FailIndex matched, or a counted failure with the index's failures at backoffLimitPerIndex. */
function isIndexFailed(job: Job, pod: Pod): boolean {
  if (!isPodFailed(pod, job)) return false;
  let counted = true;
  if (job.spec?.podFailurePolicy !== undefined) {
    const match = matchPodFailurePolicy(job.spec.podFailurePolicy, pod);
    if (match.action === 'FailIndex') return true;
    counted = match.countFailed;
  }
  return counted && indexFailureCount(pod) >= (job.spec?.backoffLimitPerIndex ?? 0);
}

export function failedIndexes(job: Job, pods: readonly Pod[], completions: number): IndexInterval[] {
  const previous = job.status?.failedIndexes === undefined ? [] : parseIndexes(job.status.failedIndexes, completions);
  return withIndexes(previous, pods.filter((pod) => isUncountedInRange(pod, completions) && isIndexFailed(job, pod)).map(completionIndexOf));
}

function indexesOf(pods: readonly Pod[]): number[] {
  return pods.map(completionIndexOf).filter((index) => index >= 0);
}

/** firstPendingIndexes: the lowest `count` indexes neither succeeded, failed, active (nor terminating, when only failed pods are replaced). */
export function firstPendingIndexes(
  count: number,
  completions: number,
  taken: { succeeded: OrderedIntervals; failed?: OrderedIntervals; active: readonly Pod[]; terminating: readonly Pod[] },
): number[] {
  if (count === 0) return [];
  let nonPending = withIndexes(taken.succeeded, [...indexesOf(taken.active), ...indexesOf(taken.terminating)]);
  if (taken.failed !== undefined) nonPending = mergeIntervals(nonPending, taken.failed);
  const result: number[] = [];
  for (let candidate = 0; candidate < completions && result.length < count; candidate++) if (!intervalsHave(nonPending, candidate)) result.push(candidate);
  return result;
}

/**
 * The active pods to remove first: those without an index or past completions, and all but the
 * best-ranked of each repeated index. Answers them and the rest.
 */
export function duplicatedIndexPods(pods: readonly Pod[], completions: number): { remove: Pod[]; keep: Pod[] } {
  const remove: Pod[] = [];
  const keep: Pod[] = [];
  const byIndex = new Map<number, Pod[]>();
  for (const pod of pods) {
    const index = completionIndexOf(pod);
    if (index < 0 || index >= completions) remove.push(pod);
    else byIndex.set(index, [...(byIndex.get(index) ?? []), pod]);
  }
  for (const group of byIndex.values()) {
    group.sort(compareActivePods);
    remove.push(...group.slice(0, -1));
    keep.push(group.at(-1) as Pod);
  }
  return { remove, keep };
}

/**
 * getPodsWithDelayedDeletionPerIndex: for each index still to run, its latest failed pod, whose
 * finalizer stays until the replacement is made with the failure count carried over.
 */
export function podsWithDelayedDeletion(
  job: Job,
  uncountedPods: readonly Pod[],
  completions: number,
  done: { succeeded: OrderedIntervals; failed: OrderedIntervals; active: readonly Pod[] },
): Map<number, Pod> {
  const active = new Set(indexesOf(done.active));
  const result = new Map<number, Pod>();
  for (const pod of uncountedPods) {
    if (!isPodFailed(pod, job)) continue;
    const index = completionIndexOf(pod);
    if (index < 0 || index >= completions || intervalsHave(done.succeeded, index) || intervalsHave(done.failed, index) || active.has(index)) continue;
    const last = result.get(index);
    if (last === undefined || (indexAbsoluteFailureCount(last) <= indexAbsoluteFailureCount(pod) && podFinishedTime(pod) >= podFinishedTime(last))) result.set(index, pod);
  }
  return result;
}

/** The failure-count annotations of the pod replacing `replaced` (0 for an index's first pod). */
export function replacementFailureCounts(job: Job, replaced: Pod | undefined): { failures: number; ignored: number } {
  if (replaced === undefined) return { failures: 0, ignored: 0 };
  let failures = indexFailureCount(replaced);
  let ignored = indexAbsoluteFailureCount(replaced) - failures;
  if (matchPodFailurePolicy(job.spec?.podFailurePolicy, replaced).countFailed) failures += 1;
  else ignored += 1;
  return { failures, ignored };
}
