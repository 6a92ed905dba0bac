// The CRI client against a real runtime: Debian's containerd, started here with a configuration of
// its own (state under a temp dir, cgroupfs, restrict_oom_score_adj for unprivileged sandboxes).
// Skipped, with the reason printed, where containerd is not installed or we are not root; the pod
// test also needs busybox-static for its image. CI installs: containerd busybox-static.

import test from 'ava';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { access, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { CriError, CriImageClient, CriRuntimeClient, GrpcStatus } from '../src/cri/index.ts';
import { writeOciImageArchive } from './cri-oci-image.ts';

const imageName = 'capstan.local/busybox:1';

async function findExecutable(name: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      await access(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {}
  }
  return undefined;
}

const containerdPath = await findExecutable('containerd');
const ctrPath = await findExecutable('ctr');
const skipReason =
  process.getuid?.() !== 0 ? 'containerd needs root' : containerdPath === undefined || ctrPath === undefined ? 'containerd is not installed (apt-get install containerd)' : undefined;
const busybox = (await findExecutable('busybox')) ?? '/bin/busybox';
const busyboxIsStatic = skipReason === undefined && (await readFile(busybox).then(isStaticElf, () => false));

/** A 64-bit little-endian ELF executable without a program interpreter (PT_INTERP) runs in any image. */
function isStaticElf(bytes: Buffer): boolean {
  if (bytes.length < 64 || bytes.readUInt32BE(0) !== 0x7f454c46 || bytes[4] !== 2 || bytes[5] !== 1) return false;
  const offset = Number(bytes.readBigUInt64LE(32));
  const size = bytes.readUInt16LE(54);
  for (let header = 0; header < bytes.readUInt16LE(56); header++) {
    if (bytes.readUInt32LE(offset + header * size) === 3) return false;
  }
  return true;
}

if (skipReason !== undefined) {
  console.log(`cri-containerd: skipped: ${skipReason}`);
  test.skip(`CRI against containerd: ${skipReason}`, () => {});
} else {
  let dir = '';
  let containerd: ChildProcess | undefined;
  let runtime: CriRuntimeClient;
  let images: CriImageClient;
  let endpoint = '';
  let containerdVersion = '';

  test.before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'capstan-containerd-'));
    endpoint = `unix://${dir}/containerd.sock`;
    await writeFile(join(dir, 'config.toml'), containerdConfig(dir));
    containerdVersion = (await promisify(execFile)(containerdPath!, ['--version'])).stdout.trim();
    containerd = spawn(containerdPath!, ['--config', join(dir, 'config.toml')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    containerd.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
    const until = Date.now() + 30_000;
    for (;;) {
      try {
        runtime = await CriRuntimeClient.connect(endpoint, { requestTimeoutMs: 30_000 });
        break;
      } catch (error) {
        if (containerd.exitCode !== null || Date.now() > until) throw new Error(`containerd did not start: ${(error as Error).message}\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    images = await CriImageClient.connect(endpoint);
  });

  test.after.always(async () => {
    if (runtime !== undefined) {
      // Whatever a failed test left running: the shims outlive containerd otherwise.
      for (const sandbox of (await runtime.listPodSandbox().catch(() => ({ items: [] }))).items) {
        await runtime.stopPodSandbox({ podSandboxId: sandbox.id }).catch(() => {});
        await runtime.removePodSandbox({ podSandboxId: sandbox.id }).catch(() => {});
      }
      runtime.close();
    }
    images?.close();
    if (containerd !== undefined && containerd.exitCode === null) {
      containerd.kill('SIGTERM');
      await once(containerd, 'exit');
    }
    await rm(dir, { recursive: true, force: true }).catch(() => {});
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

  const podTest = busyboxIsStatic ? test.serial : test.serial.skip;
  if (!busyboxIsStatic) console.log('cri-containerd: pod test skipped: no static busybox (apt-get install busybox-static)');
  podTest('a host-network pod runs on containerd: sandbox, container, logs, exec, stop, remove', async (t) => {
    const archive = await writeOciImageArchive(join(dir, 'image'), { name: imageName, busybox, entrypoint: ['/bin/busybox', 'sleep', '3600'] });
    await promisify(execFile)(ctrPath!, ['--address', `${dir}/containerd.sock`, '--namespace', 'k8s.io', 'images', 'import', archive]);
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

function containerdConfig(dir: string): string {
  const cri = 'plugins."io.containerd.grpc.v1.cri"';
  return `version = 2
root = "${dir}/root"
state = "${dir}/state"
# Snapshotters that need their own file systems fail to load here and are not needed.
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]
[grpc]
  address = "${dir}/containerd.sock"
[ttrpc]
  address = "${dir}/containerd.sock.ttrpc"
[plugins."io.containerd.internal.v1.opt"]
  path = "${dir}/opt"
[${cri}]
  restrict_oom_score_adj = true
  sandbox_image = "${imageName}"
  stream_server_address = "127.0.0.1"
  stream_server_port = "0"
  [${cri}.containerd.runtimes.runc]
    runtime_type = "io.containerd.runc.v2"
    [${cri}.containerd.runtimes.runc.options]
      SystemdCgroup = false
  [${cri}.cni]
    bin_dir = "${dir}/cni/bin"
    conf_dir = "${dir}/cni/conf"
`;
}
