// The OCI image of Capstan on a real containerd (nodeagent's containerd fixture): built twice to the
// same digest, imported with `ctr`, then run through CRI as the kubelet would: `capstan version` in
// a container, and `capstan apiserver` in a host-network container that the host reaches on
// /readyz. Skipped, with the reason printed, where containerd or a static busybox (the sandbox
// image) is missing or we are not root; CI installs both.

import test from 'ava';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { capstanVersion, kubernetesMinor } from '@capstan/common';
import { eventually } from '../../common/test/eventually.ts';
import { trustServingAuthority } from '../../common/test/api-server-child.ts';
import { CriImageClient, CriRuntimeClient } from '../../nodeagent/src/cri/index.ts';
import { busyboxSkipReason, containerdSkipReason, startContainerd, type ContainerdProcess } from '../../nodeagent/test/containerd-fixture.ts';
import { buildCapstanImage, defaultImageName, importImage, type BuiltImage } from '../src/index.ts';
import { preferredOrFreePort } from '../src/preferred-port.ts';

const skipReason = containerdSkipReason ?? busyboxSkipReason;
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

if (skipReason !== undefined) {
  console.log(`image: skipped: ${skipReason}`);
  test.skip(`the Capstan image on containerd: ${skipReason}`, () => {});
} else {
  let containerd: ContainerdProcess | undefined;
  let runtime: CriRuntimeClient | undefined;
  let images: CriImageClient | undefined;
  let dir = '';
  let built: BuiltImage;

  test.before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'capstan-image-test-'));
    containerd = await startContainerd();
    // The sandboxes' image.
    await containerd.importBusybox();
    runtime = await CriRuntimeClient.connect(containerd.endpoint, { requestTimeoutMs: 60_000 });
    images = await CriImageClient.connect(containerd.endpoint);
  });

  test.after.always(async () => {
    runtime?.close();
    images?.close();
    // Removes the sandboxes (and so the containers) a failed test left, then containerd's state.
    await containerd?.stop();
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  /** A host-network sandbox whose container runs the image with `args`; removed at the test's end. */
  async function runCapstanContainer(
    t: { teardown(fn: () => Promise<void>): void },
    name: string,
    args: readonly string[],
    mounts: readonly { containerPath: string; hostPath: string }[] = [],
  ) {
    const cri = runtime as CriRuntimeClient;
    const logDirectory = join(dir, 'pods', name);
    const namespaceOptions = { network: 'NODE', pid: 'CONTAINER', ipc: 'POD' } as const;
    const sandboxConfig = {
      metadata: { name, namespace: 'kube-system', uid: `uid-${name}`, attempt: 0 },
      logDirectory,
      linux: { securityContext: { namespaceOptions } },
    } as const;
    const { podSandboxId } = await cri.runPodSandbox({ config: sandboxConfig });
    t.teardown(async () => {
      await cri.stopPodSandbox({ podSandboxId }).catch(() => {});
      await cri.removePodSandbox({ podSandboxId }).catch(() => {});
    });
    const { containerId } = await cri.createContainer({
      podSandboxId,
      sandboxConfig,
      config: {
        metadata: { name: 'capstan', attempt: 0 },
        image: { image: built.name },
        args: [...args],
        mounts: mounts.map((mount) => ({ ...mount })),
        logPath: 'capstan/0.log',
        linux: { securityContext: { namespaceOptions } },
      },
    });
    await cri.startContainer({ containerId });
    const logPath = join(logDirectory, 'capstan', '0.log');
    return { podSandboxId, containerId, log: () => readFile(logPath, 'utf8').catch(() => '') };
  }

  test.serial('the image builds to the same digest twice, and containerd imports it under its name', async (t) => {
    const started = Date.now();
    built = await buildCapstanImage({ output: join(dir, 'first.tar') });
    t.log(`built ${built.name} ${built.digest} in ${Date.now() - started} ms: ${built.size} bytes, layers ${built.layerSizes.join(' + ')}`);
    const again = await buildCapstanImage({ output: join(dir, 'second.tar') });
    t.is(built.name, defaultImageName);
    t.is(built.name, `capstan.local/capstan:${capstanVersion}`);
    t.regex(built.digest, /^sha256:[0-9a-f]{64}$/);
    t.is(again.digest, built.digest);
    t.is(await sha256Of(join(dir, 'second.tar')), await sha256Of(join(dir, 'first.tar')));
    t.is(built.layerSizes.length, 2);
    // No temporary file is left beside the archives.
    t.deepEqual((await readdir(dir)).sort(), ['first.tar', 'second.tar']);

    const said = await importImage(`unix://${(containerd as ContainerdProcess).dir}/containerd.sock`, built.archive as string);
    t.log(said);
    const status = await (images as CriImageClient).imageStatus({ image: { image: built.name } });
    t.deepEqual(status.image?.repoTags, [built.name]);
    t.true((status.image?.size ?? 0) > 100_000_000, String(status.image?.size));
  });

  test.serial('capstan image build --import streams the archive into ctr, no file written', async (t) => {
    const name = 'capstan.local/capstan:streamed';
    const address = `unix://${(containerd as ContainerdProcess).dir}/containerd.sock`;
    const child = spawnSync(process.execPath, [capstan, 'image', 'build', '--import', `--address=${address}`, `--name=${name}`], { encoding: 'utf8', cwd: dir });
    t.is(child.status, 0, child.stderr);
    t.regex(child.stdout, new RegExp(`^Imported ${name} \\(sha256:[0-9a-f]{64}\\) into containerd at ${address}, namespace k8s\\.io, in `));
    const streamed = await (images as CriImageClient).imageStatus({ image: { image: name } });
    const fromFile = await (images as CriImageClient).imageStatus({ image: { image: built.name } });
    // One image (the same config) under two names.
    t.is(streamed.image?.id, fromFile.image?.id);
    t.deepEqual(streamed.image?.repoTags.toSorted(), [built.name, name].toSorted());
    t.deepEqual((await readdir(dir)).sort(), ['first.tar', 'second.tar']);
  });

  test.serial('a container of the image runs `capstan version` and exits 0', async (t) => {
    const cri = runtime as CriRuntimeClient;
    const container = await runCapstanContainer(t, 'capstan-version', ['version']);
    const exited = await eventually(
      'the version container to exit',
      async () => {
        const status = (await cri.containerStatus({ containerId: container.containerId })).status;
        return status?.state === 'CONTAINER_EXITED' ? status : undefined;
      },
      60_000,
    );
    const log = await container.log();
    t.is(exited.exitCode, 0, log);
    t.regex(log, new RegExp(`stdout F Capstan v${capstanVersion.replaceAll('.', '\\.')} \\(Kubernetes API ${kubernetesMinor}\\)\\n`));
  });

  test.serial('a host-network container serves `capstan apiserver`, ready from the host, and stops on SIGTERM', async (t) => {
    const cri = runtime as CriRuntimeClient;
    const port = await preferredOrFreePort(0);
    // The store on a host folder, as a static pod's hostPath would keep it.
    const dataDir = join(dir, 'apiserver-data');
    await mkdir(dataDir);
    const container = await runCapstanContainer(
      t,
      'capstan-apiserver',
      ['apiserver', '--data-dir=/var/lib/capstan', `--secure-port=${port}`, '--bind-address=127.0.0.1'],
      [{ containerPath: '/var/lib/capstan', hostPath: dataDir }],
    );
    const running = async (): Promise<void> => {
      const state = (await cri.containerStatus({ containerId: container.containerId })).status?.state;
      if (state !== 'CONTAINER_RUNNING') throw new Error(`the API server's container is ${state}:\n${await container.log()}`);
    };
    // Its serving line, in the container's log, says the certificate is written.
    await eventually(
      'the API server to serve',
      async () => {
        await running();
        return (await container.log()).includes(`serving on https://127.0.0.1:${port}`) ? true : undefined;
      },
      60_000,
    );
    trustServingAuthority(join(dataDir, 'pki', 'apiserver.crt'));
    const readyz = await eventually(
      '/readyz to answer ok',
      async () => {
        await running();
        const answer = await fetch(`https://127.0.0.1:${port}/readyz`).catch(() => undefined);
        return answer?.status === 200 ? answer.text() : undefined;
      },
      60_000,
    );
    t.is(readyz, 'ok');

    await cri.stopContainer({ containerId: container.containerId, timeout: 30 });
    const exited = (await cri.containerStatus({ containerId: container.containerId })).status;
    t.is(exited?.state, 'CONTAINER_EXITED');
    t.is(exited?.exitCode, 0, await container.log());
    await cri.removeContainer({ containerId: container.containerId });
    await cri.stopPodSandbox({ podSandboxId: container.podSandboxId });
    await cri.removePodSandbox({ podSandboxId: container.podSandboxId });
    t.deepEqual(await cri.listPodSandbox(), { items: [] });
  });
}
