// The node agent against a real API server and the simulated runtime: it registers its Node as the
// kubelet does (labels, addresses, nodeInfo, conditions seen through kubectl), renews its Lease,
// stops renewing when killed, registers again over the existing Node after a restart, and tells
// systemd READY=1 once registered and STOPPING=1 when stopped.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DgramSocket } from 'node-unix-socket';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { agentAccess, startAgent, startRuntimeSim, type RuntimeSimProcess } from '../src/node-agent-process.ts';

const run = promisify(execFile);

let server: ApiServerProcess;
let runtime: RuntimeSimProcess;
const access = agentAccess();
const { agentArgs } = access;
test.before(async () => {
  [server, runtime] = await Promise.all([startApiServer(access.apiServerArgs), startRuntimeSim()]);
});
test.after.always(async () => {
  await Promise.all([server?.stop(), runtime?.stop()]);
  access.remove();
});

const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;

type Json = Record<string, any>;
const getJson = async (path: string): Promise<Json | undefined> => {
  const response = await fetch(`${server.url}${path}`);
  return response.status === 200 ? ((await response.json()) as Json) : undefined;
};

test('the agent registers its Node as the kubelet does, and kubectl shows it Ready', async (t) => {
  const agent = await startAgent({ kubeconfig: server.kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName: 'agent-node-1' });
  t.teardown(() => agent.stop());
  const node = await eventually('the node to be Ready', async () => {
    const found = await getJson('/api/v1/nodes/agent-node-1');
    return found?.status?.conditions?.some((c: Json) => c.type === 'Ready' && c.status === 'True') === true ? found : undefined;
  });
  t.like(node.metadata.labels, { 'kubernetes.io/hostname': 'agent-node-1', 'kubernetes.io/os': 'linux', 'beta.kubernetes.io/os': 'linux' });
  t.is(node.metadata.annotations['volumes.kubernetes.io/controller-managed-attach-detach'], 'true');
  t.deepEqual(
    node.status.conditions.map((c: Json) => [c.type, c.status, c.reason]),
    [
      ['MemoryPressure', 'False', 'KubeletHasSufficientMemory'],
      ['DiskPressure', 'False', 'KubeletHasNoDiskPressure'],
      ['PIDPressure', 'False', 'KubeletHasSufficientPID'],
      ['Ready', 'True', 'KubeletReady'],
    ],
  );
  t.like(node.status.nodeInfo, { operatingSystem: 'linux', containerRuntimeVersion: 'capstan-runtime-sim://0.1.0', kubeletVersion: 'v1.35.0+capstan-0.1.0' });
  t.regex(node.status.nodeInfo.bootID, /^[0-9a-f-]{36}$/);
  t.deepEqual(
    Object.keys(node.status.capacity)
      .filter((name) => ['cpu', 'memory', 'pods', 'ephemeral-storage'].includes(name))
      .sort(),
    ['cpu', 'ephemeral-storage', 'memory', 'pods'],
  );
  t.is(node.status.capacity.pods, '110');
  t.true(node.status.addresses.some((a: Json) => a.type === 'Hostname' && a.address === 'agent-node-1'));
  const events = await eventually('the startup events', async () => {
    const list = await getJson('/api/v1/namespaces/default/events?fieldSelector=involvedObject.name%3Dagent-node-1');
    const reasons = (list?.items ?? []).map((event: Json) => event.reason as string);
    return reasons.includes('NodeHasSufficientPID') ? list : undefined;
  });
  t.like(
    events.items.find((event: Json) => event.reason === 'Starting'),
    { type: 'Normal', message: 'Starting kubelet.', involvedObject: { kind: 'Node', name: 'agent-node-1' }, source: { component: 'kubelet', host: 'agent-node-1' } },
  );
  t.like(
    events.items.find((event: Json) => event.reason === 'NodeHasSufficientMemory'),
    { message: 'Node agent-node-1 status is now: NodeHasSufficientMemory' },
  );
  const wide = await kubectl('get', 'node', 'agent-node-1', '--no-headers', '-o', 'wide');
  t.regex(wide, /^agent-node-1\s+Ready\s+<none>\s+\S+\s+v1\.35\.0\+capstan-0\.1\.0\s+\S+\s+<none>\s+.+capstan-runtime-sim:\/\/0\.1\.0\n$/);
});

test('the Lease is owned by the Node and renewed; a killed agent stops renewing it; a restarted one registers again', async (t) => {
  const options = { kubeconfig: server.kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName: 'agent-node-2', config: { nodeLeaseDurationSeconds: 4 } };
  const agent = await startAgent(options);
  t.teardown(() => agent.stop());
  const leasePath = '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/agent-node-2';
  const first = await eventually('the lease', () => getJson(leasePath));
  const node = await getJson('/api/v1/nodes/agent-node-2');
  t.deepEqual(first.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Node', name: 'agent-node-2', uid: node?.metadata.uid }]);
  t.like(first.spec, { holderIdentity: 'agent-node-2', leaseDurationSeconds: 4 });
  t.regex(first.spec.renewTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  // A quarter of 4 s: renewed about every second.
  const renewed = await eventually('a renewal', async () => {
    const lease = await getJson(leasePath);
    return lease !== undefined && lease.spec.renewTime !== first.spec.renewTime ? lease : undefined;
  });
  t.true(Date.parse(renewed.spec.renewTime) > Date.parse(first.spec.renewTime));

  await agent.stop('SIGKILL');
  const last = (await getJson(leasePath))?.spec.renewTime;
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  t.is((await getJson(leasePath))?.spec.renewTime, last, 'no renewal after the agent was killed');

  const again = await startAgent(options);
  t.teardown(() => again.stop());
  await eventually('a renewal by the restarted agent', async () => {
    const lease = await getJson(leasePath);
    return lease !== undefined && lease.spec.renewTime !== last ? lease : undefined;
  });
  t.regex(again.output(), /Successfully registered node agent-node-2/);
  t.is((await getJson('/api/v1/nodes/agent-node-2'))?.metadata.uid, node?.metadata.uid, 'the Node was kept, not recreated');
});

test('systemd hears READY=1 once the Node is registered and STOPPING=1 on SIGTERM', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-notify-'));
  const socketPath = join(dir, 'notify.sock');
  const received: string[] = [];
  const socket = new DgramSocket();
  socket.bind(socketPath);
  socket.on('data', (buffer: Buffer) =>
    received.push(
      ...buffer
        .toString()
        .split('\n')
        .filter((line) => line !== ''),
    ),
  );
  t.teardown(() => {
    socket.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const agent = await startAgent({
    kubeconfig: server.kubeconfig,
    runtimeEndpoint: runtime.endpoint,
    nodeName: 'agent-node-3',
    env: { ...process.env, NOTIFY_SOCKET: socketPath, WATCHDOG_USEC: '2000000' },
  });
  await eventually('READY=1', async () => (received.includes('READY=1') ? true : undefined));
  t.truthy(await getJson('/api/v1/nodes/agent-node-3'), 'registered before READY=1');
  await eventually('a watchdog ping', async () => (received.includes('WATCHDOG=1') ? true : undefined));
  t.is(await agent.stop('SIGTERM'), 0);
  t.true(received.includes('STOPPING=1'));
});

test('a pod bound to the node runs through the simulated runtime: kubectl sees it Running, and its deletion waits for the agent', async (t) => {
  // A runtime of its own: an agent owns its runtime and removes the pods it does not know, as the
  // kubelet does, so the other tests' agents must not share this one.
  const ownRuntime = await startRuntimeSim();
  t.teardown(() => ownRuntime.stop());
  const agent = await startAgent({ kubeconfig: server.kubeconfig, runtimeEndpoint: ownRuntime.endpoint, nodeName: 'agent-node-4', args: agentArgs });
  t.teardown(() => agent.stop());
  await eventually('the node', () => getJson('/api/v1/nodes/agent-node-4')).catch((error: Error) => {
    throw new Error(`${error.message}\n${agent.output()}`);
  });
  const lifecycle = JSON.stringify({ logs: { start: ['listening on :8080', { stderr: 'warming up' }] } });
  await kubectl('run', 'web', '--image=registry.example/web:1', `--annotations=runtime-sim.capstan.dev/lifecycle=${lifecycle}`, '--overrides={"spec":{"nodeName":"agent-node-4"}}');
  const pod = await eventually('the pod to run', async () => {
    const found = await getJson('/api/v1/namespaces/default/pods/web');
    return found?.status?.phase === 'Running' && found.status.containerStatuses?.[0]?.ready === true ? found : undefined;
  });
  t.like(pod.status.containerStatuses[0], { name: 'web', image: 'registry.example/web:1', restartCount: 0, started: true });
  t.regex(pod.status.containerStatuses[0].state.running.startedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.regex(pod.status.containerStatuses[0].containerID, /^capstan-runtime-sim:\/\/\S+$/);
  t.deepEqual(
    pod.status.conditions.map((c: Json) => [c.type, c.status]),
    [
      ['PodReadyToStartContainers', 'True'],
      ['Initialized', 'True'],
      ['Ready', 'True'],
      ['ContainersReady', 'True'],
      ['PodScheduled', 'True'],
    ],
  );
  t.regex(await kubectl('get', 'pod', 'web', '--no-headers'), /^web\s+1\/1\s+Running\s+0\s+\S+\n$/);
  t.is(await eventually('the logs', async () => ((await kubectl('logs', 'web')) === '' ? undefined : kubectl('logs', 'web'))), 'listening on :8080\nwarming up\n');
  t.is(await kubectl('exec', 'web', '--', 'echo', 'hello from', 'the agent'), 'hello from the agent\n');
  const deleted = await kubectl('delete', 'pod', 'web', '--wait=true', '--timeout=30s');
  t.is(deleted, 'pod "web" deleted from default namespace\n');
  t.is(await getJson('/api/v1/namespaces/default/pods/web'), undefined);
});
