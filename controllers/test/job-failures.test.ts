// How a Job fails and pauses, as kube-controller-manager 1.35's job-controller has it: past
// backoffLimit (BackoffLimitExceeded), by a podFailurePolicy FailJob rule on an exit code
// (PodFailurePolicy), past activeDeadlineSeconds (DeadlineExceeded), each first as FailureTarget
// then Failed with the same reason; suspend deletes the pods and resume starts them again.

import test from 'ava';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { jobController } from '../src/job/index.ts';
import type { PodOutcome } from './simulated-pod-runner.ts';
import { eventually } from './controller-fixture.ts';
import { createJob, eventsOf, getJob, jobManifest, jobs, podsOfJob, startJobCluster, waitForJobCondition } from './job-fixture.ts';

/** Pods of Job "fails" exit 1, of "policy" 42; the others run until deleted. */
function outcome(pod: Pod): PodOutcome {
  const job = pod.metadata?.labels?.['batch.kubernetes.io/job-name'];
  if (job === 'fails') return { exitCode: 1 };
  if (job === 'policy') return { exitCode: 42 };
  return 'run';
}

const conditionsOf = (job: Awaited<ReturnType<typeof getJob>>) => job.status?.conditions?.map((c) => [c.type, c.status, c.reason, c.message]);

test('a Job past its backoffLimit fails with BackoffLimitExceeded', async (t) => {
  const cluster = await startJobCluster(t, [jobController], outcome);
  await createJob(cluster, jobManifest('fails', { completions: 2, parallelism: 2, backoffLimit: 1 }, ['false']));
  const job = await waitForJobCondition(cluster, 'fails', 'Failed', 40_000);
  t.deepEqual(conditionsOf(job), [
    ['FailureTarget', 'True', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
    ['Failed', 'True', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
  ]);
  t.is(job.status?.failed, 2);
  t.is(job.status?.completionTime, undefined);
  t.deepEqual(job.status?.uncountedTerminatedPods, {});
  const events = await eventually('the BackoffLimitExceeded event', async () => {
    const found = await eventsOf(cluster, 'Job', 'fails');
    return found.includes('Warning BackoffLimitExceeded: Job has reached the specified backoff limit') ? found : undefined;
  });
  t.false(events.some((e) => e.includes('Completed')));
});

test('a podFailurePolicy FailJob rule on the exit code fails the Job at once', async (t) => {
  const cluster = await startJobCluster(t, [jobController], outcome);
  await createJob(
    cluster,
    jobManifest('policy', {
      backoffLimit: 6,
      podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { containerName: 'work', operator: 'In', values: [42] } }] },
    }),
  );
  const job = await waitForJobCondition(cluster, 'policy', 'Failed');
  const [pod] = await podsOfJob(cluster, 'policy');
  const message = `Container work for pod jobs/${pod?.metadata?.name} failed with exit code 42 matching FailJob rule at index 0`;
  t.deepEqual(conditionsOf(job), [
    ['FailureTarget', 'True', 'PodFailurePolicy', message],
    ['Failed', 'True', 'PodFailurePolicy', message],
  ]);
  t.is(job.status?.failed, 1);
  t.is((await podsOfJob(cluster, 'policy')).length, 1, 'no retry after a FailJob rule');
});

test('a Job active past activeDeadlineSeconds fails with DeadlineExceeded and its pods are deleted', async (t) => {
  const cluster = await startJobCluster(t, [jobController], outcome);
  await createJob(cluster, jobManifest('slow', { activeDeadlineSeconds: 3, parallelism: 2, completions: 2 }, ['sleep', '3600']));
  await eventually('two running pods', async () => ((await getJob(cluster, 'slow')).status?.active === 2 ? true : undefined));
  const job = await waitForJobCondition(cluster, 'slow', 'Failed');
  t.deepEqual(conditionsOf(job), [
    ['FailureTarget', 'True', 'DeadlineExceeded', 'Job was active longer than specified deadline'],
    ['Failed', 'True', 'DeadlineExceeded', 'Job was active longer than specified deadline'],
  ]);
  t.is(job.status?.active, undefined);
  t.is(job.status?.failed, 2, 'the deleted running pods count as failed');
  await eventually('the pods gone', async () => ((await podsOfJob(cluster, 'slow')).length === 0 ? true : undefined));
  t.true((await eventsOf(cluster, 'Job', 'slow')).includes('Warning DeadlineExceeded: Job was active longer than specified deadline'));
});

test('a suspended Job runs no pods; resumed it starts them, suspended again they are deleted', async (t) => {
  const cluster = await startJobCluster(t, [jobController], outcome);
  await createJob(cluster, jobManifest('paused', { suspend: true, parallelism: 2, completions: 4 }, ['sleep', '3600']));
  const suspended = await waitForJobCondition(cluster, 'paused', 'Suspended');
  t.deepEqual(conditionsOf(suspended), [['Suspended', 'True', 'JobSuspended', 'Job suspended']]);
  t.is(suspended.status?.startTime, undefined);
  t.is((await podsOfJob(cluster, 'paused')).length, 0);

  const target = { ...jobs, namespace: cluster.namespace, name: 'paused' };
  await cluster.client.patch(target, { spec: { suspend: false } }, { type: 'merge' });
  const resumed = await eventually('two active pods', async () => {
    const job = await getJob(cluster, 'paused');
    return job.status?.active === 2 ? job : undefined;
  });
  t.deepEqual(conditionsOf(resumed), [['Suspended', 'False', 'JobResumed', 'Job resumed']]);
  t.truthy(resumed.status?.startTime);

  await cluster.client.patch(target, { spec: { suspend: true } }, { type: 'merge' });
  const again = await eventually('the pods deleted', async () => {
    const job = await getJob(cluster, 'paused');
    return job.status?.active === undefined && job.status?.conditions?.[0]?.status === 'True' && (await podsOfJob(cluster, 'paused')).length === 0 ? job : undefined;
  });
  t.deepEqual(conditionsOf(again), [['Suspended', 'True', 'JobSuspended', 'Job suspended']]);
  const events = await eventsOf(cluster, 'Job', 'paused');
  // The second Suspended repeats the first: the recorder counts it on the same Event.
  t.deepEqual(
    events.filter((e) => /Suspended|Resumed/.test(e)),
    ['Normal Suspended: Job suspended', 'Normal Resumed: Job resumed'],
  );
  t.is(events.filter((e) => e.startsWith('Normal SuccessfulDelete: Deleted pod: paused-')).length, 2);
});
