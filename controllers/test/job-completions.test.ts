// The Job controller runs a Job's pods to its completions, never more than parallelism at once,
// counting each finished pod through status.uncountedTerminatedPods before removing its
// batch.kubernetes.io/job-tracking finalizer, and ends with SuccessCriteriaMet then Complete, as
// kube-controller-manager 1.35 does.

import test from 'ava';
import { jobController } from '../src/job/index.ts';
import { eventually, kubectl } from './controller-fixture.ts';
import { createJob, eventsOf, getJob, jobManifest, podsOfJob, startJobCluster, waitForJobCondition } from './job-fixture.ts';

test('a Job of 5 completions with parallelism 2 completes, never running more than 2 pods', async (t) => {
  const cluster = await startJobCluster(t, [jobController], () => ({ exitCode: 0 }));
  await createJob(cluster, jobManifest('five', { completions: 5, parallelism: 2 }));
  const job = await waitForJobCondition(cluster, 'five', 'Complete');
  t.true(cluster.runner.maxRunning <= 2, `at most 2 pods ran at once, saw ${cluster.runner.maxRunning}`);
  const status = job.status ?? {};
  t.is(status.succeeded, 5);
  t.is(status.active, undefined);
  t.is(status.ready, 0);
  t.is(status.terminating, 0);
  t.deepEqual(status.uncountedTerminatedPods, {});
  t.truthy(status.startTime);
  t.truthy(status.completionTime);
  // kube writes the interim SuccessCriteriaMet first, then Complete with the same reason.
  t.deepEqual(
    status.conditions?.map((c) => [c.type, c.status, c.reason, c.message]),
    [
      ['SuccessCriteriaMet', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods'],
      ['Complete', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods'],
    ],
  );
  t.is(status.completionTime, status.conditions?.[1]?.lastTransitionTime ?? undefined);
  const pods = await podsOfJob(cluster, 'five');
  t.is(pods.length, 5);
  for (const pod of pods) {
    t.deepEqual(pod.metadata?.finalizers ?? [], [], 'every counted pod lost its tracking finalizer');
    t.is(pod.metadata?.ownerReferences?.[0]?.kind, 'Job');
  }
  const events = await eventually('the Completed event', async () => {
    const found = await eventsOf(cluster, 'Job', 'five');
    return found.includes('Normal Completed: Job completed') ? found : undefined;
  });
  t.is(events.filter((e) => e.startsWith('Normal SuccessfulCreate: Created pod: five-')).length, 5);
});

test('kubectl create job runs it and kubectl get jobs prints Complete with 1/1 completions', async (t) => {
  const cluster = await startJobCluster(t, [jobController], () => ({ exitCode: 0 }));
  await kubectl(cluster, 'create', 'job', 'hello', '--image=busybox', '-n', cluster.namespace, '--', 'echo', 'hi');
  await waitForJobCondition(cluster, 'hello', 'Complete');
  const table = await kubectl(cluster, 'get', 'jobs', '-n', cluster.namespace);
  const [header, row] = table.trim().split('\n');
  t.deepEqual(header?.split(/\s+/), ['NAME', 'STATUS', 'COMPLETIONS', 'DURATION', 'AGE']);
  t.deepEqual(row?.split(/\s+/).slice(0, 3), ['hello', 'Complete', '1/1']);
});

test('an Indexed Job runs one pod per index and reports status.completedIndexes', async (t) => {
  const failedOnce = new Set<string>();
  const cluster = await startJobCluster(t, [jobController], (pod) => ({
    // Index 3 fails once; its replacement succeeds.
    exitCode: pod.metadata?.annotations?.['batch.kubernetes.io/job-completion-index'] === '3' && !failedOnce.has('3') ? (failedOnce.add('3'), 1) : 0,
  }));
  await createJob(cluster, jobManifest('indexed', { completions: 4, parallelism: 4, completionMode: 'Indexed' }));
  const partial = await eventually('indexes 0-2 completed', async () => {
    const job = await getJob(cluster, 'indexed');
    return job.status?.completedIndexes === '0-2' && job.status.failed === 1 ? job : undefined;
  });
  t.is(partial.status?.succeeded, 3);
  // The replacement of index 3 waits out the 10 s failure back-off.
  const job = await waitForJobCondition(cluster, 'indexed', 'Complete', 40_000);
  t.is(job.status?.completedIndexes, '0-3');
  t.is(job.status?.succeeded, 4);
  t.is(job.status?.failed, 1);
  const pods = await podsOfJob(cluster, 'indexed');
  const byIndex = pods.map((pod) => pod.metadata?.labels?.['batch.kubernetes.io/job-completion-index']).sort();
  t.deepEqual(byIndex, ['0', '1', '2', '3', '3']);
  for (const pod of pods) {
    const index = pod.metadata?.annotations?.['batch.kubernetes.io/job-completion-index'];
    t.is(pod.spec?.hostname, `indexed-${index}`);
    t.true(pod.metadata?.name?.startsWith(`indexed-${index}-`));
    t.deepEqual(pod.spec?.containers[0]?.env?.find((e) => e.name === 'JOB_COMPLETION_INDEX')?.valueFrom, {
      fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['batch.kubernetes.io/job-completion-index']" },
    });
  }
});

test('a Job managed by another controller (spec.managedBy) is left alone', async (t) => {
  const cluster = await startJobCluster(t, [jobController], () => ({ exitCode: 0 }));
  await createJob(cluster, jobManifest('elsewhere', { managedBy: 'example.com/batch-runner' }));
  // A Job created after it completes: by then the controller has passed over the first.
  await createJob(cluster, jobManifest('here'));
  await waitForJobCondition(cluster, 'here', 'Complete');
  const elsewhere = await getJob(cluster, 'elsewhere');
  t.deepEqual(elsewhere.status ?? {}, {});
  t.deepEqual(await podsOfJob(cluster, 'elsewhere'), []);
});
