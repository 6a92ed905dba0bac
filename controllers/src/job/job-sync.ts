// One sync of a Job, as kube's syncJob: claim its pods, count the finished ones through
// status.uncountedTerminatedPods before removing their tracking finalizers, decide whether the
// Job has failed (podFailurePolicy, backoffLimit, activeDeadlineSeconds, failed indexes) or
// succeeded (successPolicy, completions), and otherwise create or delete pods to run
// min(parallelism, remaining completions) at once. The interim FailureTarget and
// SuccessCriteriaMet conditions are written before the final Failed or Complete, which waits
// until every pod is counted and none is terminating.

import type { Job } from '@capstan/common/api-types/batch-v1';
import type { EnvVar, Pod, PodTemplateSpec } from '@capstan/common/api-types/core-v1';
import { metaTime } from '@capstan/common';
import { isNotFound, type RestClient } from '@capstan/common/client';
import { type EventRecorder, involvedObjectOf } from '../event-recorder.ts';
import { claimObjects, recheckDeletionTimestamp } from '../workload/claim-objects.ts';
import { jobKind, namespacedKey, newControllerRef } from '../workload/controller-ref.ts';
import type { ControllerExpectations } from '../workload/expectations.ts';
import { labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import { type PodControl, podFromTemplate, podsResource } from '../workload/pod-control.ts';
import { compareActivePods } from '../workload/pod-ranking.ts';
import { isPodActive, isPodReady, isPodTerminating } from '../workload/pod-state.ts';
import { slowStartBatch } from '../workload/slow-start.ts';
import { formatIntervals, type IndexInterval, intervalsHave, intervalsTotal, withIndexes } from './completed-indexes.ts';
import { ensureCondition, findCondition, isJobFinished, type MutableCondition, newJobCondition } from './job-conditions.ts';
import {
  completionIndexAnnotation,
  completionIndexEnvName,
  completionIndexOf,
  hasBackoffLimitPerIndex,
  hasTrackingFinalizer,
  indexAbsoluteFailureCount,
  indexFailureCountAnnotation,
  indexIgnoredFailureCountAnnotation,
  isIndexedJob,
  isPodFailed,
  jobTrackingFinalizer,
  onlyReplaceFailedPods,
  podFinishedTime,
  removeTrackingFinalizerPatch,
} from './job-pods.ts';
import type { FinalizerExpectations } from './finalizer-expectations.ts';
import { duplicatedIndexPods, failedIndexes, firstPendingIndexes, podsWithDelayedDeletion, replacementFailureCounts, succeededIndexes } from './indexed-pods.ts';
import { type BackoffRecord, type BackoffStore, remainingBackoffMs } from './pod-failure-backoff.ts';
import { completionModeOf, type JobSyncAction, jobMetrics } from './job-metrics.ts';
import { matchPodFailurePolicy } from './pod-failure-policy.ts';
import { apiStatus, type WorkingStatus, workingStatus } from './job-status.ts';
import { matchSuccessPolicy } from './success-policy.ts';

/** The name a Job's spec.managedBy gives the built-in controller. */
export const jobControllerName = 'kubernetes.io/job-controller';
/** kube's MaxUncountedPods: how many pods one status update lists as uncounted. */
const maxUncountedPods = 500;
/** kube's MaxPodCreateDeletePerSync. */
const maxPodCreateDeletePerSync = 500;
/** kube's SyncJobBatchPeriod: pod changes are handled together, at most once a second. */
export const syncJobBatchPeriodMs = 1000;

const jobsResource = { group: 'batch', version: 'v1', resource: 'jobs' } as const;

export interface JobSyncDependencies {
  readonly client: RestClient;
  readonly events: EventRecorder;
  readonly podControl: PodControl;
  readonly expectations: ControllerExpectations;
  readonly finalizerExpectations: FinalizerExpectations;
  readonly backoff: BackoffStore;
  readonly getJob: (key: string) => Job | undefined;
  /** The pods the Job controls and the orphans of its namespace. */
  readonly candidatePods: (job: Job) => Pod[];
  readonly enqueueAfter: (key: string, delayMs: number) => void;
  /** Jobs whose finished status was written but not yet seen in the informer. */
  readonly finishedJobs: Set<string>;
  readonly now: () => number;
}

/** What one sync knows about the Job (kube's syncJobCtx). */
interface SyncContext {
  job: Job;
  readonly key: string;
  readonly status: WorkingStatus;
  readonly pods: Pod[];
  activePods: Pod[];
  ready: number;
  terminating: number;
  succeeded: number;
  failed: number;
  readonly uncountedSucceeded: ReadonlySet<string>;
  readonly uncountedFailed: ReadonlySet<string>;
  readonly expectedRemovals: ReadonlySet<string>;
  finished: MutableCondition | undefined;
  previousSucceededIndexes: IndexInterval[];
  succeededIndexes: IndexInterval[];
  failedIndexes: IndexInterval[] | undefined;
  delayedDeletionPerIndex: Map<number, Pod>;
  readonly backoff: BackoffRecord;
}

export function managedByExternalController(job: Job): boolean {
  const managedBy = job.spec?.managedBy;
  return managedBy !== undefined && managedBy !== jobControllerName;
}

function isSuspended(job: Job): boolean {
  return job.spec?.suspend === true;
}

export class JobSync {
  readonly #deps: JobSyncDependencies;

  constructor(deps: JobSyncDependencies) {
    this.#deps = deps;
  }

  #record(job: Job, type: 'Normal' | 'Warning', reason: string, message: string): void {
    void this.#deps.events.record(involvedObjectOf(job, 'Job', 'batch/v1'), type, reason, message);
  }

  async sync(key: string): Promise<void> {
    const deps = this.#deps;
    const job = deps.getJob(key);
    if (job === undefined) {
      deps.expectations.delete(key);
      deps.finalizerExpectations.delete(key);
      deps.backoff.remove(key);
      return;
    }
    if (managedByExternalController(job)) return;
    const uid = job.metadata?.uid ?? '';
    if (isJobFinished(job)) {
      deps.backoff.remove(key);
      deps.finishedJobs.delete(uid);
      return;
    }
    if (deps.finishedJobs.has(uid)) return;
    const mode = job.spec?.completionMode;
    if (mode !== undefined && mode !== 'NonIndexed' && mode !== 'Indexed') {
      this.#record(job, 'Warning', 'UnknownCompletionMode', 'Skipped Job sync because completion mode is unknown');
      return;
    }
    const started = performance.now();
    const outcome: { action: JobSyncAction } = { action: 'reconciling' };
    let failed = true;
    try {
      await this.#syncJob(key, job, outcome);
      failed = false;
    } finally {
      jobMetrics.synced(completionModeOf(job), outcome.action, failed, (performance.now() - started) / 1000);
    }
  }

  /** syncJob past its early returns; `outcome.action` says what it did, for the sync metrics. */
  async #syncJob(key: string, job: Job, outcome: { action: JobSyncAction }): Promise<void> {
    const deps = this.#deps;
    // Checked before the pods are read: a pod created after the check is seen at the next sync.
    const satisfied = deps.expectations.satisfied(key);
    const pods = await this.#podsForJob(job);
    const status = workingStatus(job);
    const activePods = pods.filter(isPodActive);
    const ctx: SyncContext = {
      job,
      key,
      status,
      pods,
      activePods,
      ready: activePods.filter(isPodReady).length,
      terminating: pods.filter(isPodTerminating).length,
      succeeded: 0,
      failed: 0,
      uncountedSucceeded: new Set(status.uncountedSucceeded),
      uncountedFailed: new Set(status.uncountedFailed),
      expectedRemovals: deps.finalizerExpectations.expected(key),
      finished: undefined,
      previousSucceededIndexes: [],
      succeededIndexes: [],
      failedIndexes: undefined,
      delayedDeletionPerIndex: new Map(),
      backoff: { failuresAfterLastSuccess: 0 },
    };
    let active = activePods.length;
    const newSucceeded = this.#newlyFinished(ctx, ctx.uncountedSucceeded, (pod) => pod.status?.phase === 'Succeeded');
    const newFailed = this.#newlyFinished(ctx, ctx.uncountedFailed, (pod) => isPodFailed(pod, job));
    ctx.succeeded = status.succeeded + newSucceeded.length + ctx.uncountedSucceeded.size;
    const countedFailures = newFailed.filter((pod) => matchPodFailurePolicy(job.spec?.podFailurePolicy, pod).countFailed).length;
    ctx.failed = status.failed + countedFailures + ctx.uncountedFailed.size;
    const now = deps.now();
    if (status.startTime === undefined && !isSuspended(job)) status.startTime = metaTime(now);
    const backoff = deps.backoff.next(key, newSucceeded, newFailed);
    (ctx as { backoff: BackoffRecord }).backoff = backoff;

    this.#evaluateFailure(ctx, now);
    const completions = job.spec?.completions ?? 0;
    if (isIndexedJob(job)) {
      const indexes = succeededIndexes(job, pods, completions);
      ctx.previousSucceededIndexes = indexes.previous;
      ctx.succeededIndexes = indexes.current;
      ctx.succeeded = intervalsTotal(indexes.current);
      if (hasBackoffLimitPerIndex(job)) {
        ctx.failedIndexes = failedIndexes(job, pods, completions);
        const failedCount = intervalsTotal(ctx.failedIndexes);
        if (ctx.finished === undefined) {
          if (job.spec?.maxFailedIndexes !== undefined && failedCount > job.spec.maxFailedIndexes)
            ctx.finished = this.#failure('MaxFailedIndexesExceeded', 'Job has exceeded the specified maximal number of failed indexes', now);
          else if (failedCount > 0 && failedCount + ctx.succeeded >= completions) ctx.finished = this.#failure('FailedIndexes', 'Job has failed indexes', now);
        }
        const uncounted = pods.filter((pod) => this.#isUncounted(ctx, pod, undefined));
        ctx.delayedDeletionPerIndex = podsWithDelayedDeletion(job, uncounted, completions, { succeeded: ctx.succeededIndexes, failed: ctx.failedIndexes, active: activePods });
      }
      if (ctx.finished === undefined) {
        const message = matchSuccessPolicy(job.spec?.successPolicy, completions, ctx.succeededIndexes);
        if (message !== undefined) ctx.finished = newJobCondition('SuccessCriteriaMet', 'True', 'SuccessPolicy', message, now);
      }
    }

    let manageError: unknown;
    let suspendChanged = false;
    if (ctx.finished !== undefined) {
      const { deleted, deletedReady, error } = await this.#deleteActivePods(job, ctx.activePods);
      // Not finished yet while pods may still be unseen or keep their finalizers.
      if (deleted !== active || !satisfied) ctx.finished = undefined;
      active -= deleted;
      ctx.terminating += deleted;
      ctx.ready -= deletedReady;
      manageError = error;
    } else {
      let managed = false;
      if (satisfied && job.metadata?.deletionTimestamp === undefined) {
        ({ active, action: outcome.action, error: manageError } = await this.#manageJob(ctx));
        managed = true;
      }
      const completionsSet = job.spec?.completions;
      const complete = completionsSet === undefined ? ctx.succeeded > 0 && active === 0 : ctx.succeeded >= completionsSet && active === 0;
      if (complete) ctx.finished = newJobCondition('SuccessCriteriaMet', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods', now);
      else if (managed) suspendChanged = this.#updateSuspendCondition(job, status, now);
    }

    const needsUpdate = suspendChanged || active !== status.active || ctx.ready !== status.ready || ctx.terminating !== status.terminating;
    status.active = active;
    status.ready = ctx.ready;
    status.terminating = ctx.terminating;
    await this.#trackStatusAndRemoveFinalizers(ctx, needsUpdate);
    if (manageError !== undefined) throw manageError;
  }

  #failure(reason: string, message: string, now: number): MutableCondition {
    // With JobManagedBy and JobPodReplacementPolicy (both on in 1.35) failure is first a FailureTarget.
    return newJobCondition('FailureTarget', 'True', reason, message, now);
  }

  /** Failure in kube's order: earlier SuccessCriteriaMet or FailureTarget, podFailurePolicy, backoffLimit, activeDeadlineSeconds. */
  #evaluateFailure(ctx: SyncContext, now: number): void {
    const { job, status } = ctx;
    const met = findCondition(status.conditions, 'SuccessCriteriaMet');
    if (met?.status === 'True') {
      ctx.finished = { ...met };
      return;
    }
    const target = findCondition(status.conditions, 'FailureTarget');
    if (target?.status === 'True') ctx.finished = newJobCondition('Failed', 'True', target.reason ?? '', target.message ?? '', now);
    else if (job.spec?.podFailurePolicy !== undefined) {
      for (const pod of ctx.pods) {
        if (!isPodFailed(pod, job)) continue;
        const message = matchPodFailurePolicy(job.spec.podFailurePolicy, pod).failJobMessage;
        if (message !== undefined) {
          ctx.finished = newJobCondition('FailureTarget', 'True', 'PodFailurePolicy', message, now);
          break;
        }
      }
    }
    if (ctx.finished !== undefined) return;
    const backoffLimit = job.spec?.backoffLimit ?? 6;
    if (ctx.failed > backoffLimit || pastBackoffLimitOnFailure(job, ctx.pods)) {
      ctx.finished = this.#failure('BackoffLimitExceeded', 'Job has reached the specified backoff limit', now);
      return;
    }
    const deadline = job.spec?.activeDeadlineSeconds;
    if (deadline === undefined || status.startTime === undefined || isSuspended(job)) return;
    const remaining = deadline * 1000 - (now - Date.parse(status.startTime));
    if (remaining <= 0) ctx.finished = this.#failure('DeadlineExceeded', 'Job was active longer than specified deadline', now);
    else this.#deps.enqueueAfter(ctx.key, remaining);
  }

  #updateSuspendCondition(job: Job, status: WorkingStatus, now: number): boolean {
    if (isSuspended(job)) {
      if (!ensureCondition(status.conditions, 'Suspended', 'True', 'JobSuspended', 'Job suspended', now)) return false;
      this.#record(job, 'Normal', 'Suspended', 'Job suspended');
      return true;
    }
    if (!ensureCondition(status.conditions, 'Suspended', 'False', 'JobResumed', 'Job resumed', now)) return false;
    this.#record(job, 'Normal', 'Resumed', 'Job resumed');
    // activeDeadlineSeconds counts from the resumption: the Job is continuously active since then.
    status.startTime = metaTime(now);
    return true;
  }

  /** A pod not yet counted: it keeps its finalizer, is not listed as uncounted nor awaited, and (Indexed) has an index in range. */
  #isUncounted(ctx: SyncContext, pod: Pod, uncounted: ReadonlySet<string> | undefined): boolean {
    const uid = pod.metadata?.uid ?? '';
    if (!hasTrackingFinalizer(pod) || uncounted?.has(uid) || ctx.expectedRemovals.has(uid)) return false;
    if (!isIndexedJob(ctx.job)) return true;
    const index = completionIndexOf(pod);
    return index >= 0 && index < (ctx.job.spec?.completions ?? 0);
  }

  #newlyFinished(ctx: SyncContext, uncounted: ReadonlySet<string>, finished: (pod: Pod) => boolean): Pod[] {
    return ctx.pods.filter((pod) => this.#isUncounted(ctx, pod, uncounted) && finished(pod));
  }

  async #podsForJob(job: Job): Promise<Pod[]> {
    const candidates = this.#deps.candidatePods(job);
    const claimed = await claimObjects<Pod>({
      client: this.#deps.client,
      owner: job,
      ownerKind: jobKind,
      matches: labelSelectorMatcher(job.spec?.selector),
      target: podsResource,
      objects: candidates,
      canAdopt: recheckDeletionTimestamp(this.#deps.client, job, jobKind),
      finalizers: [jobTrackingFinalizer],
    });
    return claimed;
  }

  /** manageJob: deletes pods of a suspended Job or beyond what it wants, else creates the missing ones (after the failure back-off). Answers the active count. */
  async #manageJob(ctx: SyncContext): Promise<{ active: number; action: JobSyncAction; error?: unknown }> {
    const { job, key } = ctx;
    const active = ctx.activePods.length;
    const parallelism = job.spec?.parallelism ?? 1;
    if (isSuspended(job)) return { ...(await this.#deletePods(ctx, this.#activePodsForRemoval(job, ctx.activePods, active))), action: 'pods_deleted' };
    let wantActive: number;
    const completions = job.spec?.completions;
    if (completions === undefined) wantActive = ctx.succeeded > 0 ? active : parallelism;
    else wantActive = Math.max(0, Math.min(completions - ctx.succeeded, parallelism));
    const toDelete = this.#activePodsForRemoval(job, ctx.activePods, Math.max(0, active - wantActive)).slice(0, maxPodCreateDeletePerSync);
    // Deletions and creations are never mixed in one sync; deletions go first.
    if (toDelete.length > 0) return { ...(await this.#deletePods(ctx, toDelete)), action: 'pods_deleted' };
    const terminating = onlyReplaceFailedPods(job) ? ctx.terminating : 0;
    let diff = wantActive - terminating - active;
    if (diff <= 0) return { active, action: 'tracking' };
    const now = this.#deps.now();
    if (!hasBackoffLimitPerIndex(job)) {
      const wait = remainingBackoffMs(ctx.backoff.failuresAfterLastSuccess, ctx.backoff.lastFailureTime, now);
      if (wait > 0) {
        this.#deps.enqueueAfter(key, Math.max(wait, syncJobBatchPeriodMs));
        return { active: 0, action: 'pods_created' };
      }
    }
    diff = Math.min(diff, maxPodCreateDeletePerSync);
    let indexes: number[] = [];
    if (isIndexedJob(job)) {
      indexes = firstPendingIndexes(diff, completions ?? 0, {
        succeeded: ctx.succeededIndexes,
        ...(ctx.failedIndexes === undefined ? {} : { failed: ctx.failedIndexes }),
        active: ctx.activePods,
        terminating: onlyReplaceFailedPods(job) ? ctx.pods.filter(isPodTerminating) : [],
      });
      if (hasBackoffLimitPerIndex(job)) {
        const { ready, wait } = indexesReadyToCreate(indexes, ctx.delayedDeletionPerIndex, now);
        if (ready.length === 0 && wait > 0) {
          this.#deps.enqueueAfter(key, Math.max(wait, syncJobBatchPeriodMs));
          return { active: 0, action: 'pods_created' };
        }
        indexes = ready;
      }
      diff = indexes.length;
    }
    this.#deps.expectations.expectCreations(key, diff);
    const template = jobPodTemplate(job);
    const controllerRef = newControllerRef(job, jobKind);
    let next = 0;
    const { successes, error } = await slowStartBatch(diff, async () => {
      const index = indexes[next++];
      try {
        await this.#deps.podControl.createPod(job, this.#podFor(job, template, controllerRef, index, ctx));
      } catch (failure) {
        this.#deps.expectations.creationObserved(key);
        throw failure;
      }
    });
    // Pods of batches never tried are not expected either.
    for (let skipped = next; skipped < diff; skipped++) this.#deps.expectations.creationObserved(key);
    return { active: active + successes, action: 'pods_created', ...(error === undefined ? {} : { error }) };
  }

  #podFor(job: Job, template: PodTemplateSpec, controllerRef: ReturnType<typeof newControllerRef>, index: number | undefined, ctx: SyncContext): Pod {
    const name = job.metadata?.name ?? '';
    const pod = podFromTemplate(template, name, controllerRef);
    if (index === undefined) return pod;
    const annotations: Record<string, string> = { ...pod.metadata?.annotations, [completionIndexAnnotation]: String(index) };
    if (hasBackoffLimitPerIndex(job)) {
      const counts = replacementFailureCounts(job, ctx.delayedDeletionPerIndex.get(index));
      annotations[indexFailureCountAnnotation] = String(counts.failures);
      if (counts.ignored > 0) annotations[indexIgnoredFailureCountAnnotation] = String(counts.ignored);
    }
    return {
      ...pod,
      metadata: {
        ...pod.metadata,
        generateName: podGenerateNameWithIndex(name, index),
        annotations,
        labels: { ...pod.metadata?.labels, [completionIndexAnnotation]: String(index) },
      },
      spec: { ...pod.spec, containers: pod.spec?.containers ?? [], hostname: `${name}-${index}` },
    };
  }

  /** activePodsForRemoval: an Indexed Job's repeated and out-of-range pods first, then the cheapest to lose. */
  #activePodsForRemoval(job: Job, pods: readonly Pod[], atLeast: number): Pod[] {
    let remove: Pod[] = [];
    let left = [...pods];
    if (isIndexedJob(job)) ({ remove, keep: left } = duplicatedIndexPods(pods, job.spec?.completions ?? 0));
    if (remove.length < atLeast) remove = [...remove, ...left.sort(compareActivePods).slice(0, atLeast - remove.length)];
    return remove;
  }

  /** deleteJobPods: removes each pod's finalizer, then deletes it (NotFound counts as gone). Answers the active pods left. */
  async #deletePods(ctx: SyncContext, pods: readonly Pod[]): Promise<{ active: number; error?: unknown }> {
    const { job, key } = ctx;
    const namespace = job.metadata?.namespace ?? '';
    this.#deps.expectations.expectDeletions(
      key,
      pods.map((pod) => namespacedKey(pod)),
    );
    let removed = 0;
    const errors: unknown[] = [];
    await Promise.all(
      pods.map(async (pod) => {
        const name = pod.metadata?.name ?? '';
        try {
          if (hasTrackingFinalizer(pod)) await this.#deps.client.patch({ ...podsResource, namespace, name }, removeTrackingFinalizerPatch, { type: 'strategic' });
          await this.#deps.podControl.deletePod(job, namespace, name);
        } catch (error) {
          this.#deps.expectations.deletionObserved(key, namespacedKey(pod));
          if (!isNotFound(error)) {
            errors.push(error);
            return;
          }
        }
        removed += 1;
        if (isPodReady(pod)) ctx.ready -= 1;
      }),
    );
    ctx.terminating += removed;
    return { active: ctx.activePods.length - removed, ...(errors.length > 0 ? { error: errors[0] } : {}) };
  }

  /** deleteActivePods of a finishing Job: deletes them keeping their finalizers, removed once they are counted. */
  async #deleteActivePods(job: Job, pods: readonly Pod[]): Promise<{ deleted: number; deletedReady: number; error?: unknown }> {
    const namespace = job.metadata?.namespace ?? '';
    let deleted = 0;
    let deletedReady = 0;
    let error: unknown;
    await Promise.all(
      pods.map(async (pod) => {
        try {
          await this.#deps.podControl.deletePod(job, namespace, pod.metadata?.name ?? '');
          deleted += 1;
        } catch (failure) {
          if (isNotFound(failure)) deleted += 1;
          else error ??= failure;
        }
        if (isPodReady(pod)) deletedReady += 1;
      }),
    );
    return { deleted, deletedReady, ...(error === undefined ? {} : { error }) };
  }

  /**
   * trackJobStatusAndRemoveFinalizers: lists finished pods as uncounted, writes that, removes
   * their finalizers, moves the removed ones into the counters, and adds the final condition once
   * nothing is left uncounted or terminating.
   */
  async #trackStatusAndRemoveFinalizers(ctx: SyncContext, needsUpdate: boolean): Promise<void> {
    const { job, status } = ctx;
    const indexed = isIndexedJob(job);
    const completions = job.spec?.completions ?? 0;
    const pods = indexed ? [...ctx.pods].sort((a, b) => completionIndexOf(a) - completionIndexOf(b)) : ctx.pods;
    const withFinalizer = new Set(pods.filter((pod) => hasTrackingFinalizer(pod) && !ctx.expectedRemovals.has(pod.metadata?.uid ?? '')).map((pod) => pod.metadata?.uid ?? ''));
    let flush = needsUpdate || countRemovedFinalizers(status, withFinalizer);
    const toRemoveFinalizer: Pod[] = [];
    const newSucceededIndexes: number[] = [];
    let reachedMax = false;
    for (const pod of pods) {
      const uid = pod.metadata?.uid ?? '';
      if (!hasTrackingFinalizer(pod) || ctx.expectedRemovals.has(uid)) continue;
      const failed = isPodFailed(pod, job);
      if (!this.#canRemoveFinalizer(ctx, pod, failed)) continue;
      toRemoveFinalizer.push(pod);
      const index = completionIndexOf(pod);
      if (pod.status?.phase === 'Succeeded' && !ctx.uncountedFailed.has(uid)) {
        if (indexed) {
          if (index >= 0 && index < completions && !intervalsHave(ctx.previousSucceededIndexes, index)) {
            newSucceededIndexes.push(index);
            flush = true;
          }
        } else if (!ctx.uncountedSucceeded.has(uid)) {
          status.uncountedSucceeded.push(uid);
          flush = true;
        }
      } else if (failed || (ctx.finished !== undefined && ctx.finished.type !== 'SuccessCriteriaMet')) {
        // Once the Job is finishing, every pod not terminated counts as failed.
        if (!ctx.uncountedFailed.has(uid) && (!indexed || (index >= 0 && index < completions)) && matchPodFailurePolicy(job.spec?.podFailurePolicy, pod).countFailed) {
          status.uncountedFailed.push(uid);
          flush = true;
        }
      }
      if (newSucceededIndexes.length + status.uncountedSucceeded.length + status.uncountedFailed.length >= maxUncountedPods) {
        reachedMax = true;
        break;
      }
    }
    if (indexed) {
      ctx.succeededIndexes = withIndexes(ctx.succeededIndexes, newSucceededIndexes);
      const completed = formatIntervals(ctx.succeededIndexes);
      if (completed !== status.completedIndexes) flush = true;
      status.succeeded = intervalsTotal(ctx.succeededIndexes);
      status.completedIndexes = completed;
      const failedText = ctx.failedIndexes === undefined ? undefined : formatIntervals(ctx.failedIndexes);
      if (failedText !== status.failedIndexes) {
        if (failedText === undefined) delete status.failedIndexes;
        else status.failedIndexes = failedText;
        flush = true;
      }
    }
    const now = this.#deps.now();
    if (ctx.finished?.type === 'FailureTarget') {
      // The interim condition is stored before the finalizers go, so the reason survives a restart.
      status.conditions.push(ctx.finished);
      flush = true;
      ctx.finished = newJobCondition('Failed', 'True', ctx.finished.reason ?? '', ctx.finished.message ?? '', now);
    }
    if (ctx.finished?.type === 'SuccessCriteriaMet' && ctx.finished.status === 'True') {
      if (findCondition(status.conditions, 'SuccessCriteriaMet')?.status !== 'True') {
        status.conditions.push(ctx.finished);
        flush = true;
      }
      ctx.finished = newJobCondition('Complete', 'True', ctx.finished.reason ?? '', ctx.finished.message ?? '', now);
    }
    if (flush) {
      await this.#updateStatus(ctx);
      this.#deps.backoff.save(ctx.key, ctx.backoff);
      flush = false;
    }
    let removalError: unknown;
    if (toRemoveFinalizer.length > 0) {
      const removed = await this.#removeTrackingFinalizers(ctx.key, toRemoveFinalizer);
      for (const pod of removed.succeeded) withFinalizer.delete(pod.metadata?.uid ?? '');
      removalError = removed.error;
    }
    if (countRemovedFinalizers(status, withFinalizer)) flush = true;
    if (removalError !== undefined) {
      if (flush) await this.#updateStatus(ctx);
      throw removalError;
    }
    const finished = !reachedMax && this.#enactFinished(ctx);
    if (finished || flush) {
      await this.#updateStatus(ctx);
      if (finished && ctx.finished !== undefined) {
        this.#recordFinished(ctx.job, status, ctx.finished);
        this.#deps.finishedJobs.add(job.metadata?.uid ?? '');
      }
    }
  }

  #canRemoveFinalizer(ctx: SyncContext, pod: Pod, failed: boolean): boolean {
    if (ctx.job.metadata?.deletionTimestamp !== undefined || ctx.finished !== undefined || pod.status?.phase === 'Succeeded') return true;
    if (!failed) return false;
    if (hasBackoffLimitPerIndex(ctx.job)) {
      // The failed pod whose count its index's replacement inherits stays until the replacement exists.
      const index = completionIndexOf(pod);
      if (index >= 0 && ctx.delayedDeletionPerIndex.get(index)?.metadata?.uid === pod.metadata?.uid) return false;
    }
    return true;
  }

  /** Adds the final condition when nothing is uncounted or terminating; answers whether it did. */
  #enactFinished(ctx: SyncContext): boolean {
    const { finished, status } = ctx;
    if (finished === undefined) return false;
    if (status.uncountedSucceeded.length + status.uncountedFailed.length > 0) return false;
    if ((status.terminating ?? 0) > 0) return false;
    ensureCondition(status.conditions, finished.type, finished.status, finished.reason ?? '', finished.message ?? '', Date.parse(finished.lastTransitionTime ?? ''));
    if (finished.type === 'Complete') status.completionTime = finished.lastTransitionTime ?? undefined;
    return true;
  }

  #recordFinished(job: Job, status: WorkingStatus, finished: MutableCondition): void {
    jobMetrics.jobFinished(completionModeOf(job), finished.type === 'Complete', finished.reason ?? '');
    if (finished.type === 'Complete') {
      const completions = job.spec?.completions;
      if (completions !== undefined && status.succeeded > completions)
        this.#record(job, 'Warning', 'TooManySucceededPods', 'Too many succeeded pods running after completion count reached');
      this.#record(job, 'Normal', 'Completed', 'Job completed');
    } else this.#record(job, 'Warning', finished.reason ?? '', finished.message ?? '');
  }

  async #updateStatus(ctx: SyncContext): Promise<void> {
    const { job } = ctx;
    const target = { ...jobsResource, namespace: job.metadata?.namespace, name: job.metadata?.name, subresource: 'status' };
    const before = job.status;
    ctx.job = await this.#deps.client.update<Job>(target, { ...job, status: apiStatus(ctx.status) });
    // recordJobPodFinished: the pods this write counted.
    jobMetrics.podsFinished(completionModeOf(job), ctx.status.succeeded - (before?.succeeded ?? 0), ctx.status.failed - (before?.failed ?? 0));
  }

  async #removeTrackingFinalizers(key: string, pods: readonly Pod[]): Promise<{ succeeded: Pod[]; error?: unknown }> {
    const expectations = this.#deps.finalizerExpectations;
    expectations.expectRemovals(
      key,
      pods.map((pod) => pod.metadata?.uid ?? ''),
    );
    const succeeded: Pod[] = [];
    let error: unknown;
    await Promise.all(
      pods.map(async (pod) => {
        try {
          await this.#deps.client.patch({ ...podsResource, namespace: pod.metadata?.namespace, name: pod.metadata?.name }, removeTrackingFinalizerPatch, { type: 'strategic' });
        } catch (failure) {
          expectations.removalObserved(key, pod.metadata?.uid ?? '');
          if (!isNotFound(failure)) {
            error ??= failure;
            return;
          }
        }
        succeeded.push(pod);
      }),
    );
    return { succeeded, ...(error === undefined ? {} : { error }) };
  }
}

/** Moves uncounted pods whose finalizer is gone into the counters; answers whether any moved. */
function countRemovedFinalizers(status: WorkingStatus, withFinalizer: ReadonlySet<string>): boolean {
  const succeeded = status.uncountedSucceeded.filter((uid) => withFinalizer.has(uid));
  const failed = status.uncountedFailed.filter((uid) => withFinalizer.has(uid));
  const changed = succeeded.length !== status.uncountedSucceeded.length || failed.length !== status.uncountedFailed.length;
  status.succeeded += status.uncountedSucceeded.length - succeeded.length;
  status.failed += status.uncountedFailed.length - failed.length;
  status.uncountedSucceeded = succeeded;
  status.uncountedFailed = failed;
  return changed;
}

/** pastBackoffLimitOnFailure: with restartPolicy OnFailure, the restarts of running pods count as failures. */
function pastBackoffLimitOnFailure(job: Job, pods: readonly Pod[]): boolean {
  if (job.spec?.template.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const pod of pods) {
    if (pod.status?.phase !== 'Running' && pod.status?.phase !== 'Pending') continue;
    for (const status of [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])]) restarts += status.restartCount ?? 0;
  }
  const limit = job.spec.backoffLimit ?? 6;
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

/** getPodCreationInfoForIndependentIndexes: the indexes past their own back-off, or the shortest wait. */
function indexesReadyToCreate(indexes: readonly number[], delayed: ReadonlyMap<number, Pod>, now: number): { ready: number[]; wait: number } {
  const ready: number[] = [];
  let wait = Number.POSITIVE_INFINITY;
  for (const index of indexes) {
    const last = delayed.get(index);
    const remaining = last === undefined ? 0 : remainingBackoffMs(indexAbsoluteFailureCount(last) + 1, podFinishedTime(last), now);
    if (remaining === 0) ready.push(index);
    else wait = Math.min(wait, remaining);
  }
  return { ready, wait: ready.length > 0 || wait === Number.POSITIVE_INFINITY ? 0 : wait };
}

/** The Job's pod template with the tracking finalizer and, for an Indexed Job, JOB_COMPLETION_INDEX in every container. */
function jobPodTemplate(job: Job): PodTemplateSpec {
  const template = structuredClone(job.spec?.template ?? { spec: { containers: [] } }) as PodTemplateSpec;
  const finalizers = template.metadata?.finalizers ?? [];
  const metadata = { ...template.metadata, finalizers: finalizers.includes(jobTrackingFinalizer) ? finalizers : [...finalizers, jobTrackingFinalizer] };
  if (!isIndexedJob(job) || template.spec === undefined) return { ...template, metadata };
  const indexEnv: EnvVar = { name: completionIndexEnvName, valueFrom: { fieldRef: { fieldPath: `metadata.labels['${completionIndexAnnotation}']` } } };
  const withIndex = <C extends { env?: readonly EnvVar[] }>(container: C): C =>
    container.env?.some((variable) => variable.name === completionIndexEnvName) ? container : { ...container, env: [...(container.env ?? []), indexEnv] };
  return {
    ...template,
    metadata,
    spec: {
      ...template.spec,
      containers: template.spec.containers.map(withIndex),
      ...(template.spec.initContainers === undefined ? {} : { initContainers: template.spec.initContainers.map(withIndex) }),
    },
  };
}

/** "<job>-<index>-", the job name cut so that the generated name stays within 58 characters. */
function podGenerateNameWithIndex(jobName: string, index: number): string {
  const suffix = `-${index}-`;
  const maxGeneratedNameLength = 58;
  const prefix = `${jobName}${suffix}`;
  return prefix.length > maxGeneratedNameLength ? `${prefix.slice(0, maxGeneratedNameLength - suffix.length)}${suffix}` : prefix;
}
