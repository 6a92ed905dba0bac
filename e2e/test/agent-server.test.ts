// The node agent's own server behind the API server: kubectl logs (plain, --tail, -f until the
// container stops) and kubectl exec through pods/log and pods/exec to the agent's HTTPS port, with
// the API server's --kubelet-bearer-token-file token, and the agent's checkpoint endpoint; the pods
// run in the simulated CRI runtime (runtime-sim), which writes the CRI logs and the archives and
// serves the exec streams the agent proxies to.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadAgentConfiguration } from '../../nodeagent/src/config/index.ts';
import { CriImageClient, CriRuntimeClient } from '../../nodeagent/src/cri/index.ts';
import { podFullName, type PodContainerRef, type PodDirectory } from '../../nodeagent/src/pods/pod-directory.ts';
import { startRuntimeSim, type RunningRuntimeSim } from '../../nodeagent/src/runtime-sim/index.ts';
import { startAgentServer, type AgentServer } from '../../nodeagent/src/server/index.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { securePortRequest } from '../src/secure-port-request.ts';

const run = promisify(execFile);
const token = 'agent-server-e2e-token';
const dir = mkdtempSync(join(tmpdir(), 'capstan-agent-server-e2e-'));
const tokenFile = join(dir, 'token');
writeFileSync(tokenFile, `${token}\n`);
const rootDir = join(dir, 'agent');

let apiServer: ApiServerProcess | undefined;
let sim: RunningRuntimeSim | undefined;
let runtime: CriRuntimeClient | undefined;
let images: CriImageClient | undefined;
let agent: AgentServer | undefined;
const containers = new Map<string, PodContainerRef>();

const started = <T>(value: T | undefined): T => {
  if (value === undefined) throw new Error('the test node has not started');
  return value;
};
const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${started(apiServer).kubeconfig}`, ...args], { encoding: 'utf8' });

/** The pods the agent knows: one pod `web` with its container `app`, running in the simulated runtime. */
const pods: PodDirectory = {
  findPod: (namespace, name) =>
    namespace === 'default' && name === 'web' ? { namespace, name, uid: 'web-uid', fullName: podFullName(name, namespace), containerNames: ['app'] } : undefined,
  // The container has not restarted: it has no previous instance.
  findContainer: (namespace, name, container, options) => (namespace === 'default' && name === 'web' && options?.previous !== true ? containers.get(container) : undefined),
  listPods: () => [{ metadata: { name: 'web', namespace: 'default', uid: 'web-uid' } }],
};

const lifecycle = {
  logs: { start: ['hello from {pod}', { stderr: 'a warning' }], every: { interval: '150ms', lines: ['tick {n}'] } },
};

async function runContainer(): Promise<void> {
  const cri = started(runtime);
  // The kubelet makes the pod's log directory; the runtime makes the container's below it.
  const logDirectory = join(dir, 'pods', 'default_web_web-uid');
  mkdirSync(logDirectory, { recursive: true });
  const { podSandboxId } = await cri.runPodSandbox({
    config: {
      metadata: { name: 'web', namespace: 'default', uid: 'web-uid', attempt: 0 },
      hostname: 'web',
      logDirectory,
      annotations: { 'runtime-sim.capstan.dev/lifecycle': JSON.stringify(lifecycle) },
    },
  });
  const { imageRef } = await started(images).pullImage({ image: { image: 'busybox' } });
  const { containerId } = await cri.createContainer({
    podSandboxId,
    config: { metadata: { name: 'app', attempt: 0 }, image: { image: imageRef, userSpecifiedImage: 'busybox' }, logPath: 'app/0.log' },
  });
  await cri.startContainer({ containerId });
  containers.set('app', { id: containerId, name: 'app', logPath: join(logDirectory, 'app', '0.log'), attempt: 0, running: true });
}

test.before(async () => {
  sim = await startRuntimeSim({ listen: `unix://${join(dir, 'sim.sock')}`, rootDir: join(dir, 'sim') });
  runtime = await CriRuntimeClient.connect(`unix://${sim.socketPath}`);
  images = await CriImageClient.connect(`unix://${sim.socketPath}`);
  await runContainer();
  const configuration = loadAgentConfiguration([`--root-dir=${rootDir}`, '--hostname-override=node-a', '--anonymous-auth=false', `--authentication-token-file=${tokenFile}`]);
  agent = await startAgentServer({ configuration, runtime, pods, listen: { host: '127.0.0.1', port: 0 } });
  apiServer = await startApiServer([`--kubelet-bearer-token-file=${tokenFile}`, '--kubelet-preferred-address-types=InternalIP']);
  const api = (method: string, path: string, body: unknown, contentType = 'application/json') =>
    fetch(`${started(apiServer).url}${path}`, { method, headers: { 'content-type': contentType }, body: JSON.stringify(body) });
  await api('POST', '/api/v1/nodes', { metadata: { name: 'node-a' } });
  const status = {
    addresses: [
      { type: 'Hostname', address: 'node-a' },
      { type: 'InternalIP', address: '127.0.0.1' },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: agent.port } },
  };
  const patched = await api('PATCH', '/api/v1/nodes/node-a/status', { status }, 'application/merge-patch+json');
  if (patched.status !== 200) throw new Error(`node status: ${await patched.text()}`);
  const created = await api('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'web' },
    spec: { nodeName: 'node-a', containers: [{ name: 'app', image: 'busybox' }] },
  });
  if (created.status !== 201) throw new Error(`pod: ${await created.text()}`);
  // Let the container print a few ticks.
  await new Promise((resolve) => setTimeout(resolve, 500));
});

test.after.always(async () => {
  await apiServer?.stop();
  await agent?.close();
  runtime?.close();
  images?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A request straight to the agent's port, with or without the token. */
function agentCall(path: string, method: string, withToken: boolean): Promise<{ status: number; body: string }> {
  return securePortRequest(started(agent).port, path, withToken ? token : undefined, method);
}

test.serial("kubectl logs reads the container's CRI log through the API server and the agent", async (t) => {
  const { stdout } = await kubectl('logs', 'web');
  const [hello, warning, first, second] = stdout.split('\n');
  t.deepEqual([hello, warning], ['hello from web', 'a warning']);
  const tick = (line: string | undefined): number => Number(/^tick (\d+)$/.exec(line ?? '')?.[1]);
  t.is(tick(second), tick(first) + 1);
  const { stdout: tail } = await kubectl('logs', 'web', '--tail=1', '--timestamps');
  t.regex(tail, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z tick \d+\n$/);
  // Without the token the agent answers 401, which is why the API server has to send it.
  t.deepEqual(await agentCall('/containerLogs/default/web/app', 'GET', false), { status: 401, body: 'Unauthorized' });
});

test.serial("the agent's refusals become the API server's errors", async (t) => {
  const failed = (await t.throwsAsync(kubectl('logs', 'web', '--previous'))) as Error & { stderr: string };
  t.is(failed.stderr, 'Error from server (BadRequest): previous terminated container "app" in pod "web" not found\n');
});

test.serial("kubectl exec runs in the simulated container through the agent's proxy", async (t) => {
  const { stdout } = await kubectl('exec', 'web', '--', 'echo', 'hello', 'world');
  t.is(stdout, 'hello world\n');
  const failed = (await t.throwsAsync(kubectl('exec', 'web', '--', 'sh', '-c', 'exit 3'))) as Error & { code: number; stderr: string };
  t.is(failed.code, 3);
  t.is(failed.stderr, 'command terminated with exit code 3\n');
});

test.serial('a checkpoint on the agent port: 401 without the token, 404s, then the archive (0600) in checkpoints/ (0700)', async (t) => {
  t.deepEqual(await agentCall('/checkpoint/default/web/app', 'POST', false), { status: 401, body: 'Unauthorized' });
  t.deepEqual(await agentCall('/checkpoint/default/nope/app', 'POST', true), { status: 404, body: 'pod does not exist' });
  t.deepEqual(await agentCall('/checkpoint/default/web/nope', 'POST', true), { status: 404, body: 'container nope does not exist' });
  const answer = await agentCall('/checkpoint/default/web/app', 'POST', true);
  t.is(answer.status, 200);
  const [location] = (JSON.parse(answer.body) as { items: string[] }).items as [string];
  t.regex(location, new RegExp(`^${rootDir}/checkpoints/checkpoint-web_default-app-\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(Z|[+-]\\d\\d:\\d\\d)\\.tar$`));
  t.is(statSync(location).mode & 0o777, 0o600);
  t.is(statSync(join(rootDir, 'checkpoints')).mode & 0o777, 0o700);
});

test.serial('kubectl logs -f streams the ticks as they come and ends when the container stops', async (t) => {
  const child = spawn(kubectlBinary(), [`--kubeconfig=${started(apiServer).kubeconfig}`, 'logs', '-f', '--tail=1', 'web'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ticks = (): number => out.split('\n').filter((line) => line.startsWith('tick ')).length;
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (ticks() >= 3) resolve();
    });
  });
  const container = containers.get('app') as PodContainerRef;
  await started(runtime).stopContainer({ containerId: container.id, timeout: 1 });
  t.is(await exited, 0);
  const numbers = out
    .trim()
    .split('\n')
    .map((line) => Number(/^tick (\d+)$/.exec(line)?.[1]));
  t.true(numbers.length >= 3, out);
  // One tick after another, none lost or repeated.
  t.deepEqual(
    numbers,
    numbers.map((_, index) => (numbers[0] as number) + index),
  );
});
