// Pod IPs in a cluster of real processes: two nodes whose runtimes wait for a pod range are not
// Ready; `capstan controllers` with --allocate-node-cidrs gives each a pod range, each agent hands it
// to its simulated runtime (CRI UpdateRuntimeConfig), the nodes get Ready, and pods on the two nodes
// get IPs from their own node's range, never the same one (kubectl get pods -o wide).

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { quickLeaderElection, startControllers } from '../src/controllers-process.ts';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { agentAccess, startAgent, startRuntimeSim, type ManagedProcess } from '../src/node-agent-process.ts';

const run = promisify(execFile);
type Json = Record<string, any>;

let server: ApiServerProcess;
const processes: ManagedProcess[] = [];
const access = agentAccess();
const nodeNames = ['ipam-a', 'ipam-b'];

const kubectl = async (...args: string[]): Promise<string> =>
  (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;
const getJson = async (path: string): Promise<Json | undefined> => {
  const response = await fetch(`${server.url}${path}`);
  return response.status === 200 ? ((await response.json()) as Json) : undefined;
};

test.before(async () => {
  server = await startApiServer([...access.apiServerArgs]);
  for (const name of nodeNames) {
    // As a CNI plugin that takes its range from the Node: no pod network before the Node has a range.
    const runtime = await startRuntimeSim(['--wait-for-pod-cidr']);
    processes.push(runtime, await startAgent({ kubeconfig: server.kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName: name, args: access.agentArgs }));
  }
});

test.after.always(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await server?.stop();
  access.remove();
});

/** Whether an IPv4 address lies in a /24 (the default node mask). */
const inRange = (ip: string, cidr: string): boolean => cidr.endsWith('/24') && ip.split('.').slice(0, 3).join('.') === cidr.split('.').slice(0, 3).join('.');

const readyCondition = async (name: string): Promise<Json | undefined> => (await getJson(`/api/v1/nodes/${name}`))?.status?.conditions?.find((c: Json) => c.type === 'Ready');

test("pods on two nodes get IPs from their own node's pod range, never the same one", async (t) => {
  // Without a pod range the runtime's network is not ready, and so neither is the node.
  for (const name of nodeNames) {
    const notReady = await eventually(
      `node ${name} NotReady for its network`,
      async () => ((await readyCondition(name))?.status === 'False' ? await readyCondition(name) : undefined),
      30_000,
    );
    t.regex(
      notReady?.message ?? '',
      /container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized/,
    );
  }
  processes.push(
    startControllers(server.kubeconfig, [
      ...quickLeaderElection,
      '--controllers=nodeipam',
      '--allocate-node-cidrs=true',
      '--cluster-cidr=10.244.0.0/16',
      '--service-cluster-ip-range=10.0.0.0/24',
    ]),
  );
  for (const name of nodeNames)
    await eventually(`node ${name} Ready once it has a pod range`, async () => ((await readyCondition(name))?.status === 'True' ? true : undefined), 30_000);
  const ranges = new Map<string, string>();
  for (const name of nodeNames) {
    ranges.set(name, await eventually(`node ${name}'s pod range`, async () => (await getJson(`/api/v1/nodes/${name}`))?.spec?.podCIDR as string | undefined, 30_000));
  }
  t.not(ranges.get('ipam-a'), ranges.get('ipam-b'));
  for (const name of nodeNames) {
    await kubectl('run', `on-${name}`, '--image=registry.example/app:1', `--overrides=${JSON.stringify({ spec: { nodeName: name } })}`);
  }
  const ips = new Map<string, string>();
  for (const name of nodeNames) {
    ips.set(
      name,
      await eventually(`pod on ${name} to have an IP`, async () => (await getJson(`/api/v1/namespaces/default/pods/on-${name}`))?.status?.podIP as string | undefined, 30_000),
    );
  }
  for (const name of nodeNames) t.true(inRange(ips.get(name) as string, ranges.get(name) as string), `${name}: ${ips.get(name)} in ${ranges.get(name)}`);
  t.not(ips.get('ipam-a'), ips.get('ipam-b'));
  const wide = await kubectl('get', 'pods', '-o', 'wide', '--no-headers');
  for (const name of nodeNames) t.regex(wide, new RegExp(`on-${name}\\s.*\\s${(ips.get(name) as string).replaceAll('.', '\\.')}\\s+${name}\\s`));
});
