// kube-controller-manager's job-controller: runs a Job's pods to completion (see job-sync.ts).
// Pod changes are batched for a second per Job; a spec change (new generation) syncs at once.
// Pods left with the tracking finalizer by a Job that is gone or finished (orphans) have it
// removed by a second queue, so that they can be deleted.

import type { Job } from '@capstan/common/api-types/batch-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { isNotFound, type KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { controllerRefOf, jobKind, namespacedKey, resolveControllerRef } from '../workload/controller-ref.ts';
import { ControllerExpectations } from '../workload/expectations.ts';
import { controlledIndexKey, controllerIndexKey, InformerIndex } from '../workload/informer-index.ts';
import { labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import { PodControl, podsResource } from '../workload/pod-control.ts';
import { isJobFinished } from './job-conditions.ts';
import { hasTrackingFinalizer, removeTrackingFinalizerPatch } from './job-pods.ts';
import { FinalizerExpectations } from './finalizer-expectations.ts';
import { JobSync, managedByExternalController, syncJobBatchPeriodMs } from './job-sync.ts';
import { jobMetrics } from './job-metrics.ts';
import { BackoffStore } from './pod-failure-backoff.ts';

/** kube's DefaultJobApiBackOff and MaxJobApiBackOff: a failed sync is retried after 1 s, doubling up to a minute. */
const apiBackoff = { baseDelayMs: 1000, maxDelayMs: 60_000 };

export const jobController: ControllerDefinition = {
  name: 'job-controller',
  aliases: ['job'],
  clientName: 'job-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    jobMetrics.register();
    const jobs = context.informers.informer<Job & KubeObject>(jobKind.resource);
    const pods = context.informers.informer<Pod & KubeObject>(podsResource);
    const events = context.eventRecorder('job-controller');
    const queue = new WorkQueue({ name: 'job', ...apiBackoff });
    const orphans = new WorkQueue({ name: 'job_orphan_pod', ...apiBackoff });
    const expectations = new ControllerExpectations();
    const finalizerExpectations = new FinalizerExpectations();
    const backoff = new BackoffStore();
    const finishedJobs = new Set<string>();
    const getJob = (namespace: string, name: string): Job | undefined => jobs.store.get(namespace, name);
    // Registered before the handlers below, which read it.
    const podsByController = new InformerIndex<Pod & KubeObject>(pods, controllerIndexKey);
    /** The Job's pods and the orphans of its namespace (kube's FilterPodsByOwner). */
    const candidatePods = (job: Job): Pod[] => {
      const namespace = job.metadata?.namespace ?? '';
      return [...podsByController.objects(controlledIndexKey(namespace, job.metadata?.uid ?? '')), ...podsByController.objects(namespace)];
    };

    const ownerOf = (pod: Pod): Job | undefined => resolveControllerRef(pod, jobKind, getJob);
    const enqueueOrphan = (pod: Pod): void => orphans.add(namespacedKey(pod));
    /** A pod of this Job gone, or being deleted. */
    const podDeleted = (pod: Pod, final: boolean): void => {
      const job = ownerOf(pod);
      if (job === undefined || isJobFinished(job)) {
        if (hasTrackingFinalizer(pod)) enqueueOrphan(pod);
        return;
      }
      const key = namespacedKey(job);
      expectations.deletionObserved(key, namespacedKey(pod));
      if (final || !hasTrackingFinalizer(pod)) finalizerExpectations.removalObserved(key, pod.metadata?.uid ?? '');
      queue.addAfter(key, syncJobBatchPeriodMs);
    };
    /** Jobs in the pod's namespace whose selector matches it (for an orphan that one may adopt). */
    const enqueueSelectingJobs = (pod: Pod): void => {
      for (const job of jobs.store.list(pod.metadata?.namespace ?? '')) {
        if (labelSelectorMatcher(job.spec?.selector)(pod.metadata?.labels)) queue.addAfter(namespacedKey(job), syncJobBatchPeriodMs);
      }
    };
    pods.addEventHandler({
      onAdd: (pod) => {
        if (pod.metadata?.deletionTimestamp) return podDeleted(pod, false);
        if (controllerRefOf(pod) !== undefined) {
          const job = ownerOf(pod);
          if (job === undefined) return;
          expectations.creationObserved(namespacedKey(job));
          queue.addAfter(namespacedKey(job), syncJobBatchPeriodMs);
          return;
        }
        if (hasTrackingFinalizer(pod)) enqueueOrphan(pod);
        enqueueSelectingJobs(pod);
      },
      onUpdate: (old, pod) => {
        if (old.metadata?.resourceVersion === pod.metadata?.resourceVersion) return;
        if (pod.metadata?.deletionTimestamp) return podDeleted(pod, false);
        const finalizerRemoved = !hasTrackingFinalizer(pod);
        const oldRef = controllerRefOf(old);
        const ref = controllerRefOf(pod);
        const refChanged = oldRef?.uid !== ref?.uid;
        for (const job of new Set([refChanged && oldRef !== undefined ? ownerOf(old) : undefined, ownerOf(pod)])) {
          if (job === undefined) continue;
          if (finalizerRemoved) finalizerExpectations.removalObserved(namespacedKey(job), pod.metadata?.uid ?? '');
          queue.addAfter(namespacedKey(job), syncJobBatchPeriodMs);
        }
        if (ref !== undefined) return;
        if (hasTrackingFinalizer(pod)) enqueueOrphan(pod);
        if (refChanged || JSON.stringify(old.metadata?.labels) !== JSON.stringify(pod.metadata?.labels)) enqueueSelectingJobs(pod);
      },
      onDelete: (pod) => podDeleted(pod, true),
    });

    /** The Job's pods that keep the finalizer, once it no longer counts them. */
    const releasePodsOf = (job: Job): void => {
      for (const pod of pods.store.list(job.metadata?.namespace ?? '')) if (hasTrackingFinalizer(pod) && controllerRefOf(pod)?.uid === job.metadata?.uid) enqueueOrphan(pod);
    };
    jobs.addEventHandler({
      onAdd: (job) => queue.add(namespacedKey(job)),
      onUpdate: (old, job) => {
        const key = namespacedKey(job);
        if (isJobFinished(job)) {
          releasePodsOf(job);
          queue.add(key);
          return;
        }
        if (old.metadata?.generation === job.metadata?.generation) queue.addAfter(key, syncJobBatchPeriodMs);
        else queue.add(key);
        // A changed deadline: the Job is synced again when the new one passes.
        const deadline = job.spec?.activeDeadlineSeconds;
        if (job.status?.startTime && deadline !== undefined && old.spec?.activeDeadlineSeconds !== deadline)
          queue.addAfter(key, deadline * 1000 - (Date.now() - Date.parse(job.status.startTime)));
      },
      onDelete: (job) => {
        queue.add(namespacedKey(job));
        finishedJobs.delete(job.metadata?.uid ?? '');
        releasePodsOf(job);
        backoff.remove(namespacedKey(job));
      },
    });

    const podControl = new PodControl(client, events, jobKind);
    const jobSync = new JobSync({
      client,
      events,
      podControl,
      expectations,
      finalizerExpectations,
      backoff,
      getJob: (key) => jobs.store.getByKey(key),
      candidatePods,
      enqueueAfter: (key, delayMs) => queue.addAfter(key, delayMs),
      finishedJobs,
      now: Date.now,
    });

    /** handleSingleOrphanPod: the finalizer of a pod no unfinished Job of the built-in controller counts. */
    const syncOrphan = async (key: string): Promise<void> => {
      const pod = pods.store.getByKey(key);
      if (pod === undefined || !hasTrackingFinalizer(pod)) return;
      const reference = controllerRefOf(pod);
      if (reference !== undefined) {
        if (reference.kind !== 'Job' || reference.apiVersion !== 'batch/v1') return;
        const job = ownerOf(pod);
        if (job !== undefined && (managedByExternalController(job) || !isJobFinished(job))) return;
      }
      try {
        await client.patch({ ...podsResource, namespace: pod.metadata?.namespace, name: pod.metadata?.name }, removeTrackingFinalizerPatch, { type: 'strategic' });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    };

    const stop = (): void => {
      queue.shutDown();
      orphans.shutDown();
    };
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    const workers = context.options.concurrentJobSyncs;
    const onError = (what: string) => (key: string, error: unknown) => {
      if (!signal.aborted) logger.warn({ err: error, key }, `${what} failed; retrying`);
    };
    try {
      await Promise.all([queue.run(workers, (key) => jobSync.sync(key), onError('syncing job')), orphans.run(workers, syncOrphan, onError('syncing orphan pod'))]);
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
