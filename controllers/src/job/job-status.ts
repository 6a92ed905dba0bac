// The Job status the controller works on during one sync (a mutable copy of the stored one), and
// the status it writes back, with kube's empty fields left out as its JSON leaves them out.

import type { Job, JobStatus } from '@capstan/common/api-types/batch-v1';
import type { MutableCondition } from './job-conditions.ts';

export interface WorkingStatus {
  conditions: MutableCondition[];
  startTime?: string;
  completionTime?: string;
  active: number;
  succeeded: number;
  failed: number;
  terminating?: number;
  ready?: number;
  completedIndexes: string;
  failedIndexes?: string;
  uncountedSucceeded: string[];
  uncountedFailed: string[];
}

export function workingStatus(job: Job): WorkingStatus {
  const status = job.status ?? {};
  return {
    conditions: (status.conditions ?? []).map((condition) => ({ ...condition })),
    ...(status.startTime ? { startTime: status.startTime } : {}),
    ...(status.completionTime ? { completionTime: status.completionTime } : {}),
    active: status.active ?? 0,
    succeeded: status.succeeded ?? 0,
    failed: status.failed ?? 0,
    ...(status.terminating === undefined ? {} : { terminating: status.terminating }),
    ...(status.ready === undefined ? {} : { ready: status.ready }),
    completedIndexes: status.completedIndexes ?? '',
    ...(status.failedIndexes === undefined ? {} : { failedIndexes: status.failedIndexes }),
    uncountedSucceeded: [...(status.uncountedTerminatedPods?.succeeded ?? [])],
    uncountedFailed: [...(status.uncountedTerminatedPods?.failed ?? [])],
  };
}

export function apiStatus(status: WorkingStatus): JobStatus {
  return {
    ...(status.conditions.length > 0 ? { conditions: status.conditions } : {}),
    ...(status.startTime ? { startTime: status.startTime } : {}),
    ...(status.completionTime ? { completionTime: status.completionTime } : {}),
    ...(status.active ? { active: status.active } : {}),
    ...(status.succeeded ? { succeeded: status.succeeded } : {}),
    ...(status.failed ? { failed: status.failed } : {}),
    ...(status.terminating === undefined ? {} : { terminating: status.terminating }),
    ...(status.completedIndexes ? { completedIndexes: status.completedIndexes } : {}),
    ...(status.failedIndexes === undefined ? {} : { failedIndexes: status.failedIndexes }),
    uncountedTerminatedPods: {
      ...(status.uncountedSucceeded.length > 0 ? { succeeded: status.uncountedSucceeded } : {}),
      ...(status.uncountedFailed.length > 0 ? { failed: status.uncountedFailed } : {}),
    },
    ...(status.ready === undefined ? {} : { ready: status.ready }),
  };
}
