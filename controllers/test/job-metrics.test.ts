// The job-controller's and cronjob-controller's STABLE metrics, read from the process's legacy
// registry as the controllers' /metrics serves them: a Job that completes and one that fails past
// its backoffLimit, counted by completion mode, result and reason; and the creation skew of the
// Jobs a CronJob starts.

import test from 'ava';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { legacyRegistry } from '@capstan/common/metrics';
import { acceleratedClock } from '../src/cronjob/controller-clock.ts';
import { cronJobControllerWith } from '../src/cronjob/index.ts';
import { jobController } from '../src/job/index.ts';
import { eventually } from './controller-fixture.ts';
import { cronJobs, createJob, jobManifest, startJobCluster, waitForJobCondition } from './job-fixture.ts';
import type { PodOutcome } from './simulated-pod-runner.ts';

/** Pods of Job "fails" exit 1; the others succeed. */
function outcome(pod: Pod): PodOutcome {
  return pod.metadata?.labels?.['batch.kubernetes.io/job-name'] === 'fails' ? { exitCode: 1 } : { exitCode: 0 };
}

/** Every sample of the exposition whose name is `name`, as [labels text, value]. */
async function samples(name: string): Promise<Map<string, number>> {
  const { body } = await legacyRegistry.expose(undefined);
  const found = new Map<string, number>();
  for (const line of body.split('\n')) {
    const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match?.[1] === name) found.set(match[2] ?? '', Number(match[3]));
  }
  return found;
}

async function helpOf(name: string): Promise<string | undefined> {
  const { body } = await legacyRegistry.expose(undefined);
  return body.split('\n').find((line) => line.startsWith(`# HELP ${name} `));
}

// One cluster per file would mix the Jobs' counts; the tests run one after the other and compare totals.
test.serial('a Job that completes is counted in the finished jobs and pods, its syncs by action', async (t) => {
  const cluster = await startJobCluster(t, [jobController], outcome);
  await createJob(cluster, jobManifest('indexed', { completions: 3, parallelism: 3, completionMode: 'Indexed' }));
  await waitForJobCondition(cluster, 'indexed', 'Complete');

  const finished = await eventually('the finished job counted', async () => {
    const found = await samples('job_controller_jobs_finished_total');
    return found.size > 0 ? found : undefined;
  });
  t.deepEqual([...finished], [['{completion_mode="Indexed",reason="CompletionsReached",result="succeeded"}', 1]]);
  const pods = await samples('job_controller_job_pods_finished_total');
  t.is(pods.get('{completion_mode="Indexed",result="succeeded"}'), 3);
  t.is(pods.get('{completion_mode="Indexed",result="failed"}'), 0);

  const syncs = await samples('job_controller_job_syncs_total');
  t.true((syncs.get('{action="pods_created",completion_mode="Indexed",result="success"}') ?? 0) >= 1, [...syncs.keys()].join(' '));
  t.true((syncs.get('{action="tracking",completion_mode="Indexed",result="success"}') ?? 0) >= 1);
  const total = [...syncs.values()].reduce((a, b) => a + b, 0);
  const durations = await samples('job_controller_job_sync_duration_seconds_count');
  t.is(
    [...durations.values()].reduce((a, b) => a + b, 0),
    total,
    'one duration per sync',
  );
  const buckets = await samples('job_controller_job_sync_duration_seconds_bucket');
  const les = [...buckets.keys()]
    .filter((labels) => labels.includes('action="pods_created",completion_mode="Indexed",result="success"'))
    .map((labels) => /le="([^"]+)"/.exec(labels)?.[1]);
  t.deepEqual(les, ['0.004', '0.008', '0.016', '0.032', '0.064', '0.128', '0.256', '0.512', '1.024', '2.048', '4.096', '8.192', '16.384', '32.768', '65.536', '+Inf']);
  t.is(await helpOf('job_controller_jobs_finished_total'), '# HELP job_controller_jobs_finished_total [STABLE] The number of finished jobs');
});

test.serial('a Job past its backoffLimit is counted as failed with BackoffLimitExceeded, and its failed pods', async (t) => {
  const cluster = await startJobCluster(t, [jobController], outcome);
  await createJob(cluster, jobManifest('fails', { completions: 2, parallelism: 2, backoffLimit: 1 }, ['false']));
  await waitForJobCondition(cluster, 'fails', 'Failed', 40_000);
  const finished = await eventually('the failed job counted', async () => {
    const found = await samples('job_controller_jobs_finished_total');
    return found.has('{completion_mode="NonIndexed",reason="BackoffLimitExceeded",result="failed"}') ? found : undefined;
  });
  t.is(finished.get('{completion_mode="NonIndexed",reason="BackoffLimitExceeded",result="failed"}'), 1);
  t.is(finished.get('{completion_mode="Indexed",reason="CompletionsReached",result="succeeded"}'), 1, "the first test's Job still counted");
  const pods = await samples('job_controller_job_pods_finished_total');
  t.is(pods.get('{completion_mode="NonIndexed",result="failed"}'), 2);
  t.is(pods.get('{completion_mode="NonIndexed",result="succeeded"}'), 0);
});

test.serial('each Job a CronJob creates is observed in cronjob_controller_job_creation_skew_duration_seconds', async (t) => {
  const cluster = await startJobCluster(t, [jobController, cronJobControllerWith(acceleratedClock(60))], outcome);
  // Registered when the controller starts, before its first Job.
  const help = await eventually('the metric registered', () => helpOf('cronjob_controller_job_creation_skew_duration_seconds'));
  t.is(help, '# HELP cronjob_controller_job_creation_skew_duration_seconds [STABLE] Time between when a cronjob is scheduled to be run, and when the corresponding job is created');
  t.is((await samples('cronjob_controller_job_creation_skew_duration_seconds_count')).get(''), 0);
  await cluster.client.create(
    { ...cronJobs, namespace: cluster.namespace },
    {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'tick' },
      spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'work', image: 'busybox' }] } } } } },
    },
  );
  const jobs = await eventually('two jobs of the CronJob', async () => {
    const list = await cluster.client.list({ group: 'batch', version: 'v1', resource: 'jobs', namespace: cluster.namespace });
    return list.items.length >= 2 ? list.items.length : undefined;
  });
  const count = await eventually('the jobs observed', async () => {
    const value = (await samples('cronjob_controller_job_creation_skew_duration_seconds_count')).get('') ?? 0;
    return value >= jobs ? value : undefined;
  });
  t.true(count >= 2);
  const buckets = [...(await samples('cronjob_controller_job_creation_skew_duration_seconds_bucket')).keys()].map((labels) => /le="([^"]+)"/.exec(labels)?.[1]);
  t.deepEqual(buckets, ['1', '2', '4', '8', '16', '32', '64', '128', '256', '512', '+Inf']);
});
