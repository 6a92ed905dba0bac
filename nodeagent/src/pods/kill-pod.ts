// Stopping a pod as the kubelet's killPodWithSyncResult does: every running container stopped at
// once with the grace period (SIGTERM, then SIGKILL when it runs out), then its sandboxes stopped;
// and removing what is left once the pod is gone from the API (containers, sandboxes, its log and
// volume directories), as the container garbage collector does.

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CriError, GrpcStatus, type CriRuntimeClient } from '../cri/index.ts';
import type { RecordPodEvent } from './pod-events.ts';
import type { Pod } from './pod-types.ts';
import { podLogsDirectory } from './sandbox-config.ts';
import type { RuntimeContainerStatus, RuntimePodStatus } from './runtime-pod-status.ts';
import { readRuntimePodStatus } from './runtime-pod-status.ts';

/** The pod worker's effective grace period: the deletion's, else the spec's, at least 1 second. */
export function effectiveGracePeriodSeconds(pod: Pod): number {
  const period = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
  return Math.max(period, 1);
}

const ignoreNotFound = (error: unknown): void => {
  if (!CriError.is(error, GrpcStatus.NOT_FOUND)) throw error;
};

export async function killContainer(runtime: CriRuntimeClient, pod: Pod, container: RuntimeContainerStatus, gracePeriodSeconds: number, recordEvent: RecordPodEvent, reason?: string): Promise<void> {
  const spec = [...(pod.spec.initContainers ?? []), ...pod.spec.containers].find((c) => c.name === container.name);
  recordEvent(pod, spec, { type: 'Normal', reason: 'Killing', message: reason ?? `Stopping container ${container.name}` });
  await runtime.stopContainer({ containerId: container.id, timeout: gracePeriodSeconds }).catch(ignoreNotFound);
}

/** Stops the pod's running containers (all at once) and then its ready sandboxes. */
export async function killPod(runtime: CriRuntimeClient, pod: Pod, status: RuntimePodStatus, gracePeriodSeconds: number, recordEvent: RecordPodEvent): Promise<void> {
  const running = status.containers.filter((container) => container.state !== 'exited');
  const results = await Promise.allSettled(running.map((container) => killContainer(runtime, pod, container, gracePeriodSeconds, recordEvent)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
  for (const sandbox of status.sandboxes) {
    if (sandbox.ready) await runtime.stopPodSandbox({ podSandboxId: sandbox.id }).catch(ignoreNotFound);
  }
}

/** Removes everything of a pod the runtime and the agent keep: containers, sandboxes, logs, volumes. */
export async function removePod(runtime: CriRuntimeClient, runtimeName: string, pod: Pod, dirs: { readonly podLogsDir: string; readonly podsDir: string }): Promise<void> {
  const status = await readRuntimePodStatus(runtime, runtimeName, pod.metadata.uid);
  for (const container of status.containers) {
    if (container.state === 'running') await runtime.stopContainer({ containerId: container.id, timeout: 0 }).catch(ignoreNotFound);
    await runtime.removeContainer({ containerId: container.id }).catch(ignoreNotFound);
  }
  for (const sandbox of status.sandboxes) {
    await runtime.stopPodSandbox({ podSandboxId: sandbox.id }).catch(ignoreNotFound);
    await runtime.removePodSandbox({ podSandboxId: sandbox.id }).catch(ignoreNotFound);
  }
  await rm(podLogsDirectory(dirs.podLogsDir, pod), { recursive: true, force: true });
  await rm(join(dirs.podsDir, pod.metadata.uid), { recursive: true, force: true });
}
