// kube-controller-manager's cronjob-controller (v2): each CronJob is synced when it or one of its
// Jobs changes, and again when its next run is due, on a timer rather than by polling.

import type { CronJob, Job } from '@capstan/common/api-types/batch-v1';
import type { KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { controllerRefOf, cronJobKind, jobKind, namespacedKey, resolveControllerRef } from '../workload/controller-ref.ts';
import { type ControllerClock, realClock } from './controller-clock.ts';
import { cronJobMetrics } from './cronjob-metrics.ts';
import { CronJobSync, scheduleOf } from './cronjob-sync.ts';
import { nextScheduleDelay } from './schedule-times.ts';
import { involvedObjectOf } from '../event-recorder.ts';

/** The controller with its clock (a faster one in tests). */
export function cronJobControllerWith(clock: ControllerClock): ControllerDefinition {
  return {
    name: 'cronjob-controller',
    aliases: ['cronjob'],
    clientName: 'cronjob-controller',
    async start(context: ControllerContext): Promise<void> {
      const { client, logger, signal } = context;
      cronJobMetrics.register();
      const cronJobs = context.informers.informer<CronJob & KubeObject>(cronJobKind.resource);
      const jobs = context.informers.informer<Job & KubeObject>(jobKind.resource);
      const events = context.eventRecorder('cronjob-controller');
      // client-go's default controller rate limiter starts at 5 ms.
      const queue = new WorkQueue({ name: 'cronjob', baseDelayMs: 5, maxDelayMs: 1000_000 });
      const ownerOf = (job: Job): CronJob | undefined => resolveControllerRef(job, cronJobKind, (namespace, name) => cronJobs.store.get(namespace, name));
      const enqueueOwner = (job: Job | undefined): void => {
        const owner = job === undefined ? undefined : ownerOf(job);
        if (owner !== undefined) queue.add(namespacedKey(owner));
      };
      jobs.addEventHandler({
        onAdd: (job) => enqueueOwner(job),
        onUpdate: (old, job) => {
          if (old.metadata?.resourceVersion === job.metadata?.resourceVersion) return;
          if (controllerRefOf(old)?.uid !== controllerRefOf(job)?.uid) enqueueOwner(old);
          enqueueOwner(job);
        },
        onDelete: (job) => enqueueOwner(job),
      });
      cronJobs.addEventHandler({
        onAdd: (cronJob) => queue.add(namespacedKey(cronJob)),
        onUpdate: (old, cronJob) => {
          const key = namespacedKey(cronJob);
          if (old.spec?.schedule === cronJob.spec?.schedule && old.spec?.timeZone === cronJob.spec?.timeZone) return queue.add(key);
          // A new schedule: the next sync is when it is next due.
          try {
            const delay = nextScheduleDelay(cronJob, clock.now(), scheduleOf(cronJob));
            if (delay !== undefined) queue.addAfter(key, clock.realDelay(delay));
          } catch {
            void events.record(
              involvedObjectOf(cronJob, 'CronJob', 'batch/v1'),
              'Warning',
              'UnParseableCronJobSchedule',
              `unparseable schedule for cronjob: ${cronJob.spec?.schedule}`,
            );
          }
        },
        onDelete: (cronJob) => queue.add(namespacedKey(cronJob)),
      });
      const cronJobSync = new CronJobSync({ client, events, clock, jobsOf: (namespace) => jobs.store.list(namespace) });
      const sync = async (key: string): Promise<void> => {
        const cronJob = cronJobs.store.getByKey(key);
        if (cronJob === undefined) return;
        const { requeueAfterMs, error } = await cronJobSync.sync(cronJob);
        if (error !== undefined) throw error;
        if (requeueAfterMs !== undefined) queue.addAfter(key, clock.realDelay(requeueAfterMs));
      };

      const stop = (): void => queue.shutDown();
      signal.addEventListener('abort', stop, { once: true });
      if (signal.aborted) stop();
      if (!(await context.informers.waitForSync(signal))) return;
      try {
        await queue.run(context.options.concurrentCronJobSyncs, sync, (key, error) => {
          if (!signal.aborted) logger.warn({ err: error, key }, 'syncing cronjob failed; retrying');
        });
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
  };
}

export const cronJobController = cronJobControllerWith(realClock);
