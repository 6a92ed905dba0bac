// An agent process on Debian's containerd, driven with kubectl through the API server: a pod runs
// real processes, its status, logs and exec are right (containerd 1.6's streaming server refuses
// kubectl's WebSocket v5, and kubectl falls back to SPDY, which the API server and the agent pass
// through), and the checkpoint endpoint reports containerd's missing checkpoint
// API. Skipped, with the reason printed, where containerd or a static busybox is missing or we are
// not root (CI installs both).

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Exec, KubeConfig, type V1Status } from '@kubernetes/client-node';
import { PassThrough } from 'node:stream';
import { busyboxImage, busyboxSkipReason, containerdSkipReason, startContainerd, type ContainerdProcess } from '../../nodeagent/test/containerd-fixture.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { agentAccess, freePort, startAgent, type ManagedProcess } from '../src/node-agent-process.ts';

const run = promisify(execFile);
const skipReason = containerdSkipReason ?? busyboxSkipReason;
const nodeName = 'containerd-node';

type Json = Record<string, any>;

if (skipReason !== undefined) {
  console.log(`agent-containerd: skipped: ${skipReason}`);
  test.skip(`an agent on containerd: ${skipReason}`, () => {});
} else {
  let containerd: ContainerdProcess;
  let server: ApiServerProcess;
  let agent: ManagedProcess;
  let agentPort = 0;
  const access = agentAccess();

  const kubectl = async (...args: string[]): Promise<string> =>
    (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;
  const getJson = async (path: string): Promise<Json | undefined> => {
    const response = await fetch(`${server.url}${path}`);
    return response.status === 200 ? ((await response.json()) as Json) : undefined;
  };

  test.before(async () => {
    containerd = await startContainerd();
    await containerd.importBusybox();
    server = await startApiServer(access.apiServerArgs);
    agentPort = await freePort();
    agent = await startAgent({
      kubeconfig: server.kubeconfig,
      runtimeEndpoint: containerd.endpoint,
      nodeName,
      config: { port: agentPort },
      args: access.agentArgs,
    });
    await eventually('the node', () => getJson(`/api/v1/nodes/${nodeName}`)).catch((error: Error) => {
      throw new Error(`${error.message}\n${agent.output()}`);
    });
    const manifest = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'real' },
      spec: {
        nodeName,
        hostNetwork: true,
        terminationGracePeriodSeconds: 2,
        containers: [{ name: 'app', image: busyboxImage, imagePullPolicy: 'Never', command: ['/bin/busybox', 'sh', '-c', 'echo "hello from containerd"; exec sleep 3600'] }],
      },
    };
    const manifestFile = join(access.dir, 'pod.json');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    await kubectl('apply', '-f', manifestFile);
    await eventually('the pod to run', async () => ((await getJson('/api/v1/namespaces/default/pods/real'))?.status?.phase === 'Running' ? true : undefined), 60_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${agent.output()}`);
      },
    );
  });

  test.after.always(async () => {
    await kubectl('delete', 'pod', 'real', '--wait=true', '--timeout=30s').catch(() => {});
    await agent?.stop();
    await Promise.all([server?.stop(), containerd?.stop()]);
    access.remove();
  });

  test.serial('kubectl sees the pod Running on containerd, with its container ID, image ID and conditions', async (t) => {
    const pod = (await getJson('/api/v1/namespaces/default/pods/real')) as Json;
    const [app] = pod.status.containerStatuses;
    t.like(app, { name: 'app', image: busyboxImage, ready: true, started: true, restartCount: 0 });
    t.regex(app.containerID, /^containerd:\/\/[0-9a-f]{64}$/);
    t.regex(app.imageID, /^sha256:[0-9a-f]{64}$/);
    t.deepEqual(
      pod.status.conditions.filter((c: Json) => c.status !== 'True').map((c: Json) => c.type),
      [],
    );
    t.regex(await kubectl('get', 'pod', 'real', '--no-headers'), /^real\s+1\/1\s+Running\s+0\s+\S+\n$/);
    const node = (await getJson(`/api/v1/nodes/${nodeName}`)) as Json;
    t.regex(node.status.nodeInfo.containerRuntimeVersion, /^containerd:\/\/\d+\.\d+/);
  });

  test.serial('kubectl logs reads what the container wrote', async (t) => {
    t.is(await eventually('the log', async () => (await kubectl('logs', 'real')) || undefined), 'hello from containerd\n');
  });

  test.serial('kubectl exec runs in the container: output, exit codes, stdin and its end', async (t) => {
    t.is(await kubectl('exec', 'real', '--', '/bin/busybox', 'echo', 'hello', 'from exec'), 'hello from exec\n');
    // The process sees the container's file system, not the host's.
    t.is(await kubectl('exec', 'real', '--', '/bin/busybox', 'ls', '/bin'), 'busybox\nsh\n');
    const failed = await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'exec', 'real', '--', '/bin/busybox', 'sh', '-c', 'echo oops >&2; exit 3'], {
      encoding: 'utf8',
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    t.is(failed?.code, 3);
    t.is(failed?.stderr, 'oops\ncommand terminated with exit code 3\n');
    // stdin reaches the process, and so does its end: cat exits.
    const child = spawn(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'exec', '-i', 'real', '--', '/bin/busybox', 'wc', '-l'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end('one\ntwo\nthree\n');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    t.is(code, 0);
    t.is(stdout.trim(), '3');
  });

  test.serial('@kubernetes/client-node execs over WebSocket alone: containerd speaks v4 of the protocols it offers', async (t) => {
    const config = new KubeConfig();
    config.loadFromFile(server.kubeconfig);
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const status = await new Promise<V1Status>((resolve, reject) => {
      new Exec(config)
        .exec('default', 'real', 'app', ['/bin/busybox', 'sh', '-c', 'echo from client-node; exit 4'], stdout, stderr, null, false, resolve)
        .then((socket) => socket.on('error', reject), reject);
    });
    t.is(out, 'from client-node\n');
    t.like(status, { status: 'Failure', reason: 'NonZeroExitCode' });
    t.deepEqual(status.details?.causes, [{ reason: 'ExitCode', message: '4' }]);
  });

  test.serial("the checkpoint endpoint answers containerd's missing checkpoint API with a 500 naming it", async (t) => {
    const token = readFileSync(access.tokenFile, 'utf8').trim();
    const node = (await getJson(`/api/v1/nodes/${nodeName}`)) as Json;
    const address = node.status.addresses.find((a: Json) => a.type === 'InternalIP').address as string;
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpsRequest(
        `https://${address.includes(':') ? `[${address}]` : address}:${agentPort}/checkpoint/default/real/app`,
        { method: 'POST', headers: { authorization: `Bearer ${token}` }, rejectUnauthorized: false },
        (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    t.deepEqual(response, { status: 500, body: 'checkpointing of default/real/app failed (rpc error: code = Unimplemented desc = method CheckpointContainer not implemented)' });
  });

  test.serial('kubectl delete waits while the agent stops the container through containerd', async (t) => {
    t.is(await kubectl('delete', 'pod', 'real', '--wait=true', '--timeout=30s'), 'pod "real" deleted from default namespace\n');
    await eventually(
      'containerd to be empty',
      async () => {
        const listed = await run('ctr', ['--address', `${containerd.dir}/containerd.sock`, '--namespace', 'k8s.io', 'containers', 'list', '-q'], { encoding: 'utf8' });
        return listed.stdout.trim() === '' ? true : undefined;
      },
      30_000,
    );
    t.pass();
  });
}
