// One sync of a CronJob, as kube's cronjob controller v2: drop the oldest finished Jobs past the
// history limits, reconcile status.active with the Jobs it owns (SawCompletedJob, MissingJob,
// UnexpectedJob), then, unless suspended, start the most recent missed run if it is within
// startingDeadlineSeconds and the concurrencyPolicy allows, naming the Job after the scheduled
// minute. Answers how long until the next run, for the caller's timer.

import type { CronJob, CronJobStatus, Job } from '@capstan/common/api-types/batch-v1';
import type { ObjectReference } from '@capstan/common/api-types/core-v1';
import { metaTime } from '@capstan/common';
import { isAlreadyExists, isNotFound, type RestClient } from '@capstan/common/client';
import { type EventRecorder, involvedObjectOf } from '../event-recorder.ts';
import { finishedCondition, isJobSucceeded } from '../job/job-conditions.ts';
import { controllerRefOf, cronJobKind, jobKind, newControllerRef } from '../workload/controller-ref.ts';
import type { ControllerClock } from './controller-clock.ts';
import { cronJobMetrics } from './cronjob-metrics.ts';
import { type CronSchedule, parseCronSchedule } from './cron-schedule.ts';
import { jobNameFor, mostRecentScheduleTime, nextScheduleDelay } from './schedule-times.ts';
import { isKnownZone, localZone, Zone } from './zoned-time.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';

/** batch.CronJobScheduledTimestampAnnotation: when the Job was scheduled, in the CronJob's zone. */
export const scheduledTimestampAnnotation = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

type WorkingStatus = { active: ObjectReference[]; lastScheduleTime?: string; lastSuccessfulTime?: string };

export interface CronJobSyncDependencies {
  readonly client: RestClient;
  readonly events: EventRecorder;
  readonly clock: ControllerClock;
  /** The Jobs of the namespace. */
  readonly jobsOf: (namespace: string) => Job[];
}

export interface CronJobSyncResult {
  /** Clock time until the next sync is due. */
  readonly requeueAfterMs?: number;
  readonly error?: unknown;
}

function timeOf(value: string | undefined): number {
  const time = Date.parse(value ?? '');
  return Number.isNaN(time) ? 0 : time;
}

/** The schedule as kube formats it: spec.timeZone applies unless the schedule has its own TZ=. */
export function scheduleOf(cronJob: CronJob): CronSchedule {
  const schedule = cronJob.spec?.schedule ?? '';
  const zone = cronJob.spec?.timeZone;
  const useZone = !schedule.includes('TZ') && zone !== undefined && isKnownZone(zone);
  return parseCronSchedule(schedule, useZone ? zone : localZone());
}

export class CronJobSync {
  readonly #deps: CronJobSyncDependencies;

  constructor(deps: CronJobSyncDependencies) {
    this.#deps = deps;
  }

  #record(cronJob: CronJob, type: 'Normal' | 'Warning', reason: string, message: string): void {
    void this.#deps.events.record(involvedObjectOf(cronJob, 'CronJob', 'batch/v1'), type, reason, message);
  }

  async sync(cronJob: CronJob): Promise<CronJobSyncResult> {
    const namespace = cronJob.metadata?.namespace ?? '';
    const owned = this.#deps.jobsOf(namespace).filter((job) => controllerRefOf(job)?.name === cronJob.metadata?.name);
    const status: WorkingStatus = {
      active: [...(cronJob.status?.active ?? [])],
      ...(cronJob.status?.lastScheduleTime ? { lastScheduleTime: cronJob.status.lastScheduleTime } : {}),
      ...(cronJob.status?.lastSuccessfulTime ? { lastSuccessfulTime: cronJob.status.lastSuccessfulTime } : {}),
    };
    const cleaned = await this.#cleanupFinishedJobs(cronJob, owned, status);
    const { requeueAfterMs, changed, error } = await this.#syncCronJob(cronJob, owned, status);
    if (cleaned || changed) {
      const target = { ...cronJobKind.resource, namespace, name: cronJob.metadata?.name, subresource: 'status' };
      const apiStatus: CronJobStatus = { ...status, ...(status.active.length > 0 ? {} : { active: undefined }) };
      await this.#deps.client.update<CronJob>(target, { ...cronJob, status: apiStatus });
    }
    if (requeueAfterMs !== undefined) return { requeueAfterMs };
    return error === undefined ? {} : { error };
  }

  async #syncCronJob(cronJob: CronJob, owned: readonly Job[], status: WorkingStatus): Promise<{ requeueAfterMs?: number; changed: boolean; error?: unknown }> {
    const { client, clock } = this.#deps;
    const now = clock.now();
    let changed = false;
    const ownedUids = new Set<string>();
    for (const job of owned) {
      const uid = job.metadata?.uid ?? '';
      ownedUids.add(uid);
      const inActive = status.active.some((reference) => reference.uid === uid);
      const finished = finishedCondition(job);
      if (!inActive && finished === undefined) {
        // The informer's copy may be behind the status this controller wrote: ask the server.
        const fresh = await client.get<CronJob>({ ...cronJobKind.resource, namespace: cronJob.metadata?.namespace, name: cronJob.metadata?.name });
        if (fresh.status?.active?.some((reference) => reference.uid === uid)) {
          status.active = [...(fresh.status.active ?? [])];
          continue;
        }
        this.#record(cronJob, 'Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${job.metadata?.name}`);
      } else if (finished !== undefined) {
        if (inActive) {
          status.active = status.active.filter((reference) => reference.uid !== uid);
          this.#record(cronJob, 'Normal', 'SawCompletedJob', `Saw completed job: ${job.metadata?.name}, condition: ${finished.type}`);
          changed = true;
        }
        const completedAt = job.status?.completionTime;
        if (isJobSucceeded(job) && completedAt && (status.lastSuccessfulTime === undefined || timeOf(completedAt) > timeOf(status.lastSuccessfulTime))) {
          status.lastSuccessfulTime = completedAt;
          changed = true;
        }
      }
    }
    for (const reference of [...status.active]) {
      if (ownedUids.has(reference.uid ?? '')) continue;
      try {
        await client.get({ ...jobKind.resource, namespace: reference.namespace, name: reference.name });
      } catch (error) {
        if (!isNotFound(error)) return { changed, error };
        this.#record(cronJob, 'Normal', 'MissingJob', `Active job went missing: ${reference.name}`);
        status.active = status.active.filter((r) => r.uid !== reference.uid);
        changed = true;
      }
    }
    if (cronJob.metadata?.deletionTimestamp) return { changed };
    const zone = cronJob.spec?.timeZone;
    if (zone !== undefined && !isKnownZone(zone)) {
      this.#record(cronJob, 'Warning', 'UnknownTimeZone', `invalid timeZone: "${zone}": unknown time zone ${zone}`);
      return { changed };
    }
    if (cronJob.spec?.suspend === true) return { changed };
    const spec = cronJob.spec?.schedule ?? '';
    if (spec.includes('TZ'))
      this.#record(
        cronJob,
        'Warning',
        'UnsupportedSchedule',
        `CRON_TZ or TZ used in schedule "${spec}" is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`,
      );
    let schedule: CronSchedule;
    try {
      schedule = scheduleOf(cronJob);
    } catch (error) {
      this.#record(cronJob, 'Warning', 'UnparseableSchedule', `unparseable schedule: "${spec}" : ${(error as Error).message}`);
      return { changed };
    }
    const current = { ...cronJob, status };
    const recent = mostRecentScheduleTime(current, now, schedule, true);
    if (recent.time !== undefined && recent.time <= now && recent.missed === 'many')
      this.#record(cronJob, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
    if (recent.error !== undefined && recent.time === undefined) {
      this.#record(cronJob, 'Warning', 'InvalidSchedule', `invalid schedule: ${spec} : ${recent.error}`);
      return { changed };
    }
    const next = (): { requeueAfterMs?: number; changed: boolean } => {
      const delay = nextScheduleDelay(current, now, schedule);
      return delay === undefined ? { changed } : { requeueAfterMs: delay, changed };
    };
    const scheduledTime = recent.time;
    if (scheduledTime === undefined || scheduledTime > now) return next();
    const deadline = cronJob.spec?.startingDeadlineSeconds;
    if (deadline !== undefined && scheduledTime + deadline * 1000 < now) {
      this.#record(cronJob, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${rfc1123z(scheduledTime)}`);
      return next();
    }
    const jobName = jobNameFor(cronJob.metadata?.name ?? '', scheduledTime);
    if (status.active.some((r) => r.name === jobName) || (status.lastScheduleTime !== undefined && timeOf(status.lastScheduleTime) === scheduledTime)) return next();
    if (cronJob.spec?.concurrencyPolicy === 'Forbid' && status.active.length > 0) {
      this.#record(cronJob, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
      return next();
    }
    if (cronJob.spec?.concurrencyPolicy === 'Replace') {
      for (const reference of [...status.active]) {
        let job: Job;
        try {
          job = await client.get<Job>({ ...jobKind.resource, namespace: reference.namespace, name: reference.name });
        } catch (error) {
          this.#record(cronJob, 'Warning', 'FailedGet', `Get job: ${(error as Error).message}`);
          return { changed, error };
        }
        if (!(await this.#deleteJob(cronJob, job, status))) return { changed, error: new Error(`could not replace job ${job.metadata?.namespace}/${job.metadata?.name}`) };
        changed = true;
      }
    }
    let created: Job;
    try {
      created = await client.create<Job>({ ...jobKind.resource, namespace: cronJob.metadata?.namespace }, jobFromTemplate(cronJob, jobName, scheduledTime));
      cronJobMetrics.jobCreated(created.metadata?.creationTimestamp ?? undefined, scheduledTime);
      this.#record(cronJob, 'Normal', 'SuccessfulCreate', `Created job ${created.metadata?.name}`);
    } catch (error) {
      if (isNamespaceTerminating(error)) return { changed, error };
      if (!isAlreadyExists(error)) {
        this.#record(cronJob, 'Warning', 'FailedCreate', `Error creating job: ${(error as Error).message}`);
        return { changed, error };
      }
      created = await client.get<Job>({ ...jobKind.resource, namespace: cronJob.metadata?.namespace, name: jobName });
      // Someone else's Job under the name, or one already listed: nothing to start.
      if (controllerRefOf(created)?.uid !== cronJob.metadata?.uid) return { changed };
      if (status.active.some((r) => r.uid === created.metadata?.uid)) return { changed };
    }
    status.active.push({
      kind: 'Job',
      namespace: created.metadata?.namespace,
      name: created.metadata?.name,
      uid: created.metadata?.uid,
      apiVersion: 'batch/v1',
      resourceVersion: created.metadata?.resourceVersion,
    });
    status.lastScheduleTime = metaTime(scheduledTime);
    changed = true;
    return next();
  }

  /** Deletes the oldest finished Jobs past successfulJobsHistoryLimit and failedJobsHistoryLimit. */
  async #cleanupFinishedJobs(cronJob: CronJob, owned: readonly Job[], status: WorkingStatus): Promise<boolean> {
    const { successfulJobsHistoryLimit, failedJobsHistoryLimit } = cronJob.spec ?? {};
    if (successfulJobsHistoryLimit === undefined && failedJobsHistoryLimit === undefined) return false;
    const succeeded = owned.filter((job) => finishedCondition(job)?.type === 'Complete');
    const failed = owned.filter((job) => finishedCondition(job)?.type === 'Failed');
    let changed = false;
    for (const [jobs, limit] of [
      [succeeded, successfulJobsHistoryLimit],
      [failed, failedJobsHistoryLimit],
    ] as const) {
      if (limit === undefined || jobs.length <= limit) continue;
      const oldest = [...jobs].sort(byStartTime).slice(0, jobs.length - limit);
      for (const job of oldest) if (await this.#deleteJob(cronJob, job, status)) changed = true;
    }
    return changed;
  }

  async #deleteJob(cronJob: CronJob, job: Job, status: WorkingStatus): Promise<boolean> {
    try {
      await this.#deps.client.delete({ ...jobKind.resource, namespace: job.metadata?.namespace, name: job.metadata?.name }, { propagationPolicy: 'Background' });
    } catch (error) {
      this.#record(cronJob, 'Warning', 'FailedDelete', `Deleted job: ${(error as Error).message}`);
      return false;
    }
    status.active = status.active.filter((reference) => reference.uid !== job.metadata?.uid);
    this.#record(cronJob, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata?.name}`);
    return true;
  }
}

/** getJobFromTemplate2: the template's labels, annotations (with the scheduled time) and spec, owned by the CronJob. */
function jobFromTemplate(cronJob: CronJob, name: string, scheduledTime: number): Job {
  const template = cronJob.spec?.jobTemplate;
  const zone = new Zone(cronJob.spec?.timeZone ?? '');
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      labels: { ...template?.metadata?.labels },
      annotations: { ...template?.metadata?.annotations, [scheduledTimestampAnnotation]: zone.rfc3339(scheduledTime) },
      ownerReferences: [newControllerRef(cronJob, cronJobKind)],
    },
    spec: structuredClone(template?.spec ?? { template: {} }),
  };
}

/** byJobStartTime: started before not started, earlier first, then by name. */
function byStartTime(a: Job, b: Job): number {
  const startA = a.status?.startTime;
  const startB = b.status?.startTime;
  if (startA === undefined || startB === undefined) return startA === startB ? 0 : startA === undefined ? 1 : -1;
  if (timeOf(startA) === timeOf(startB)) return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
  return timeOf(startA) - timeOf(startB);
}

/** Go's time.RFC1123Z in UTC: "Mon, 02 Jan 2006 15:04:05 +0000". */
function rfc1123z(ms: number): string {
  return new Date(ms).toUTCString().replace('GMT', '+0000');
}
