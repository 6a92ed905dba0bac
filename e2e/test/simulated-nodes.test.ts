// Many simulated nodes in one process against a real API server: each registers as sim-node-<i>
// with the agent's Node and Lease, all through one client and one runtime-sim; a node that is
// stopped stops renewing while the others go on; an API server that stops answering holds the
// heartbeats (one request per heartbeat at most) instead of piling requests up; and nodes that run
// pod workers on the one runtime-sim each run their own pods and leave the others' alone; a node
// without them starts them on request, without a restart.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedNodes } from '../../nodeagent/src/simulated-nodes/index.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { eventually } from '../../common/test/eventually.ts';

type Json = Record<string, any>;

let server: ApiServerProcess;
let dir: string;
let nodes: SimulatedNodes;

test.before(async () => {
  server = await startApiServer();
  dir = mkdtempSync(join(tmpdir(), 'capstan-simulated-nodes-'));
  // A 4 s Lease is renewed every second: the test sees several renewals quickly.
  const config = join(dir, 'kubelet.yaml');
  writeFileSync(config, 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nnodeLeaseDurationSeconds: 4\n');
  nodes = await SimulatedNodes.start({ kubeconfig: server.kubeconfig, rootDir: join(dir, 'nodes'), agentFlags: [`--config=${config}`], podWorkerNodes: 2 });
});
test.after.always(async () => {
  await nodes?.stop();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const getJson = async (path: string): Promise<Json | undefined> => {
  const response = await fetch(`${server.url}${path}`);
  return response.status === 200 ? ((await response.json()) as Json) : undefined;
};
const lease = (name: string): Promise<Json | undefined> => getJson(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${name}`);
const renewTime = async (name: string): Promise<number> => Date.parse((await lease(name))?.spec?.renewTime ?? '');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// The tests share the nodes and run one after the other.
test.serial('simulated nodes register as sim-node-<i>, Ready, each with its Lease owned by its Node', async (t) => {
  await nodes.scaleTo(3, 300);
  t.is(nodes.count, 3);
  for (const name of ['sim-node-0', 'sim-node-1', 'sim-node-2']) {
    const node = await eventually(`${name} to be Ready`, async () => {
      const found = await getJson(`/api/v1/nodes/${name}`);
      return found?.status?.conditions?.some((c: Json) => c.type === 'Ready' && c.status === 'True') === true ? found : undefined;
    });
    t.is(node.metadata.labels['kubernetes.io/hostname'], name);
    t.deepEqual(
      node.status.addresses.map((a: Json) => a.type),
      ['InternalIP', 'Hostname'],
    );
    t.is(node.status.addresses[1].address, name);
    t.regex(node.status.nodeInfo.containerRuntimeVersion, /^capstan-runtime-sim:\/\//);
    const found = await eventually(`the Lease of ${name}`, () => lease(name));
    t.is(found.spec.holderIdentity, name);
    t.is(found.spec.leaseDurationSeconds, 4);
    t.deepEqual(found.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid }]);
  }
  t.is(nodes.registered, 3);
  t.is(nodes.client.counts()['POST nodes']?.succeeded, 3);
});

test.serial('the Leases are renewed every quarter of their duration; a stopped node stops renewing, the others go on', async (t) => {
  const before = await Promise.all(['sim-node-0', 'sim-node-1', 'sim-node-2'].map(renewTime));
  await sleep(2500);
  const later = await Promise.all(['sim-node-0', 'sim-node-1', 'sim-node-2'].map(renewTime));
  for (let i = 0; i < 3; i++) t.true((later[i] as number) > (before[i] as number), `sim-node-${i} renewed`);

  await nodes.scaleTo(2);
  t.is(nodes.count, 2);
  const stoppedAt = await renewTime('sim-node-2');
  const runningAt = await renewTime('sim-node-0');
  await sleep(2500);
  t.is(await renewTime('sim-node-2'), stoppedAt);
  t.true((await renewTime('sim-node-0')) > runningAt);
});

test.serial('an API server that stops answering holds each heartbeat at one request instead of piling requests up', async (t) => {
  const sentBefore = totalRequests();
  server.child.kill('SIGSTOP');
  try {
    // Four renew intervals: a client that queued a request per tick would have sent 8 per node.
    await sleep(4000);
    // Every node's Lease renewal is waiting for an answer; per node one Lease request and one
    // status request at most.
    t.true(nodes.client.inFlight >= nodes.count, `${nodes.client.inFlight} in flight`);
    t.true(nodes.client.inFlight <= 2 * nodes.count, `${nodes.client.inFlight} in flight`);
    t.true(totalRequests() - sentBefore <= 2 * nodes.count, `${totalRequests() - sentBefore} sent while the server was stopped`);
  } finally {
    server.child.kill('SIGCONT');
  }
  const resumedAt = Date.now();
  await eventually('a renewal after the API server answers again', async () => ((await renewTime('sim-node-0')) > resumedAt ? true : undefined));
  t.pass();
});

test.serial("nodes running pods on the one runtime-sim each run their own and leave the others' alone", async (t) => {
  const podOn = (name: string, node: string): Json => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { nodeName: node, containers: [{ name: 'app', image: 'busybox' }] },
  });
  for (const [name, node] of [
    ['on-node-0', 'sim-node-0'],
    ['on-node-1', 'sim-node-1'],
  ] as const) {
    const created = await fetch(`${server.url}/api/v1/namespaces/default/pods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(podOn(name, node)),
    });
    t.is(created.status, 201);
  }
  const running = (name: string) => async (): Promise<Json | undefined> => {
    const pod = await getJson(`/api/v1/namespaces/default/pods/${name}`);
    return pod?.status?.phase === 'Running' ? pod : undefined;
  };
  const first = await Promise.all([eventually('on-node-0 Running', running('on-node-0')), eventually('on-node-1 Running', running('on-node-1'))]);
  // Several relists later (one a second per node), each pod still runs its first container.
  await sleep(3000);
  const later = await Promise.all([running('on-node-0')(), running('on-node-1')()]);
  for (const [i, pod] of later.entries()) {
    t.truthy(pod, `on-node-${i} still Running`);
    t.is(pod?.status.containerStatuses[0].containerID, first[i]?.status.containerStatuses[0].containerID);
    t.is(pod?.status.containerStatuses[0].restartCount, 0);
  }
  t.is(nodes.runtimeSim.runtime.listPodSandbox({ state: { state: 'SANDBOX_READY' } }).length, 2);
});

test.serial('a running node without pod workers starts them on request, and runs its pods without a restart', async (t) => {
  await nodes.scaleTo(3);
  await eventually('sim-node-2 registered', async () => ((await getJson('/api/v1/nodes/sim-node-2')) === undefined ? undefined : true));
  const nodeUid = (await getJson('/api/v1/nodes/sim-node-2'))?.metadata.uid;
  const created = await fetch(`${server.url}/api/v1/namespaces/default/pods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'on-node-2' }, spec: { nodeName: 'sim-node-2', containers: [{ name: 'app', image: 'busybox' }] } }),
  });
  t.is(created.status, 201);
  nodes.runPodWorkers(3);
  const pod = await eventually('on-node-2 Running', async () => {
    const found = await getJson('/api/v1/namespaces/default/pods/on-node-2');
    return found?.status?.phase === 'Running' ? found : undefined;
  });
  t.is(pod.spec.nodeName, 'sim-node-2');
  t.is((await getJson('/api/v1/nodes/sim-node-2'))?.metadata.uid, nodeUid, 'the node was not registered anew');
});

/** Requests sent so far (answered or not), by the counts and those in flight. */
function totalRequests(): number {
  return Object.values(nodes.client.counts()).reduce((sum, kind) => sum + kind.succeeded + kind.failed, 0) + nodes.client.inFlight;
}
