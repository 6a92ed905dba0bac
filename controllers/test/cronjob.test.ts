// The CronJob controller as kube-controller-manager 1.35's: Jobs named after the scheduled minute
// with the scheduled-timestamp annotation, status.active/lastScheduleTime/lastSuccessfulTime,
// concurrencyPolicy Forbid, the history limits, and kube's events. Its clock runs 60 times faster
// than real time here, so that a `* * * * *` schedule fires every second.

import test from 'ava';
import type { CronJob, Job } from '@capstan/common/api-types/batch-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { acceleratedClock } from '../src/cronjob/controller-clock.ts';
import { cronJobControllerWith } from '../src/cronjob/index.ts';
import { jobController } from '../src/job/index.ts';
import { eventually, kubectl } from './controller-fixture.ts';
import { cronJobs, eventsOf, type JobCluster, jobs, startJobCluster, waitForJobCondition } from './job-fixture.ts';
import type { PodOutcome } from './simulated-pod-runner.ts';

/** Pods of the CronJob "sleeper" run on; the others succeed at once. */
function outcome(pod: Pod): PodOutcome {
  return pod.metadata?.labels?.app === 'sleeper' ? 'run' : { exitCode: 0 };
}

function cronJobManifest(name: string, spec: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name },
    spec: {
      schedule: '* * * * *',
      jobTemplate: {
        metadata: { labels: { app: name } },
        spec: { template: { metadata: { labels: { app: name } }, spec: { restartPolicy: 'Never', containers: [{ name: 'work', image: 'busybox', command: ['true'] }] } } },
      },
      ...spec,
    },
  };
}

async function start(t: Parameters<typeof startJobCluster>[0]): Promise<JobCluster> {
  return startJobCluster(t, [jobController, cronJobControllerWith(acceleratedClock(60))], outcome);
}

const cronJobOf = (cluster: JobCluster, name: string) => cluster.client.get<CronJob>({ ...cronJobs, namespace: cluster.namespace, name });
const jobsOf = async (cluster: JobCluster, name: string): Promise<Job[]> =>
  (await cluster.client.list<Job>({ ...jobs, namespace: cluster.namespace })).items.filter((job) => job.metadata?.ownerReferences?.[0]?.name === name);

test('a CronJob fires on its schedule, its Jobs complete, and only successfulJobsHistoryLimit of them are kept', async (t) => {
  const cluster = await start(t);
  await cluster.client.create({ ...cronJobs, namespace: cluster.namespace }, cronJobManifest('tick', { successfulJobsHistoryLimit: 2 }));
  const first = await eventually('the first job', async () => (await jobsOf(cluster, 'tick'))[0]);
  const scheduled = first.metadata?.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp'] ?? '';
  t.regex(scheduled, /^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
  t.is(first.metadata?.name, `tick-${Date.parse(scheduled) / 60_000}`);
  t.like(first.metadata?.ownerReferences?.[0], { apiVersion: 'batch/v1', kind: 'CronJob', name: 'tick', controller: true, blockOwnerDeletion: true });
  t.is(first.metadata?.labels?.app, 'tick');
  await waitForJobCondition(cluster, first.metadata?.name ?? '', 'Complete');

  // Runs go on; the oldest finished ones are deleted down to the limit.
  const events = await eventually(
    'a finished job deleted',
    async () => {
      const found = await eventsOf(cluster, 'CronJob', 'tick');
      return found.some((e) => e.startsWith('Normal SuccessfulDelete: Deleted job tick-')) ? found : undefined;
    },
    60_000,
  );
  t.true(events.includes(`Normal SuccessfulCreate: Created job ${first.metadata?.name}`));
  t.true(events.includes(`Normal SawCompletedJob: Saw completed job: ${first.metadata?.name}, condition: Complete`));
  const finished = (await jobsOf(cluster, 'tick')).filter((job) => job.status?.conditions?.some((c) => c.type === 'Complete'));
  t.true(finished.length <= 3, `at most the limit (and one finishing) kept, saw ${finished.length}`);
  const cronJob = await cronJobOf(cluster, 'tick');
  t.truthy(cronJob.status?.lastScheduleTime);
  t.truthy(cronJob.status?.lastSuccessfulTime);
});

test('concurrencyPolicy Forbid starts no second Job while one runs', async (t) => {
  const cluster = await start(t);
  await cluster.client.create({ ...cronJobs, namespace: cluster.namespace }, cronJobManifest('sleeper', { concurrencyPolicy: 'Forbid' }));
  const first = await eventually('the first job', async () => (await jobsOf(cluster, 'sleeper'))[0]);
  await eventually('a run skipped', async () =>
    (await eventsOf(cluster, 'CronJob', 'sleeper')).includes('Normal JobAlreadyActive: Not starting job because prior execution is running and concurrency policy is Forbid')
      ? true
      : undefined,
  );
  const all = await jobsOf(cluster, 'sleeper');
  t.deepEqual(
    all.map((job) => job.metadata?.name),
    [first.metadata?.name],
  );
  const cronJob = await cronJobOf(cluster, 'sleeper');
  t.deepEqual(
    cronJob.status?.active?.map((reference) => [reference.kind, reference.name, reference.uid, reference.apiVersion]),
    [['Job', first.metadata?.name, first.metadata?.uid, 'batch/v1']],
  );
  // kubectl prints the active count (LAST SCHEDULE is "<invalid>": the faster clock schedules in the future).
  const table = await kubectl(cluster, 'get', 'cronjobs', '-n', cluster.namespace);
  t.regex(table, /\nsleeper\s+\* \* \* \* \*\s+<none>\s+False\s+1\s+\S+\s+\d+s\s/);
});

test('kubectl create job --from=cronjob makes a Job of its template that runs to completion', async (t) => {
  const cluster = await start(t);
  await cluster.client.create({ ...cronJobs, namespace: cluster.namespace }, cronJobManifest('manual', { suspend: true }));
  await kubectl(cluster, 'create', 'job', 'manual-now', '--from=cronjob/manual', '-n', cluster.namespace);
  const job = await waitForJobCondition(cluster, 'manual-now', 'Complete');
  t.is(job.metadata?.annotations?.['cronjob.kubernetes.io/instantiate'], 'manual');
  t.is(job.metadata?.ownerReferences?.[0]?.name, 'manual');
  // Suspended: it never schedules a run of its own, and kube's controller leaves the manual Job be.
  t.deepEqual(
    (await jobsOf(cluster, 'manual')).map((j) => j.metadata?.name),
    ['manual-now'],
  );
  const table = await kubectl(cluster, 'get', 'jobs', '-n', cluster.namespace);
  t.deepEqual(table.trim().split('\n')[1]?.split(/\s+/).slice(0, 3), ['manual-now', 'Complete', '1/1']);
});
