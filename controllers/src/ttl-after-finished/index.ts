// kube-controller-manager's ttl-after-finished-controller: a finished Job (Complete or Failed)
// with spec.ttlSecondsAfterFinished is deleted that long after its condition's
// lastTransitionTime, in the foreground (its pods first) and only if it is still the same Job
// (a uid precondition). Each Job is queued for the moment it expires, not polled.

import type { Job } from '@capstan/common/api-types/batch-v1';
import { isNotFound, type KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { finishedCondition } from '../job/job-conditions.ts';
import { WorkQueue } from '../work-queue.ts';
import { jobKind, namespacedKey } from '../workload/controller-ref.ts';

function needsCleanup(job: Job): boolean {
  return job.spec?.ttlSecondsAfterFinished !== undefined && finishedCondition(job) !== undefined;
}

/** How long until the Job expires (ms; not positive once expired), or undefined when it is not to be cleaned up. */
function timeLeft(job: Job, now: number): number | undefined {
  if (job.metadata?.deletionTimestamp || !needsCleanup(job)) return undefined;
  const finishedAt = Date.parse(finishedCondition(job)?.lastTransitionTime ?? '');
  if (Number.isNaN(finishedAt)) throw new Error(`unable to find the time when the Job ${namespacedKey(job)} finished`);
  return finishedAt + (job.spec?.ttlSecondsAfterFinished ?? 0) * 1000 - now;
}

export const ttlAfterFinishedController: ControllerDefinition = {
  name: 'ttl-after-finished-controller',
  aliases: ['ttl-after-finished'],
  clientName: 'ttl-after-finished-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const jobs = context.informers.informer<Job & KubeObject>(jobKind.resource);
    const queue = new WorkQueue({ name: 'ttl_jobs_to_delete' });
    const enqueue = (job: Job): void => {
      if (job.metadata?.deletionTimestamp === undefined && needsCleanup(job)) queue.add(namespacedKey(job));
    };
    jobs.addEventHandler({ onAdd: enqueue, onUpdate: (_old, job) => enqueue(job) });

    /** Answers the Job if it has expired, else queues it for when it does. */
    const expired = (key: string, job: Job): boolean => {
      const left = timeLeft(job, Date.now());
      if (left === undefined) return false;
      if (left <= 0) return true;
      queue.addAfter(key, left);
      return false;
    };
    const sync = async (key: string): Promise<void> => {
      const job = jobs.store.getByKey(key);
      if (job === undefined || !expired(key, job)) return;
      // The cached copy may be stale (its TTL changed, or it was recreated): check the stored one.
      const target = { ...jobKind.resource, namespace: job.metadata?.namespace, name: job.metadata?.name };
      let fresh: Job;
      try {
        fresh = await client.get<Job>(target);
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      if (!expired(key, fresh)) return;
      await client.delete(target, { propagationPolicy: 'Foreground', preconditions: { uid: fresh.metadata?.uid ?? '' } });
    };

    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    try {
      await queue.run(context.options.concurrentTtlAfterFinishedSyncs, sync, (key, error) => {
        if (!signal.aborted) logger.warn({ err: error, key }, 'cleaning up a finished job failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
