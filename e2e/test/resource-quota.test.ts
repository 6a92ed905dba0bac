// ResourceQuota and LimitRange through kubectl, with `capstan controllers` running the
// resourcequota-controller: a quota of 2 pods stops the 3rd with kube's message, the controller
// gives back what a deleted pod used and a new pod fits; a LimitRange gives a pod's container the
// default requests and limits (kubectl get -o yaml shows them) and refuses a limit over its max.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { startControllers } from '../src/controllers-process.ts';
import { kubectlApply } from '../src/kubectl-apply.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

test('a quota of two pods stops the third; once one is deleted the controller frees its share and a new pod fits', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const controllers = startControllers(server.kubeconfig, ['--leader-elect=false', '--controllers=resourcequota']);
  t.teardown(() => controllers.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  await kubectl('create', 'namespace', 'team');
  t.is((await kubectl('-n', 'team', 'create', 'quota', 'q', '--hard=pods=2')).stdout, 'resourcequota/q created\n');
  // The quota limits once the controller has written its status (a watch; the process start is most of the wait).
  await kubectl('-n', 'team', 'wait', '--for=jsonpath={.status.used.pods}=0', 'resourcequota/q', '--timeout=120s');
  await kubectl('-n', 'team', 'run', 'p1', '--image=nginx');
  await kubectl('-n', 'team', 'run', 'p2', '--image=nginx');
  const refused = await kubectl('-n', 'team', 'run', 'p3', '--image=nginx').then(
    () => undefined,
    (error: { stderr: string }) => error.stderr,
  );
  t.is(refused, 'Error from server (Forbidden): pods "p3" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2\n');
  t.regex((await kubectl('-n', 'team', 'describe', 'quota', 'q')).stdout, /pods\s+2\s+2/);

  await kubectl('-n', 'team', 'delete', 'pod', 'p1');
  await kubectl('-n', 'team', 'wait', '--for=jsonpath={.status.used.pods}=1', 'resourcequota/q', '--timeout=60s');
  t.is((await kubectl('-n', 'team', 'run', 'p3', '--image=nginx')).stdout, 'pod/p3 created\n');
  t.is((await kubectl('-n', 'team', 'get', 'quota', 'q', '-o', 'jsonpath={.status.used.pods}')).stdout, '2');
});

test('a LimitRange gives containers default requests and limits, and refuses a limit over its maximum', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const limitRange = {
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: { name: 'defaults', namespace: 'default' },
    spec: { limits: [{ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '250m', memory: '128Mi' }, max: { cpu: '1' } }] },
  };
  t.is((await kubectlApply(server.kubeconfig, limitRange)).output, 'limitrange/defaults created\n');
  await kubectl('run', 'web', '--image=nginx');
  const yaml = (await kubectl('get', 'pod', 'web', '-o', 'yaml')).stdout;
  t.true(yaml.includes('    resources:\n      limits:\n        cpu: 500m\n        memory: 256Mi\n      requests:\n        cpu: 250m\n        memory: 128Mi\n'), yaml);
  t.true(yaml.includes("    kubernetes.io/limit-ranger: 'LimitRanger plugin set: cpu, memory request for container\n      web; cpu, memory limit for container web'\n"), yaml);

  const big = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'big', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '2' } } }] },
  };
  const refused = await kubectlApply(server.kubeconfig, big);
  t.not(refused.code, 0);
  t.is(refused.output, 'Error from server (Forbidden): error when creating "STDIN": pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2\n');
});
