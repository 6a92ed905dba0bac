// The Job and CronJob controllers' rules on their own: completed-index ranges as kube writes
// them, podFailurePolicy and successPolicy matching, the pod failure back-off, and the CronJob's
// missed-schedule arithmetic.

import test from 'ava';
import type { CronJob } from '@capstan/common/api-types/batch-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { parseCronSchedule } from '../src/cronjob/cron-schedule.ts';
import { jobNameFor, mostRecentScheduleTime, nextScheduleDelay } from '../src/cronjob/schedule-times.ts';
import { formatIntervals, parseIndexes, withIndexes } from '../src/job/completed-indexes.ts';
import { remainingBackoffMs } from '../src/job/pod-failure-backoff.ts';
import { matchPodFailurePolicy } from '../src/job/pod-failure-policy.ts';
import { matchSuccessPolicy } from '../src/job/success-policy.ts';

test('completed indexes are written as kube writes them: runs of three or more with a dash', (t) => {
  t.is(formatIntervals(withIndexes([], [4, 0, 1, 2])), '0-2,4');
  t.is(formatIntervals(withIndexes([], [1, 2, 7])), '1,2,7');
  t.is(formatIntervals(withIndexes(parseIndexes('0-2,4', 10), [3])), '0-4');
  t.deepEqual(parseIndexes('1,3-5,9,12', 10), [
    { first: 1, last: 1 },
    { first: 3, last: 5 },
    { first: 9, last: 9 },
  ]);
});

function failedPod(exitCode: number, conditions: { type: string; status: string }[] = []): Pod {
  return {
    metadata: { namespace: 'ns', name: 'p' },
    status: { phase: 'Failed', conditions, containerStatuses: [{ name: 'main', image: 'x', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode } } }] },
  } as Pod;
}

test('podFailurePolicy: the first matching rule decides, with kube messages', (t) => {
  const policy = {
    rules: [
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] },
      { action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } },
      { action: 'Count', onExitCodes: { operator: 'NotIn', values: [42] } },
    ],
  };
  t.deepEqual(matchPodFailurePolicy(policy, failedPod(42, [{ type: 'DisruptionTarget', status: 'True' }])), { countFailed: false, action: 'Ignore' });
  t.deepEqual(matchPodFailurePolicy(policy, failedPod(42)), {
    countFailed: true,
    action: 'FailJob',
    failJobMessage: 'Container main for pod ns/p failed with exit code 42 matching FailJob rule at index 1',
  });
  t.deepEqual(matchPodFailurePolicy(policy, failedPod(1)), { countFailed: true, action: 'Count' });
  t.deepEqual(matchPodFailurePolicy(policy, failedPod(0)), { countFailed: true }, 'exit code 0 matches no exit-code rule');
  t.deepEqual(matchPodFailurePolicy(undefined, failedPod(1)), { countFailed: true });
});

test('successPolicy: succeededIndexes, succeededCount within them, or a bare count', (t) => {
  const done = parseIndexes('0-2,5', 10);
  t.is(matchSuccessPolicy({ rules: [{ succeededIndexes: '0,1' }] }, 10, done), 'Matched rules at index 0');
  t.is(matchSuccessPolicy({ rules: [{ succeededIndexes: '3-9' }, { succeededIndexes: '4-9', succeededCount: 1 }] }, 10, done), 'Matched rules at index 1');
  t.is(matchSuccessPolicy({ rules: [{ succeededCount: 5 }] }, 10, done), undefined);
  t.is(matchSuccessPolicy({ rules: [{ succeededCount: 4 }] }, 10, done), 'Matched rules at index 0');
});

test('pod failure back-off: 10 s after the first failure, doubling, at most 10 minutes', (t) => {
  t.is(remainingBackoffMs(0, undefined, 0), 0);
  t.is(remainingBackoffMs(1, 1000, 1000), 10_000);
  t.is(remainingBackoffMs(3, 1000, 6000), 35_000);
  t.is(remainingBackoffMs(20, 0, 0), 600_000);
  t.is(remainingBackoffMs(1, 0, 20_000), 0);
});

test('a CronJob that missed over 100 runs counts as many missed, and its next run is the next minute', (t) => {
  const schedule = parseCronSchedule('* * * * *', 'UTC');
  const created = Date.parse('2026-11-29T00:00:30Z');
  const cronJob: CronJob = { metadata: { name: 'c', creationTimestamp: '2026-11-29T00:00:30Z' }, spec: { schedule: '* * * * *', jobTemplate: {} } };
  const now = created + 3 * 3_600_000;
  const recent = mostRecentScheduleTime(cronJob, now, schedule, true);
  t.is(recent.missed, 'many');
  t.is(new Date(recent.time ?? 0).toISOString(), '2026-11-29T03:00:00.000Z');
  t.is(nextScheduleDelay(cronJob, now, schedule), 30_000 + 100);
  // With a 2-minute starting deadline only the runs since then count.
  const withDeadline = mostRecentScheduleTime({ ...cronJob, spec: { ...cronJob.spec, schedule: '* * * * *', jobTemplate: {}, startingDeadlineSeconds: 120 } }, now, schedule, true);
  t.is(withDeadline.missed, 'few');
  t.is(jobNameFor('c', recent.time ?? 0), `c-${Date.parse('2026-11-29T03:00:00Z') / 60_000}`);
});
