// What a user sees of the agent's pods through kubectl 1.35, against real processes (an API server,
// the simulated runtime, the agent): `kubectl set image` restarts the container with the new image,
// `kubectl exec cat /etc/hosts` shows the kubelet-managed hosts file, activeDeadlineSeconds ends a
// pod as DeadlineExceeded, and after the node restarts without its runtime's state a
// restartPolicy: Never pod is reported as ended, not ContainerCreating.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { agentAccess, startAgent, startRuntimeSim, type ManagedProcess } from '../src/node-agent-process.ts';

const run = promisify(execFile);
type Json = Record<string, any>;

const nodeName = 'kubectl-pods-node';
let server: ApiServerProcess;
let node: ManagedProcess[] = [];
const access = agentAccess();

const kubectl = async (...args: string[]): Promise<string> =>
  (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;
const podJson = async (name: string): Promise<Json> => JSON.parse(await kubectl('get', 'pod', name, '-o', 'json')) as Json;

/** A runtime-sim and an agent for the node, both new (a node restarted without its runtime's state). */
async function startNode(): Promise<void> {
  const runtime = await startRuntimeSim();
  node = [runtime, await startAgent({ kubeconfig: server.kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName, args: access.agentArgs })];
  await eventually(
    'the node to be Ready',
    async () => {
      const ready = await kubectl('get', 'node', nodeName, '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}').catch(() => '');
      return ready === 'True' ? true : undefined;
    },
    30_000,
  );
}

test.before(async () => {
  server = await startApiServer(access.apiServerArgs);
  await startNode();
});
test.after.always(async () => {
  await Promise.all(node.map((p) => p.stop()));
  await server?.stop();
  access.remove();
});

const runPod = (name: string, ...extra: string[]) => kubectl('run', name, '--image=busybox:1.36', `--overrides=${JSON.stringify({ spec: { nodeName } })}`, ...extra);
const waitRunning = (name: string) => eventually(`${name} to run`, async () => ((await podJson(name)).status?.containerStatuses?.[0]?.state?.running ? true : undefined), 30_000);

test.serial('kubectl set image restarts the container with the new image; kubectl exec shows the managed /etc/hosts', async (t) => {
  await runPod('web');
  await waitRunning('web');
  t.regex(await kubectl('set', 'image', 'pod/web', 'web=busybox:1.37'), /pod\/web image updated/);
  const status = await eventually(
    'the new image to run',
    async () => {
      const container = (await podJson('web')).status?.containerStatuses?.[0];
      return container?.image === 'busybox:1.37' && container.state?.running ? container : undefined;
    },
    30_000,
  );
  t.is(status.restartCount, 1);
  t.regex(await kubectl('get', 'pod', 'web', '--no-headers'), /^web\s+1\/1\s+Running\s+1 \(/);
  const killing = await kubectl('get', 'events', '--field-selector', 'involvedObject.name=web,reason=Killing', '-o', 'jsonpath={.items[*].message}');
  t.is(killing, 'Container web definition changed, will be restarted');

  const ip = (await podJson('web')).status.podIP as string;
  const hosts = await kubectl('exec', 'web', '--', 'cat', '/etc/hosts');
  t.true(hosts.startsWith('# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n'), hosts);
  t.true(hosts.endsWith(`${ip}\tweb\n`), hosts);
});

test.serial('a pod past its activeDeadlineSeconds shows DeadlineExceeded', async (t) => {
  await kubectl('run', 'deadline', '--image=busybox:1.36', `--overrides=${JSON.stringify({ spec: { nodeName, activeDeadlineSeconds: 2, terminationGracePeriodSeconds: 1 } })}`);
  const failed = await eventually(
    'the pod to fail',
    async () => {
      const pod = await podJson('deadline');
      return pod.status?.phase === 'Failed' ? pod : undefined;
    },
    30_000,
  );
  t.like(failed.status, { reason: 'DeadlineExceeded', message: 'Pod was active on the node longer than the specified deadline' });
  // Its container is killed: kubectl's STATUS column then shows the container's reason over the pod's, as with a kubelet.
  await eventually('the container to be killed', async () => ((await podJson('deadline')).status?.containerStatuses?.[0]?.state?.terminated ? true : undefined), 30_000);
  t.regex(await kubectl('get', 'pod', 'deadline', '--no-headers'), /^deadline\s+0\/1\s+Error\s/);
});

test.serial('after a node restart without its runtime state, a Never pod ends instead of ContainerCreating for ever', async (t) => {
  await runPod('once', '--restart=Never');
  await waitRunning('once');
  await Promise.all(node.map((p) => p.stop()));
  await startNode();
  const ended = await eventually(
    'the pod to end',
    async () => {
      const pod = await podJson('once');
      return pod.status?.phase === 'Failed' && pod.status.containerStatuses?.[0]?.state?.terminated ? pod : undefined;
    },
    30_000,
  );
  t.like(ended.status.containerStatuses[0].state.terminated, { exitCode: 137, reason: 'ContainerStatusUnknown' });
  t.regex(await kubectl('get', 'pod', 'once', '--no-headers'), /^once\s+0\/1\s+ContainerStatusUnknown\s/);
});
