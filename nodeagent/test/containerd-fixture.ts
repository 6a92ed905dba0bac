// Debian's containerd, started by a test with a configuration of its own: state under a temp dir,
// the cgroupfs driver, restrict_oom_score_adj for unprivileged sandboxes, a streaming server on
// 127.0.0.1, no CNI (pods use the host's network), and a busybox image made from Debian's
// busybox-static as both the pods' image and the sandbox image. CI installs: containerd
// busybox-static. Used by the CRI, pod-worker and e2e tests.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { access, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { CriRuntimeClient } from '../src/cri/index.ts';
import { writeOciImageArchive } from './cri-oci-image.ts';

const run = promisify(execFile);

/** The busybox image's name, as containerd lists it; also the sandbox image. */
export const busyboxImage = 'capstan.local/busybox:1';

async function findExecutable(name: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, name);
    if (
      await access(path, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return undefined;
}

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

const containerdPath = await findExecutable('containerd');
const ctrPath = await findExecutable('ctr');
const busyboxPath = (await findExecutable('busybox')) ?? '/bin/busybox';

/** Why containerd cannot run here, or undefined. */
export const containerdSkipReason: string | undefined =
  process.getuid?.() !== 0
    ? 'containerd needs root'
    : containerdPath === undefined || ctrPath === undefined
      ? 'containerd is not installed (apt-get install containerd)'
      : undefined;

/** Why the busybox image cannot be made here, or undefined. */
export const busyboxSkipReason: string | undefined = (await readFile(busyboxPath).then(isStaticElf, () => false))
  ? undefined
  : 'no static busybox for the image (apt-get install busybox-static)';

export interface ContainerdProcess {
  readonly dir: string;
  /** unix://<dir>/containerd.sock */
  readonly endpoint: string;
  /** What `containerd --version` printed. */
  readonly version: string;
  /** Imports the busybox image (entrypoint: sleep an hour) into the k8s.io namespace. */
  importBusybox(): Promise<void>;
  /** Removes whatever sandboxes are left (their shims outlive containerd), stops containerd, removes its directory. */
  stop(): Promise<void>;
}

export async function startContainerd(): Promise<ContainerdProcess> {
  if (containerdSkipReason !== undefined) throw new Error(containerdSkipReason);
  const dir = await mkdtemp(join(tmpdir(), 'capstan-containerd-'));
  const endpoint = `unix://${dir}/containerd.sock`;
  await writeFile(join(dir, 'config.toml'), containerdConfig(dir));
  const version = (await run(containerdPath as string, ['--version'])).stdout.trim();
  const child: ChildProcess = spawn(containerdPath as string, ['--config', join(dir, 'config.toml')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      (await CriRuntimeClient.connect(endpoint)).close();
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`containerd did not start: ${(error as Error).message}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    dir,
    endpoint,
    version,
    async importBusybox() {
      const archive = await writeOciImageArchive(join(dir, 'image'), { name: busyboxImage, busybox: busyboxPath, entrypoint: ['/bin/busybox', 'sleep', '3600'] });
      await run(ctrPath as string, ['--address', `${dir}/containerd.sock`, '--namespace', 'k8s.io', 'images', 'import', archive]);
    },
    async stop() {
      if (child.exitCode === null) {
        const runtime = await CriRuntimeClient.connect(endpoint).catch(() => undefined);
        for (const sandbox of (await runtime?.listPodSandbox().catch(() => undefined))?.items ?? []) {
          await runtime?.stopPodSandbox({ podSandboxId: sandbox.id }).catch(() => {});
          await runtime?.removePodSandbox({ podSandboxId: sandbox.id }).catch(() => {});
        }
        runtime?.close();
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    },
  };
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
  sandbox_image = "${busyboxImage}"
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
