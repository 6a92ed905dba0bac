// Batch and stateful workloads on `capstan up`, driven by kubectl as a user drives them, with the
// simulated runtime running the pods' commands: Jobs (plain and Indexed) complete with their
// logs, a CronJob fires a Job that completes, a StatefulSet comes up in order with each claim bound
// by the default StorageClass. (Deployments, ReplicaSets, DaemonSets, endpoints and drain have
// their own e2e tests.)

import test, { type ExecutionContext } from 'ava';
import { eventually } from '../../common/test/eventually.ts';
import { startUp, type UpProcess } from '../src/up-process.ts';

let up: UpProcess;
/** Rollouts, Jobs and CronJobs move at the controllers' own pace: waits are on what kubectl sees, bounded generously. */
const waitMs = 150_000;

test.before(async () => {
  up = startUp();
  await up.line(/^Capstan is ready/);
  await up.line(/^node .* is Ready$/);
});

test.after.always(async () => {
  await up?.stop('SIGKILL');
});

async function apply(manifest: string): Promise<void> {
  const { execFile } = await import('node:child_process');
  const { kubectlBinary } = await import('../src/kubectl-binary.ts');
  await new Promise<void>((resolve, reject) => {
    const child = execFile(kubectlBinary(), ['apply', '-f', '-'], { env: { ...process.env, KUBECONFIG: up.kubeconfig } }, (error) => (error ? reject(error) : resolve()));
    child.stdin?.end(manifest);
  });
}

const jsonOf = async <T>(...args: string[]): Promise<T> => JSON.parse(await up.kubectl(...args, '-o', 'json')) as T;

function long(t: ExecutionContext): void {
  t.timeout(waitMs * 2);
}

test.serial('a Job of 5 completions with parallelism 2 completes, and an Indexed Job lists its completed indexes', async (t) => {
  long(t);
  await apply(`apiVersion: batch/v1
kind: Job
metadata: {name: five}
spec:
  completions: 5
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers: [{name: work, image: busybox, command: [sh, -c, "echo done"]}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: indexed}
spec:
  completions: 3
  parallelism: 3
  completionMode: Indexed
  template:
    spec:
      restartPolicy: Never
      containers: [{name: work, image: busybox, command: [sh, -c, "echo index $JOB_COMPLETION_INDEX"]}]
`);
  await up.kubectl('wait', '--for=condition=Complete', 'job/five', 'job/indexed', `--timeout=${waitMs / 1000}s`);
  const five = await jsonOf<{ status: { succeeded: number; failed?: number } }>('get', 'job', 'five');
  t.is(five.status.succeeded, 5);
  t.regex(await up.kubectl('get', 'job', 'five', '--no-headers'), /^five\s+Complete\s+5\/5\s+/);
  t.is(await up.kubectl('get', 'job', 'indexed', '-o', 'jsonpath={.status.completedIndexes}'), '0-2');
  const pod = await jsonOf<{ items: { metadata: { name: string } }[] }>('get', 'pods', '-l', 'batch.kubernetes.io/job-completion-index=1,job-name=indexed');
  t.is(await up.kubectl('logs', pod.items[0]?.metadata.name ?? ''), 'index 1\n');
});

test.serial('a CronJob on every minute fires a Job that completes', async (t) => {
  long(t);
  await up.kubectl('create', 'cronjob', 'tick', '--image=busybox', '--schedule=* * * * *', '--', 'echo', 'tick');
  type Job = { metadata: { name: string; ownerReferences?: { kind: string; name: string }[] } };
  const job = await eventually(
    'a Job of the CronJob',
    async () => (await jsonOf<{ items: Job[] }>('get', 'jobs')).items.find((j) => j.metadata.ownerReferences?.some((o) => o.kind === 'CronJob' && o.name === 'tick')),
    waitMs,
  );
  await up.kubectl('wait', '--for=condition=Complete', `job/${job.metadata.name}`, `--timeout=${waitMs / 1000}s`);
  t.regex(await up.kubectl('get', 'cronjob', 'tick', '-o', 'jsonpath={.status.lastSuccessfulTime}'), /^\d{4}-\d\d-\d\dT/);
  await up.kubectl('delete', 'cronjob', 'tick');
});

test.serial('a StatefulSet scales up in order, each pod with its own bound claim', async (t) => {
  long(t);
  await apply(`apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: db
  replicas: 3
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      containers: [{name: db, image: registry.example/db:1, volumeMounts: [{name: data, mountPath: /data}]}]
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`);
  t.regex(await up.kubectl('rollout', 'status', 'statefulset/db', `--timeout=${waitMs / 1000}s`), /partitioned roll out complete|roll out complete/);
  const pods = await jsonOf<{ items: { metadata: { name: string; creationTimestamp: string } }[] }>('get', 'pods', '-l', 'app=db', '--sort-by=.metadata.creationTimestamp');
  t.deepEqual(
    pods.items.map((pod) => pod.metadata.name),
    ['db-0', 'db-1', 'db-2'],
  );
  const claims = await up.kubectl('get', 'pvc', '--no-headers', '-o', 'custom-columns=NAME:.metadata.name,STATUS:.status.phase');
  t.deepEqual(
    claims
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)),
    [
      ['data-db-0', 'Bound'],
      ['data-db-1', 'Bound'],
      ['data-db-2', 'Bound'],
    ],
  );
  await up.kubectl('delete', 'statefulset', 'db');
});
