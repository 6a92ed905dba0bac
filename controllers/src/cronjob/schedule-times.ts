// When a CronJob should have run last and when it runs next, as kube's mostRecentScheduleTime and
// nextScheduleTimeDuration compute them from its creation or lastScheduleTime, counting missed
// runs without walking through every one of them.

import type { CronJob } from '@capstan/common/api-types/batch-v1';
import type { CronSchedule } from './cron-schedule.ts';

/** kube's nextScheduleDelta: the controller wakes 100 ms after a scheduled time, to be past it. */
export const nextScheduleDeltaMs = 100;

export type MissedSchedules = 'none' | 'few' | 'many';

export interface MostRecent {
  readonly earliest: number;
  /** The latest scheduled time not after now, since `earliest`; undefined when none has passed. */
  readonly time?: number;
  readonly missed: MissedSchedules;
  readonly error?: string;
}

function parseTime(value: string | null | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

export function mostRecentScheduleTime(cronJob: CronJob, now: number, schedule: CronSchedule, includeStartingDeadline: boolean): MostRecent {
  let earliest = parseTime(cronJob.status?.lastScheduleTime) ?? parseTime(cronJob.metadata?.creationTimestamp) ?? now;
  const deadline = cronJob.spec?.startingDeadlineSeconds;
  if (includeStartingDeadline && deadline !== undefined) earliest = Math.max(earliest, now - deadline * 1000);
  const t1 = schedule.next(earliest);
  const t2 = t1 === undefined ? undefined : schedule.next(t1);
  if (t1 === undefined || now < t1) return { earliest, missed: 'none' };
  if (t2 === undefined || now < t2) return { earliest, time: t1, missed: 'none' };
  // Two or more runs were missed: jump close to now instead of stepping through them all.
  const between = Math.round((t2 - t1) / 1000);
  if (between < 1) return { earliest, missed: 'none', error: 'time difference between two schedules is less than 1 second' };
  const missedCount = Math.floor((now - t1) / 1000 / between) + 1;
  let mostRecent: number | undefined;
  for (let t = schedule.next(t1 + (missedCount - 2) * between * 1000); t !== undefined && t <= now; t = schedule.next(t)) mostRecent = t;
  const missed = missedCount > 100 ? 'many' : 'few';
  return mostRecent === undefined ? { earliest, missed } : { earliest, time: mostRecent, missed };
}

/** How long after `now` the next run is due (plus nextScheduleDelta). */
export function nextScheduleDelay(cronJob: CronJob, now: number, schedule: CronSchedule): number | undefined {
  const recent = mostRecentScheduleTime(cronJob, now, schedule, false);
  const from = recent.error !== undefined ? now : (recent.time ?? (recent.missed === 'none' ? recent.earliest : now));
  const next = schedule.next(from);
  return next === undefined ? undefined : next + nextScheduleDeltaMs - now;
}

/** "<cronjob>-<scheduled time in minutes since the epoch>". */
export function jobNameFor(cronJobName: string, scheduledTime: number): string {
  return `${cronJobName}-${Math.floor(scheduledTime / 60_000)}`;
}
