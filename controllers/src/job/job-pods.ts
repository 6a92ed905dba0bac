// What the Job controller reads of its pods: the tracking finalizer that keeps a finished pod
// until it is counted, the completion index of an Indexed Job's pod, the per-index failure counts,
// whether a pod counts as failed, and when it finished.

import type { Job } from '@capstan/common/api-types/batch-v1';
import type { ContainerStatus, Pod } from '@capstan/common/api-types/core-v1';

/** batch.JobTrackingFinalizer: a pod keeps it until the Job controller has counted it. */
export const jobTrackingFinalizer = 'batch.kubernetes.io/job-tracking';
/** The annotation (and label) with an Indexed Job pod's index. */
export const completionIndexAnnotation = 'batch.kubernetes.io/job-completion-index';
export const indexFailureCountAnnotation = 'batch.kubernetes.io/job-index-failure-count';
export const indexIgnoredFailureCountAnnotation = 'batch.kubernetes.io/job-index-ignored-failure-count';
/** The variable an Indexed Job's containers read their index from. */
export const completionIndexEnvName = 'JOB_COMPLETION_INDEX';

export function hasTrackingFinalizer(pod: Pod): boolean {
  return pod.metadata?.finalizers?.includes(jobTrackingFinalizer) === true;
}

/** The strategic merge patch that removes the tracking finalizer. */
export const removeTrackingFinalizerPatch = { metadata: { '$deleteFromPrimitiveList/finalizers': [jobTrackingFinalizer] } };

export function isIndexedJob(job: Job): boolean {
  return job.spec?.completionMode === 'Indexed';
}

export function hasBackoffLimitPerIndex(job: Job): boolean {
  return typeof job.spec?.backoffLimitPerIndex === 'number';
}

/** The pod's completion index, or -1 when it has none (or not a non-negative integer). */
export function completionIndexOf(pod: Pod): number {
  const value = pod.metadata?.annotations?.[completionIndexAnnotation];
  if (value === undefined || !/^[+-]?\d+$/.test(value)) return -1;
  const index = Number(value);
  return index >= 0 ? index : -1;
}

function int32Annotation(pod: Pod, name: string): number {
  const value = pod.metadata?.annotations?.[name];
  if (value === undefined || !/^\d+$/.test(value)) return 0;
  const number = Number(value);
  return number <= 2147483647 ? number : 0;
}

export function indexFailureCount(pod: Pod): number {
  return int32Annotation(pod, indexFailureCountAnnotation);
}

/** Failures of the index, ignored ones included. */
export function indexAbsoluteFailureCount(pod: Pod): number {
  return int32Annotation(pod, indexFailureCountAnnotation) + int32Annotation(pod, indexIgnoredFailureCountAnnotation);
}

/**
 * onlyReplaceFailedPods: with podReplacementPolicy Failed (or a podFailurePolicy) a terminating
 * pod is not replaced until it has failed.
 */
export function onlyReplaceFailedPods(job: Job): boolean {
  return job.spec?.podReplacementPolicy === 'Failed' || job.spec?.podFailurePolicy !== undefined;
}

/** Failed, or being deleted before it succeeded (unless only failed pods are replaced). */
export function isPodFailed(pod: Pod, job: Job): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed') return true;
  if (onlyReplaceFailedPods(job)) return false;
  return pod.metadata?.deletionTimestamp !== undefined && phase !== 'Succeeded';
}

function timeOf(value: string | null | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** The latest finishedAt of the statuses, or undefined if one has not terminated. */
function latestFinish(statuses: readonly ContainerStatus[], from: number | undefined): number | undefined {
  let latest = from;
  for (const status of statuses) {
    const finishedAt = timeOf(status.state?.terminated?.finishedAt);
    if (finishedAt === undefined) return undefined;
    if (latest === undefined || finishedAt > latest) latest = finishedAt;
  }
  return latest;
}

/** When the pod finished: its containers' (and sidecars') last finishedAt, else when it stopped being ready, else its deletion, else its creation. */
export function podFinishedTime(pod: Pod): number {
  const sidecars = new Set((pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  let finished = latestFinish(pod.status?.containerStatuses ?? [], undefined);
  if (finished !== undefined)
    finished = latestFinish(
      (pod.status?.initContainerStatuses ?? []).filter((s) => sidecars.has(s.name)),
      finished,
    );
  if (finished !== undefined) return finished;
  const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
  const readyFalseAt = ready?.status === 'False' ? timeOf(ready.lastTransitionTime) : undefined;
  if (readyFalseAt !== undefined) return readyFalseAt;
  const deletedAt = timeOf(pod.metadata?.deletionTimestamp);
  if (deletedAt !== undefined) return deletedAt - (pod.metadata?.deletionGracePeriodSeconds ?? 0) * 1000;
  return timeOf(pod.metadata?.creationTimestamp) ?? 0;
}
