// The CRI client against a real runtime: Debian's containerd (containerd-fixture.ts). Skipped, with
// the reason printed, where containerd is not installed or we are not root; the pod test also needs
// busybox-static for its image.

import test from 'ava';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CriError, CriImageClient, CriRuntimeClient, GrpcStatus } from '../src/cri/index.ts';
import { resourceMetrics } from '../src/metrics/resource-metrics.ts';
import { busyboxImage as imageName, busyboxSkipReason, containerdSkipReason, startContainerd, type ContainerdProcess } from './containerd-fixture.ts';

const skipReason = containerdSkipReason;

if (skipReason !== undefined) {
  console.log(`cri-containerd: skipped: ${skipReason}`);
  test.skip(`CRI against containerd: ${skipReason}`, () => {});
} else {
  let containerd: ContainerdProcess;
  let dir = '';
  let runtime: CriRuntimeClient;
  let images: CriImageClient;
  let containerdVersion = '';

  test.before(async () => {
    containerd = await startContainerd();
    dir = containerd.dir;
    containerdVersion = containerd.version;
    runtime = await CriRuntimeClient.connect(containerd.endpoint, { requestTimeoutMs: 30_000 });
    images = await CriImageClient.connect(containerd.endpoint);
  });

  test.after.always(async () => {
    runtime?.close();
    images?.close();
    await containerd?.stop();
  });

  test.serial('containerd answers Version, Status, the lists and ImageFsInfo through the client', async (t) => {
    const version = await runtime.version({ version: '0.1.0' });
    t.log(`${containerdVersion}: ${JSON.stringify(version)}`);
    t.is(version.runtimeName, 'containerd');
    t.is(version.runtimeApiVersion, 'v1');
    t.is(version.version, '0.1.0');
    t.true(containerdVersion.includes(version.runtimeVersion), `${version.runtimeVersion} in ${containerdVersion}`);

    const status = await runtime.status({});
    const conditions = Object.fromEntries(status.status?.conditions.map((condition) => [condition.type, condition]) ?? []);
    t.is(conditions.RuntimeReady?.status, true);
    // No CNI configuration here: the network is not ready, with the reason the kubelet reports.
    t.is(conditions.NetworkReady?.status, false);
    t.is(conditions.NetworkReady?.reason, 'NetworkPluginNotReady');

    t.deepEqual(await runtime.listPodSandbox(), { items: [] });
    t.deepEqual(await runtime.listContainers({ filter: { state: { state: 'CONTAINER_RUNNING' } } }), { containers: [] });
    t.deepEqual(await images.listImages(), { images: [] });
    const imageStatus = await images.imageStatus({ image: { image: imageName } });
    t.is(imageStatus.image, null);

    const fsInfo = await images.imageFsInfo();
    t.is(fsInfo.imageFilesystems.length, 1);
    const [filesystem] = fsInfo.imageFilesystems;
    t.true(filesystem?.fsId?.mountpoint.startsWith(join(dir, 'root', 'io.containerd.snapshotter.v1.')), filesystem?.fsId?.mountpoint);
    // Nanoseconds since the epoch, read as a number close to now.
    t.true(Math.abs((filesystem?.timestamp ?? 0) / 1e6 - Date.now()) < 60_000, String(filesystem?.timestamp));
  });

  test.serial('containerd answers UNIMPLEMENTED to CheckpointContainer and NOT_FOUND to an unknown sandbox', async (t) => {
    const error = await t.throwsAsync(runtime.checkpointContainer({ containerId: 'absent', location: join(dir, 'checkpoint.tar') }), { instanceOf: CriError });
    t.is(error.code, GrpcStatus.UNIMPLEMENTED);
    t.log(error.message);
    const notFound = await t.throwsAsync(runtime.podSandboxStatus({ podSandboxId: 'absent' }), { instanceOf: CriError });
    t.is(notFound.code, GrpcStatus.NOT_FOUND);
  });

  const podTest = busyboxSkipReason === undefined ? test.serial : test.serial.skip;
  if (busyboxSkipReason !== undefined) console.log(`cri-containerd: pod test skipped: ${busyboxSkipReason}`);
  podTest('a host-network pod runs on containerd: sandbox, container, logs, exec, stop, remove', async (t) => {
    await containerd.importBusybox();
    const image = await images.imageStatus({ image: { image: imageName } });
    t.true((image.image?.size ?? 0) > 0);
    t.deepEqual(image.image?.repoTags, [imageName]);

    const logDirectory = join(dir, 'pods', 'default_web-0_uid-1');
    // The kubelet sets no hostname for a host-network pod: runc refuses one without a UTS namespace.
    const sandboxConfig = {
      metadata: { name: 'web-0', namespace: 'default', uid: 'uid-1', attempt: 0 },
      logDirectory,
      labels: { 'io.kubernetes.pod.name': 'web-0' },
      annotations: { 'kubernetes.io/config.source': 'api' },
      linux: { securityContext: { namespaceOptions: { network: 'NODE', pid: 'CONTAINER', ipc: 'POD' } } },
    } as const;
    const { podSandboxId } = await runtime.runPodSandbox({ config: sandboxConfig });
    const sandbox = await runtime.podSandboxStatus({ podSandboxId });
    t.is(sandbox.status?.state, 'SANDBOX_READY');
    t.deepEqual(sandbox.status?.metadata, sandboxConfig.metadata);
    t.deepEqual(sandbox.status?.labels, sandboxConfig.labels);
    t.is(sandbox.status?.linux?.namespaces?.options?.network, 'NODE');

    const { containerId } = await runtime.createContainer({
      podSandboxId,
      sandboxConfig,
      config: {
        metadata: { name: 'app', attempt: 0 },
        image: { image: imageName },
        command: ['/bin/busybox'],
        args: ['sh', '-c', 'echo "hello from $GREETING"; exec sleep 3600'],
        envs: [{ key: 'GREETING', value: 'capstan' }],
        logPath: 'app/0.log',
        labels: { 'io.kubernetes.container.name': 'app' },
        linux: {
          resources: { cpuShares: 256, memoryLimitInBytes: 64 * 1024 * 1024, oomScoreAdj: 500 },
          securityContext: { runAsUser: { value: 1000 }, seccomp: { profileType: 'RuntimeDefault' }, namespaceOptions: { network: 'NODE', pid: 'CONTAINER', ipc: 'POD' } },
        },
      },
    });
    await runtime.startContainer({ containerId });
    const running = (await runtime.containerStatus({ containerId })).status;
    t.is(running?.state, 'CONTAINER_RUNNING');
    t.is(running?.logPath, join(logDirectory, 'app', '0.log'));
    t.is(running?.resources?.linux?.memoryLimitInBytes, 64 * 1024 * 1024);
    t.true((running?.startedAt ?? 0) >= (running?.createdAt ?? Infinity));

    const id = await runtime.execSync({ containerId, cmd: ['/bin/busybox', 'id', '-u'], timeout: 10 });
    t.is(Buffer.from(id.stdout).toString(), '1000\n');
    const failing = await runtime.execSync({ containerId, cmd: ['/bin/busybox', 'sh', '-c', 'echo oops >&2; exit 3'], timeout: 10 });
    t.is(failing.exitCode, 3);
    t.is(Buffer.from(failing.stderr).toString(), 'oops\n');
    t.regex((await runtime.exec({ containerId, cmd: ['sh'], stdout: true })).url, /^http:\/\/127\.0\.0\.1:\d+\/exec\//);
    // The CRI log format: time, stream, tag (F: full line), text.
    t.regex(await readFile(join(logDirectory, 'app', '0.log'), 'utf8'), /^\S+Z stdout F hello from capstan\n/);

    // The agent's /metrics/resource from containerd's stats: the container's cgroup has memory in use.
    const { body } = await resourceMetrics({ runtime, node: () => ({}) });
    const line = (name: string): string | undefined => body.split('\n').find((candidate) => candidate.startsWith(`${name}{container="app",namespace="default",pod="web-0"} `));
    t.true(Number(line('container_memory_working_set_bytes')?.split(' ')[1]) > 0, body);
    t.regex(line('container_cpu_usage_seconds_total') ?? '', / \S+ \d{13}$/);
    t.true(Math.abs(Number(line('container_start_time_seconds')?.split(' ')[1]) - (running?.createdAt ?? 0) / 1e9) < 1e-3);
    t.true(body.endsWith('resource_scrape_error 0\n'));

    await runtime.stopContainer({ containerId, timeout: 1 });
    const exited = (await runtime.containerStatus({ containerId })).status;
    t.is(exited?.state, 'CONTAINER_EXITED');
    t.is(exited?.exitCode, 137);
    t.is(exited?.reason, 'Error');
    await runtime.removeContainer({ containerId });
    await runtime.stopPodSandbox({ podSandboxId });
    await runtime.removePodSandbox({ podSandboxId });
    t.deepEqual(await runtime.listPodSandbox(), { items: [] });
  });
}
