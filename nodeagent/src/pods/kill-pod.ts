// Stopping a pod as the kubelet's killPodWithSyncResult does: every running container stopped at
// once with the grace period (its preStop hook first, then SIGTERM, then SIGKILL when it runs
// out), then its sandboxes stopped;
// and removing what is left once the pod is gone from the API (containers, sandboxes, its log and
// volume directories), as the container garbage collector does.

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CriError, GrpcStatus, type CriRuntimeClient } from '../cri/index.ts';
import type { LifecycleHooks } from './hooks/lifecycle-hooks.ts';
import type { RecordPodEvent } from './pod-events.ts';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';
import type { ContainerKillReason } from './prober/probe-manager.ts';
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

/** The kubelet never stops a container with less than 2 seconds of grace. */
const minimumGracePeriodSeconds = 2;

export interface KillContainerOptions {
  /** The Killing event's message; "Stopping container <name>" by default. */
  readonly message?: string;
  /** Why it is killed: a failed liveness or startup probe stops it with that probe's grace period, if set. */
  readonly reason?: ContainerKillReason;
  /** The pod worker's grace period, which wins over the pod's own. */
  readonly gracePeriodOverride?: number;
  /** Runs the container's preStop hook first, when it has one. */
  readonly hooks?: LifecycleHooks;
  /** The pod's IPs, for an httpGet preStop hook. */
  readonly podIPs?: readonly string[];
}

/** setTerminationGracePeriod: the deletion's, else the probe's (for a probe's kill) or the pod's, else 2 s. */
function terminationGracePeriod(pod: Pod, spec: Container | undefined, reason: ContainerKillReason | undefined): number {
  if (pod.metadata.deletionGracePeriodSeconds !== undefined) return pod.metadata.deletionGracePeriodSeconds;
  if (pod.spec.terminationGracePeriodSeconds === undefined) return minimumGracePeriodSeconds;
  const probe = reason === 'LivenessProbe' ? spec?.livenessProbe : reason === 'StartupProbe' ? spec?.startupProbe : undefined;
  return probe?.terminationGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds;
}

/** killContainer: the Killing event, the preStop hook within the grace period, then StopContainer with what is left (2 s at least). */
export async function killContainer(
  runtime: CriRuntimeClient,
  pod: Pod,
  container: Pick<RuntimeContainerStatus, 'id' | 'name' | 'state'>,
  recordEvent: RecordPodEvent,
  options: KillContainerOptions = {},
): Promise<void> {
  const spec = [...(pod.spec.initContainers ?? []), ...pod.spec.containers].find((c) => c.name === container.name);
  let gracePeriod = options.gracePeriodOverride ?? terminationGracePeriod(pod, spec, options.reason);
  recordEvent(pod, spec, { type: 'Normal', reason: 'Killing', message: options.message ?? `Stopping container ${container.name}` });
  if (options.hooks !== undefined && spec?.lifecycle?.preStop !== undefined && container.state === 'running' && gracePeriod > 0) {
    gracePeriod -= await options.hooks.executePreStop({ pod, container: spec, containerId: container.id, podIPs: options.podIPs ?? [] }, gracePeriod);
  }
  await runtime.stopContainer({ containerId: container.id, timeout: Math.max(gracePeriod, minimumGracePeriodSeconds) }).catch(ignoreNotFound);
}

/** Stops the pod's running containers (all at once) and then its ready sandboxes. */
export async function killPod(
  runtime: CriRuntimeClient,
  pod: Pod,
  status: RuntimePodStatus,
  recordEvent: RecordPodEvent,
  options: Pick<KillContainerOptions, 'gracePeriodOverride' | 'hooks' | 'podIPs'> = {},
): Promise<void> {
  const running = status.containers.filter((container) => container.state !== 'exited');
  const podIPs = options.podIPs ?? status.ips;
  const results = await Promise.allSettled(running.map((container) => killContainer(runtime, pod, container, recordEvent, { ...options, podIPs })));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
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
