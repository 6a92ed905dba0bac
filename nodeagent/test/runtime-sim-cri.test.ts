// `capstan runtime-sim` over a real unix socket, driven by the agent's own CRI gRPC clients: the
// calls the kubelet makes to run a pod, the errors as gRPC statuses, the event stream, exec
// through the streaming server, and the command itself as a process.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import WebSocket from 'ws';
import { CriError, CriImageClient, CriRuntimeClient, GrpcStatus } from '../src/cri/index.ts';
import { runtimeSimCommand, startRuntimeSim } from '../src/runtime-sim/command.ts';

const nodeBinary = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'node');

async function servedRuntime(t: ExecutionContext, lifecycles?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-sim-cri-'));
  let lifecyclesFile: string | undefined;
  if (lifecycles !== undefined) {
    lifecyclesFile = join(dir, 'lifecycles.yaml');
    writeFileSync(lifecyclesFile, lifecycles);
  }
  const running = await startRuntimeSim({ listen: `unix://${join(dir, 'sim.sock')}`, rootDir: join(dir, 'root'), ...(lifecyclesFile && { lifecyclesFile }) });
  const endpoint = `unix://${running.socketPath}`;
  const runtime = await CriRuntimeClient.connect(endpoint);
  const images = await CriImageClient.connect(endpoint);
  t.teardown(async () => {
    runtime.close();
    images.close();
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, runtime, images, running };
}

/** A pod's sandbox config; its log directory made, as the kubelet makes it first. */
function sandboxConfig(dir: string, name: string, annotations: Record<string, string> = {}) {
  const logDirectory = join(dir, 'pods', `default_${name}_uid-${name}`);
  mkdirSync(logDirectory, { recursive: true });
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}`, attempt: 0 },
    hostname: name,
    logDirectory,
    labels: { 'io.kubernetes.pod.name': name, 'io.kubernetes.pod.namespace': 'default' },
    annotations,
  };
}

/** Pulls busybox and runs it in a new sandbox `web`, as the kubelet's first steps for a pod. */
async function runningContainer({ dir, runtime, images }: Awaited<ReturnType<typeof servedRuntime>>) {
  const { imageRef } = await images.pullImage({ image: { image: 'busybox' } });
  const { podSandboxId } = await runtime.runPodSandbox({ config: sandboxConfig(dir, 'web') });
  const { containerId } = await runtime.createContainer({ podSandboxId, config: { metadata: { name: 'main' }, image: { image: imageRef } } });
  await runtime.startContainer({ containerId });
  return { podSandboxId, containerId };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('a pod runs through the CRI calls the kubelet makes, and its log is a CRI log', async (t) => {
  const { dir, runtime, images } = await servedRuntime(t);
  t.like(await runtime.version({ version: '0.1.0' }), { version: '0.1.0', runtimeName: 'capstan-runtime-sim', runtimeApiVersion: 'v1' });
  const status = await runtime.status({});
  t.deepEqual(
    status.status?.conditions.map((c) => [c.type, c.status]),
    [
      ['RuntimeReady', true],
      ['NetworkReady', true],
    ],
  );
  t.deepEqual(
    status.runtimeHandlers.map((h) => h.name),
    [''],
  );
  t.is((await runtime.runtimeConfig({})).linux?.cgroupDriver, 'CGROUPFS');
  t.is((await images.imageFsInfo({})).imageFilesystems[0]?.fsId?.mountpoint, join(dir, 'root', 'images'));
  await runtime.updateRuntimeConfig({ runtimeConfig: { networkConfig: { podCidr: '10.244.3.0/24' } } });

  const { imageRef } = await images.pullImage({ image: { image: 'busybox:1.36' } });
  t.like((await images.imageStatus({ image: { image: 'busybox:1.36' } })).image, { id: imageRef, repoTags: ['docker.io/library/busybox:1.36'] });

  const config = sandboxConfig(dir, 'web', { 'runtime-sim.capstan.dev/lifecycle': JSON.stringify({ logs: { start: ['hello from {pod}'] } }) });
  const { podSandboxId } = await runtime.runPodSandbox({ config });
  const sandbox = await runtime.podSandboxStatus({ podSandboxId });
  t.like(sandbox.status, { id: podSandboxId, state: 'SANDBOX_READY', network: { ip: '10.244.3.2' }, annotations: config.annotations });

  const { containerId } = await runtime.createContainer({
    podSandboxId,
    config: { metadata: { name: 'main', attempt: 0 }, image: { image: imageRef, userSpecifiedImage: 'busybox:1.36' }, logPath: 'main/0.log', envs: [{ key: 'A', value: 'b' }] },
    sandboxConfig: config,
  });
  await runtime.startContainer({ containerId });
  const running = (await runtime.containerStatus({ containerId })).status;
  t.like(running, { id: containerId, state: 'CONTAINER_RUNNING', imageId: imageRef, logPath: join(config.logDirectory, 'main/0.log') });
  t.true((running?.startedAt ?? 0) > Date.UTC(2020, 0, 1) * 1e6, 'timestamps are nanoseconds since the epoch');
  t.is((await runtime.listContainers({ filter: { podSandboxId } })).containers.length, 1);

  const exec = await runtime.execSync({ containerId, cmd: ['sh', '-c', 'echo $A; exit 2'], timeout: 5 });
  t.deepEqual([Buffer.from(exec.stdout).toString(), exec.exitCode], ['b\n', 2]);

  await runtime.stopContainer({ containerId, timeout: 10 });
  t.like((await runtime.containerStatus({ containerId })).status, { state: 'CONTAINER_EXITED', exitCode: 143, reason: 'Error' });
  const log = await waitFor(
    async () => (existsSync(join(config.logDirectory, 'main/0.log')) ? readFileSync(join(config.logDirectory, 'main/0.log'), 'utf8') : ''),
    (text) => text !== '',
  );
  t.regex(log, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z stdout F hello from web\n$/);

  await runtime.removeContainer({ containerId });
  await runtime.stopPodSandbox({ podSandboxId });
  await runtime.removePodSandbox({ podSandboxId });
  t.deepEqual((await runtime.listPodSandbox({})).items, []);
});

test('runtime errors arrive as gRPC statuses with the codes the kubelet tells apart', async (t) => {
  const served = await servedRuntime(t, 'features: { checkpoint: false }');
  const { dir, runtime, images } = served;
  const notFound = await t.throwsAsync(runtime.containerStatus({ containerId: 'nope' }), { instanceOf: CriError });
  t.is(notFound?.code, GrpcStatus.NOT_FOUND);
  t.is(notFound?.message, 'rpc error: code = NotFound desc = an error occurred when try to find container "nope": not found');
  const pull = await t.throwsAsync(images.pullImage({ image: { image: 'does-not-exist:1' } }), { instanceOf: CriError });
  t.is(pull?.code, GrpcStatus.NOT_FOUND);
  t.is(
    pull?.details,
    'failed to pull and unpack image "docker.io/library/does-not-exist:1": failed to resolve reference "docker.io/library/does-not-exist:1": docker.io/library/does-not-exist:1: not found',
  );

  const { podSandboxId, containerId } = await runningContainer(served);
  const checkpoint = await t.throwsAsync(runtime.checkpointContainer({ containerId, location: join(dir, 'c.tar') }), { instanceOf: CriError });
  t.is(checkpoint?.code, GrpcStatus.UNIMPLEMENTED);
  t.is(checkpoint?.details, 'method CheckpointContainer not implemented');
  const sandboxStats = await t.throwsAsync(runtime.listPodSandboxStats({}), { instanceOf: CriError });
  t.is(sandboxStats?.code, GrpcStatus.UNIMPLEMENTED);
  // The containers' stats are answered: zero usage for the running container, measured now.
  const { stats } = await runtime.listContainerStats({});
  t.is(stats.length, 1);
  t.like(stats[0], { attributes: { id: containerId }, cpu: { usageCoreNanoSeconds: { value: 0 } }, memory: { workingSetBytes: { value: 0 } } });
  t.true((stats[0]?.cpu?.timestamp ?? 0) > 0);
  const missingConfig = await t.throwsAsync(runtime.createContainer({ podSandboxId }), { instanceOf: CriError });
  t.is(missingConfig?.code, GrpcStatus.INVALID_ARGUMENT);
});

test('CheckpointContainer writes the archive at the location the kubelet gives, mode 0600', async (t) => {
  const served = await servedRuntime(t);
  const { dir, runtime } = served;
  const { containerId } = await runningContainer(served);
  const location = join(dir, 'checkpoint-web_default-main-2026-01-01T00:00:00Z.tar');
  await runtime.checkpointContainer({ containerId, location, timeout: 10 });
  const { statSync } = await import('node:fs');
  t.is(statSync(location).mode & 0o777, 0o600);
  t.true(readFileSync(location).subarray(0, 100).toString().startsWith('config.dump'));
});

test('GetContainerEvents streams each container change', async (t) => {
  const { dir, runtime, images } = await servedRuntime(t);
  const { imageRef } = await images.pullImage({ image: { image: 'busybox' } });
  const { podSandboxId } = await runtime.runPodSandbox({ config: sandboxConfig(dir, 'job', { 'runtime-sim.capstan.dev/lifecycle': 'succeeded' }) });
  const controller = new AbortController();
  const events: string[] = [];
  const consumed = (async () => {
    for await (const event of runtime.getContainerEvents({}, { signal: controller.signal })) {
      events.push(`${event.containerEventType}:${event.containersStatuses.find((s) => s.id === event.containerId)?.state ?? '-'}:${event.podSandboxStatus?.id === podSandboxId}`);
      if (events.length === 4) controller.abort();
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const { containerId } = await runtime.createContainer({ podSandboxId, config: { metadata: { name: 'main' }, image: { image: imageRef } } });
  await runtime.startContainer({ containerId });
  await waitFor(
    async () => (await runtime.containerStatus({ containerId })).status?.state,
    (state) => state === 'CONTAINER_EXITED',
  );
  await runtime.removeContainer({ containerId });
  await consumed;
  t.deepEqual(events, [
    'CONTAINER_CREATED_EVENT:CONTAINER_CREATED:true',
    'CONTAINER_STARTED_EVENT:CONTAINER_RUNNING:true',
    'CONTAINER_STOPPED_EVENT:CONTAINER_EXITED:true',
    'CONTAINER_DELETED_EVENT:-:true',
  ]);
});

/** Opens an exec URL, sends `input` on stdin, and collects the channels until the server closes. */
function execStream(url: string, protocol: string, input: Buffer[] = []): Promise<{ protocol: string; channels: Map<number, string> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), [protocol]);
    const channels = new Map<number, string>();
    ws.on('open', () => {
      for (const frame of input) ws.send(frame);
    });
    ws.on('message', (data: Buffer) => channels.set(data[0] as number, (channels.get(data[0] as number) ?? '') + data.subarray(1).toString()));
    ws.on('close', () => resolve({ protocol: ws.protocol, channels }));
    ws.on('error', reject);
  });
}

test('Exec answers a streaming URL; the stream carries stdout, stderr and the final Status', async (t) => {
  const served = await servedRuntime(t);
  const { runtime } = served;
  const { containerId } = await runningContainer(served);

  const { url } = await runtime.exec({ containerId, cmd: ['sh', '-c', 'echo out; echo err >&2; exit 3'], stdout: true, stderr: true });
  t.regex(url, /^http:\/\/127\.0\.0\.1:\d+\/exec\/[\w-]+$/);
  const failed = await execStream(url, 'v4.channel.k8s.io');
  t.is(failed.protocol, 'v4.channel.k8s.io');
  t.is(failed.channels.get(1), 'out\n');
  t.deepEqual(JSON.parse(failed.channels.get(3) ?? ''), {
    metadata: {},
    status: 'Failure',
    message: 'command terminated with non-zero exit code: error executing command [sh -c echo out; echo err >&2; exit 3], exit code 3',
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: '3' }] },
  });
  const reused = await t.throwsAsync(execStream(url, 'v4.channel.k8s.io'));
  t.regex(reused?.message ?? '', /404/, 'an exec URL is good for one stream');

  const interactive = await runtime.exec({ containerId, cmd: ['sh'], stdin: true, stdout: true, tty: true });
  const session = await execStream(interactive.url, 'v5.channel.k8s.io', [Buffer.from('\x00echo hi\n'), Buffer.from([255, 0])]);
  t.is(session.channels.get(1), '/ # hi\r\n/ # ');
  t.deepEqual(JSON.parse(session.channels.get(3) ?? ''), { metadata: {}, status: 'Success' });

  const invalid = await t.throwsAsync(runtime.exec({ containerId, cmd: ['sh'], tty: true, stdout: true, stderr: true }), { instanceOf: CriError });
  t.is(invalid?.details, 'tty and stderr cannot both be true');
});

test('the command serves until SIGTERM, then removes its socket and exits 0', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-sim-cmd-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const socket = join(dir, 'sim.sock');
  const commandModule = join(import.meta.dirname, '..', 'src', 'runtime-sim', 'command.ts');
  const script = `import { runtimeSimCommand } from ${JSON.stringify(commandModule)}; process.exitCode = await runtimeSimCommand(process.argv.slice(1), (line) => console.log(line));`;
  const child = spawn(nodeBinary, ['--input-type=module', '-e', script, '--', '--listen', `unix://${socket}`, '--root-dir', join(dir, 'root')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitFor(
    async () => stdout,
    (text) => text.includes('\n'),
    60_000,
  );
  t.is(stdout, `runtime-sim serving CRI v1 on unix://${socket}\n`, stderr);
  const client = await CriRuntimeClient.connect(`unix://${socket}`);
  t.is((await client.version({})).runtimeName, 'capstan-runtime-sim');
  client.close();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  t.is(await exited, 0);
  t.false(existsSync(socket));
});

test('the command refuses a bad lifecycle file, naming the file and the field', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-sim-bad-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'lifecycles.yaml');
  writeFileSync(file, 'lifecycles:\n  - name: x\n    exit: { after: 1s, code: -1 }\n');
  await t.throwsAsync(
    runtimeSimCommand(['--listen', `unix://${join(dir, 's.sock')}`, '--lifecycles', file, '--root-dir', join(dir, 'root')], () => {}),
    {
      message: `invalid runtime-sim configuration ${file}: lifecycles[0].exit.code: Invalid value: -1: must be an integer between 0 and 255`,
    },
  );
  await t.throwsAsync(
    runtimeSimCommand([], () => {}),
    { message: '--listen is required, e.g. --listen unix:///run/capstan/runtime-sim.sock' },
  );
  t.false(existsSync(join(dir, 's.sock')));
});
