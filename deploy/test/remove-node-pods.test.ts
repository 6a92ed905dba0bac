// removeNodePods, what `capstan up --self-hosted` on containerd runs when it stops (and at its start,
// for what a killed run left), on a real containerd (nodeagent's fixture): the pods the agent keeps a
// directory for are stopped within their grace period and removed, other pods of that containerd
// stay. Skipped, with the reason printed, where containerd or a static busybox is missing or we are
// not root; CI installs both.

import test from 'ava';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CriRuntimeClient } from '../../nodeagent/src/cri/index.ts';
import { podTerminationGracePeriodAnnotation, podUidLabel } from '../../nodeagent/src/pods/runtime-labels.ts';
import { busyboxImage, busyboxSkipReason, containerdSkipReason, startContainerd, type ContainerdProcess } from '../../nodeagent/test/containerd-fixture.ts';
import { removeNodePods } from '../src/remove-node-pods.ts';

const skipReason = containerdSkipReason ?? busyboxSkipReason;

if (skipReason !== undefined) {
  console.log(`remove-node-pods: skipped: ${skipReason}`);
  test.skip(`removing the agent's pods from containerd: ${skipReason}`, () => {});
} else {
  let containerd: ContainerdProcess | undefined;
  let runtime: CriRuntimeClient;
  let rootDir = '';

  test.before(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'capstan-remove-pods-'));
    containerd = await startContainerd();
    await containerd.importBusybox();
    runtime = await CriRuntimeClient.connect(containerd.endpoint, { requestTimeoutMs: 60_000 });
  });

  test.after.always(async () => {
    runtime?.close();
    await containerd?.stop();
    if (rootDir !== '') await rm(rootDir, { recursive: true, force: true });
  });

  /** A host-network pod of one running busybox container (PID 1 of its namespace: it ignores SIGTERM), labelled as the agent labels them. */
  async function runPod(uid: string): Promise<void> {
    const labels = { [podUidLabel]: uid };
    const namespaceOptions = { network: 'NODE', pid: 'CONTAINER', ipc: 'POD' } as const;
    const sandboxConfig = {
      metadata: { name: uid, namespace: 'default', uid, attempt: 0 },
      labels,
      logDirectory: join(rootDir, 'logs', uid),
      linux: { securityContext: { namespaceOptions } },
    } as const;
    const { podSandboxId } = await runtime.runPodSandbox({ config: sandboxConfig });
    const { containerId } = await runtime.createContainer({
      podSandboxId,
      sandboxConfig,
      config: {
        metadata: { name: 'sleep', attempt: 0 },
        image: { image: busyboxImage },
        labels,
        annotations: { [podTerminationGracePeriodAnnotation]: '1' },
        logPath: 'sleep/0.log',
        linux: { securityContext: { namespaceOptions } },
      },
    });
    await runtime.startContainer({ containerId });
  }

  test.serial("the agent's pods are stopped within their grace period and removed; another pod of that containerd stays", async (t) => {
    await mkdir(join(rootDir, 'pods', 'uid-ours'), { recursive: true });
    await runPod('uid-ours');
    await runPod('uid-other');
    const started = Date.now();
    t.is(await removeNodePods(runtime, rootDir), 1);
    // SIGTERM is ignored: SIGKILL after the pod's 1 s, not the 10 s at most.
    t.true(Date.now() - started < 8000, `${Date.now() - started} ms`);
    const left = await runtime.listContainers();
    t.deepEqual(
      left.containers.map((container) => [container.labels[podUidLabel], container.state]),
      [['uid-other', 'CONTAINER_RUNNING']],
    );
    t.deepEqual(
      (await runtime.listPodSandbox()).items.map((sandbox) => sandbox.metadata?.uid),
      ['uid-other'],
    );
    // Asked again, there is nothing of ours left to remove.
    t.is(await removeNodePods(runtime, rootDir), 0);
  });

  test.serial('an agent that never ran a pod (no pods directory) removes nothing', async (t) => {
    t.is(await removeNodePods(runtime, join(rootDir, 'no-agent-here')), 0);
    t.is((await runtime.listContainers()).containers.length, 1);
  });
}
