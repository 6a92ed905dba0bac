// What `capstan up` on containerd removes when it stops, and at its start what an earlier run that
// was killed left: the containers and sandboxes of the pods its agent ran. A kubelet that stops
// leaves its pods running (static pods included), but `up` is the whole cluster: stopping it must
// leave nothing running. The pods are those the agent keeps a directory for (<root-dir>/pods/<uid>,
// as the kubelet does), found in the runtime by their uid label, so other pods of a shared
// containerd are not touched.

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type CriRuntimeClient, podTerminationGracePeriodAnnotation, podUidLabel } from '@capstan/nodeagent';

/** The longest a container is given to end after SIGTERM, as `up` gives its own processes. */
const maxGraceSeconds = 10;

/** Removes the runtime's sandboxes and containers of the pods the agent at `rootDir` ran; answers how many pods had some. */
export async function removeNodePods(runtime: CriRuntimeClient, rootDir: string): Promise<number> {
  const uids = await readdir(join(rootDir, 'pods')).catch(() => [] as string[]);
  const removed = await Promise.all(uids.map((uid) => removePodByUid(runtime, uid)));
  return removed.filter(Boolean).length;
}

async function removePodByUid(runtime: CriRuntimeClient, uid: string): Promise<boolean> {
  const filter = { labelSelector: { [podUidLabel]: uid } };
  const [{ items: sandboxes }, { containers }] = await Promise.all([runtime.listPodSandbox({ filter }), runtime.listContainers({ filter })]);
  // Each container gets its pod's grace period (up to 10 s) to end on SIGTERM, all at once.
  await Promise.all(
    containers.map(async (container) => {
      if (container.state === 'CONTAINER_RUNNING') {
        const grace = Number(container.annotations[podTerminationGracePeriodAnnotation] ?? maxGraceSeconds);
        await runtime.stopContainer({ containerId: container.id, timeout: Number.isFinite(grace) ? Math.min(grace, maxGraceSeconds) : maxGraceSeconds });
      }
      await runtime.removeContainer({ containerId: container.id });
    }),
  );
  for (const sandbox of sandboxes) {
    await runtime.stopPodSandbox({ podSandboxId: sandbox.id });
    await runtime.removePodSandbox({ podSandboxId: sandbox.id });
  }
  return sandboxes.length + containers.length > 0;
}
