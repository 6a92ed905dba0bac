// A pod through the pod workers on a real runtime: Debian's containerd, started here with a
// configuration of its own (cgroupfs, restrict_oom_score_adj, the test's busybox image as the
// sandbox image, no CNI: the pod uses the host's network). Skipped, with the reason printed, where
// containerd or a static busybox is missing or we are not root.

import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { access, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import { CriRuntimeClient } from '../src/cri/index.ts';
import type { Pod } from '../src/pods/pod-types.ts';
import { writeOciImageArchive } from './cri-oci-image.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

const imageName = 'capstan.local/busybox:1';

async function findExecutable(name: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, name);
    if (await access(path, constants.X_OK).then(() => true, () => false)) return path;
  }
  return undefined;
}

const containerd = await findExecutable('containerd');
const ctr = await findExecutable('ctr');
const busybox = (await findExecutable('busybox')) ?? '/bin/busybox';
const busyboxStatic = await promisify(execFile)('file', ['-L', busybox]).then(({ stdout }) => stdout.includes('statically linked'), () => readFile(busybox).then((bytes) => !bytes.includes(Buffer.from('ld-linux')), () => false));
const skipReason =
  process.getuid?.() !== 0
    ? 'containerd needs root'
    : containerd === undefined || ctr === undefined
      ? 'containerd is not installed (apt-get install containerd)'
      : !busyboxStatic
        ? 'no static busybox for the image (apt-get install busybox-static)'
        : undefined;

function containerdConfig(dir: string): string {
  const cri = 'plugins."io.containerd.grpc.v1.cri"';
  return [
    'version = 2',
    `root = "${dir}/root"`,
    `state = "${dir}/state"`,
    'disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]',
    `[grpc]\n  address = "${dir}/containerd.sock"`,
    `[ttrpc]\n  address = "${dir}/containerd.sock.ttrpc"`,
    `[plugins."io.containerd.internal.v1.opt"]\n  path = "${dir}/opt"`,
    `[${cri}]\n  restrict_oom_score_adj = true\n  sandbox_image = "${imageName}"\n  stream_server_address = "127.0.0.1"\n  stream_server_port = "0"`,
    `[${cri}.containerd.runtimes.runc]\n  runtime_type = "io.containerd.runc.v2"`,
    `[${cri}.containerd.runtimes.runc.options]\n  SystemdCgroup = false`,
    `[${cri}.cni]\n  bin_dir = "${dir}/cni/bin"\n  conf_dir = "${dir}/cni/conf"`,
    '',
  ].join('\n');
}

if (skipReason !== undefined) {
  console.log(`pods-containerd: skipped: ${skipReason}`);
  test.skip(`a pod on containerd: ${skipReason}`, () => {});
} else {
  let dir = '';
  let process_: ChildProcess | undefined;
  let api: ApiServer;
  test.before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'capstan-pods-containerd-'));
    await writeFile(join(dir, 'config.toml'), containerdConfig(dir));
    process_ = spawn(containerd!, ['--config', join(dir, 'config.toml')], { stdio: ['ignore', 'ignore', 'ignore'] });
    const endpoint = `unix://${dir}/containerd.sock`;
    await until(() => CriRuntimeClient.connect(endpoint).then((client) => (client.close(), true), () => false), (up) => up, 'containerd to start', 30_000);
    const archive = await writeOciImageArchive(join(dir, 'image'), { name: imageName, busybox, entrypoint: ['/bin/busybox', 'sleep', '3600'] });
    await promisify(execFile)(ctr!, ['--address', `${dir}/containerd.sock`, '--namespace', 'k8s.io', 'images', 'import', archive]);
    api = await startApiServer();
  });
  test.after.always(async () => {
    await api?.stop();
    if (process_ !== undefined && process_.exitCode === null) {
      // Whatever a failed test left running: the shims outlive containerd otherwise.
      const runtime = await CriRuntimeClient.connect(`unix://${dir}/containerd.sock`).catch(() => undefined);
      for (const sandbox of (await runtime?.listPodSandbox().catch(() => undefined))?.items ?? []) {
        await runtime?.stopPodSandbox({ podSandboxId: sandbox.id }).catch(() => {});
        await runtime?.removePodSandbox({ podSandboxId: sandbox.id }).catch(() => {});
      }
      runtime?.close();
      process_.kill('SIGTERM');
      await once(process_, 'exit');
    }
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  });

  test.serial('a host-network pod runs on containerd, logs to podLogsDir, and is deleted within its grace period', async (t) => {
    const node = await startAgentNode(t, { nodeName: 'node-containerd', api, endpoint: `unix://${dir}/containerd.sock` });
    const client = node.client as RestClient;
    const created = await client.create<Pod & { metadata: { name: string } }>(
      podsOf('default'),
      podManifest('real', node.nodeName, {
        hostNetwork: true,
        terminationGracePeriodSeconds: 3,
        containers: [{ name: 'app', image: imageName, imagePullPolicy: 'Never', command: ['/bin/busybox'], args: ['sh', '-c', 'echo "hello from $(POD_NAME)"; exec sleep 3600'], env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }],
      }),
    );
    const pod = await waitForPod(client, 'default', 'real', (p) => p.status?.phase === 'Running', 'the pod to run on containerd', 60_000);
    const app = pod.status?.containerStatuses?.[0];
    t.regex(app?.containerID ?? '', /^containerd:\/\/[0-9a-f]{64}$/);
    t.is(app?.image, imageName);
    t.regex(app?.imageID ?? '', /^sha256:[0-9a-f]{64}$/);
    t.true(app?.ready);
    // A host-network pod has the node's addresses.
    t.deepEqual(pod.status?.podIPs, [{ ip: '192.0.2.10' }]);
    const log = `${node.podLogsDir}/default_real_${created.metadata.uid}/app/0.log`;
    t.is(node.workers.directory.findContainer('default', 'real', 'app')?.logPath, log);
    // $(POD_NAME) was expanded from the downward API into the arguments.
    await until(() => readFile(log, 'utf8').catch(() => ''), (text) => text.includes('hello from real'), 'the log line');

    const started = Date.now();
    await client.delete(podsOf('default', 'real'));
    await until(() => client.get(podsOf('default', 'real')).then(() => true, () => false), (present) => !present, 'the pod to be deleted', 30_000);
    t.log(`deleted after ${Date.now() - started} ms (sleep ignores SIGTERM as PID 1: killed after the 3 s grace period)`);
    t.true(Date.now() - started >= 3000);
    await until(async () => (await node.runtime.listContainers({})).containers.length + (await node.runtime.listPodSandbox({})).items.length, (n) => n === 0, 'containerd to be empty', 30_000);
  });
}
