// A Job's conditions as the Job controller writes them and as the CronJob and TTL-after-finished
// controllers read them: a Job is finished once Complete or Failed is True.

import type { Job, JobCondition } from '@capstan/common/api-types/batch-v1';
import { metaTime } from '@capstan/common';

export type MutableCondition = { -readonly [K in keyof JobCondition]: JobCondition[K] };

export function newJobCondition(type: string, status: string, reason: string, message: string, now: number): MutableCondition {
  const time = metaTime(now);
  return { type, status, lastProbeTime: time, lastTransitionTime: time, reason, message };
}

export function findCondition<C extends JobCondition>(conditions: readonly C[] | undefined, type: string): C | undefined {
  return conditions?.find((condition) => condition.type === type);
}

/** The True Complete or Failed condition of a finished Job. */
export function finishedCondition(job: Job): JobCondition | undefined {
  return job.status?.conditions?.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

export function isJobFinished(job: Job): boolean {
  return finishedCondition(job) !== undefined;
}

export function isJobSucceeded(job: Job): boolean {
  return job.status?.conditions?.some((c) => c.type === 'Complete' && c.status === 'True') === true;
}

/**
 * ensureJobConditionStatus: sets the condition (a new transition time when anything changed);
 * a False condition is never added, only changed to. Answers whether the list changed.
 */
export function ensureCondition(conditions: MutableCondition[], type: string, status: string, reason: string, message: string, now: number): boolean {
  const index = conditions.findIndex((c) => c.type === type);
  const existing = conditions[index];
  if (existing !== undefined) {
    if (existing.status === status && existing.reason === reason && existing.message === message) return false;
    conditions[index] = newJobCondition(type, status, reason, message, now);
    return true;
  }
  if (status === 'False') return false;
  conditions.push(newJobCondition(type, status, reason, message, now));
  return true;
}
