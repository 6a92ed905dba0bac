// computePodActions: what a sync of a running pod must do to reach its spec: a new sandbox (and
// every container killed) when the sandbox changed, the next init container in order, and the
// containers to (re)start by the restart policy, or the whole pod killed when nothing is left to run.
// Restartable init containers (sidecars) are started in order like init containers and kept running.
// A running container whose definition changed (its image: the spec hash) is killed and started
// again whatever the restart policy; one that failed its liveness or startup probe is killed, and
// started again unless the restart policy is Never.

import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';
import { isRestartableInitContainer } from './pod-types.ts';
import { podSandboxChanged } from './pod-sandbox-changed.ts';
import type { ContainerKillReason, ProbeKill } from './prober/probe-manager.ts';
import { containerHash } from './runtime-labels.ts';
import { findContainerStatus, type RuntimeContainerStatus, type RuntimePodStatus } from './runtime-pod-status.ts';

export interface PodActions {
  readonly killPod: boolean;
  readonly createSandbox: boolean;
  readonly sandboxId: string | undefined;
  readonly attempt: number;
  readonly nextInitContainer: Container | undefined;
  readonly containersToStart: readonly Container[];
  /** Containers to stop: those in an unknown state before they restart, and those that failed a probe. */
  readonly containersToKill: readonly ContainerToKill[];
}

export interface ContainerToKill {
  readonly status: RuntimeContainerStatus;
  /** The Killing event's message. */
  readonly message: string;
  readonly reason?: ContainerKillReason;
}

/** Whether a running container instance failed its liveness or startup probe (the prober's results). */
export type ProbeKillCheck = (container: Container, containerID: string, init: boolean) => ProbeKill | undefined;

const unknownStateKill = (status: RuntimeContainerStatus): ContainerToKill => ({
  status,
  message: `Container ${status.name} is in an unknown state, it will be killed and re-created.`,
});

/** containerChanged: the container runs with another definition than the spec's (a hash it was not created with). */
const containerChanged = (container: Container, status: RuntimeContainerStatus): boolean => status.hash !== '' && status.hash !== containerHash(container);

const restartPolicyOf = (pod: Pod): string => pod.spec.restartPolicy ?? 'Always';

/** ShouldContainerBeRestarted. */
export function shouldContainerBeRestarted(container: Container, pod: Pod, status: RuntimePodStatus): boolean {
  if (pod.metadata.deletionTimestamp !== undefined) return false;
  const latest = findContainerStatus(status, container.name);
  if (latest === undefined) return true;
  if (latest.state === 'running') return false;
  if (latest.state === 'unknown' || latest.state === 'created') return true;
  if (isRestartableInitContainer(container)) return true;
  const policy = restartPolicyOf(pod);
  if (policy === 'Never') return false;
  if (policy === 'OnFailure' && latest.exitCode === 0) return false;
  return true;
}

const isInitContainerFailed = (status: RuntimeContainerStatus): boolean =>
  (status.state === 'exited' && status.exitCode !== 0) || status.state === 'unknown' || (status.state === 'created' && status.reason === 'ContainerCannotRun');

interface InitProgress {
  readonly done: boolean;
  readonly next: Container | undefined;
  readonly lastFailed: RuntimeContainerStatus | undefined;
}

/** findNextInitContainerToRun, with sidecars counted done once running. */
function nextInitContainer(pod: Pod, status: RuntimePodStatus): InitProgress {
  const init = pod.spec.initContainers ?? [];
  if (init.length === 0) return { done: true, next: undefined, lastFailed: undefined };
  if (pod.spec.containers.some((container) => findContainerStatus(status, container.name)?.state === 'running')) {
    return { done: true, next: undefined, lastFailed: undefined };
  }
  for (const container of init.toReversed()) {
    const latest = findContainerStatus(status, container.name);
    if (latest !== undefined && !isRestartableInitContainer(container) && isInitContainerFailed(latest)) return { done: false, next: container, lastFailed: latest };
  }
  for (const [i, container] of [...init.entries()].reverse()) {
    const latest = findContainerStatus(status, container.name);
    if (latest === undefined) continue;
    const finished = isRestartableInitContainer(container) ? latest.state === 'running' : latest.state === 'exited';
    if (latest.state === 'running' && !isRestartableInitContainer(container)) return { done: false, next: undefined, lastFailed: undefined };
    if (finished) return i === init.length - 1 ? { done: true, next: undefined, lastFailed: undefined } : { done: false, next: init[i + 1], lastFailed: undefined };
  }
  return { done: false, next: init[0], lastFailed: undefined };
}

const containerSucceeded = (container: Container, status: RuntimePodStatus): boolean => {
  const latest = findContainerStatus(status, container.name);
  return latest !== undefined && latest.state === 'exited' && latest.exitCode === 0;
};

export function computePodActions(pod: Pod, status: RuntimePodStatus, probeKill: ProbeKillCheck = () => undefined): PodActions {
  const sandbox = podSandboxChanged(pod, status);
  const base: Pick<PodActions, 'sandboxId' | 'attempt' | 'containersToKill'> = { sandboxId: sandbox.sandboxId, attempt: sandbox.attempt, containersToKill: [] };
  if (sandbox.createSandbox) {
    if (restartPolicyOf(pod) !== 'Always' && restartPolicyOf(pod) !== 'OnFailure' && sandbox.attempt !== 0 && status.containers.length > 0) {
      return { ...base, killPod: true, createSandbox: false, nextInitContainer: undefined, containersToStart: [] };
    }
    if (restartPolicyOf(pod) === 'OnFailure' && sandbox.attempt !== 0 && status.containers.length > 0 && pod.spec.containers.every((c) => containerSucceeded(c, status))) {
      return { ...base, killPod: true, createSandbox: false, nextInitContainer: undefined, containersToStart: [] };
    }
    const init = pod.spec.initContainers ?? [];
    const toStart = pod.spec.containers.filter((container) => !(restartPolicyOf(pod) === 'OnFailure' && containerSucceeded(container, status)));
    if (init.length > 0) return { ...base, killPod: true, createSandbox: true, nextInitContainer: init[0], containersToStart: [] };
    return { ...base, killPod: true, createSandbox: true, nextInitContainer: undefined, containersToStart: toStart };
  }

  // Sidecars that stopped are started again, before anything else.
  const containersToKill: ContainerToKill[] = [];
  const restart = restartPolicyOf(pod) !== 'Never';
  const progress = nextInitContainer(pod, status);
  if (!progress.done) {
    if (progress.next !== undefined) {
      if (progress.lastFailed !== undefined && restartPolicyOf(pod) === 'Never') {
        return { ...base, killPod: true, createSandbox: false, nextInitContainer: undefined, containersToStart: [] };
      }
      if (progress.lastFailed?.state === 'unknown') containersToKill.push(unknownStateKill(progress.lastFailed));
    }
    return { ...base, containersToKill, killPod: false, createSandbox: false, nextInitContainer: progress.next, containersToStart: [] };
  }

  const containersToStart: Container[] = [];
  for (const container of (pod.spec.initContainers ?? []).filter(isRestartableInitContainer)) {
    const latest = findContainerStatus(status, container.name);
    if (latest?.state !== 'running') {
      if (shouldContainerBeRestarted(container, pod, status)) containersToStart.push(container);
      continue;
    }
    if (containerChanged(container, latest)) {
      containersToKill.push({ status: latest, message: `Init container ${container.name} definition changed` });
      containersToStart.push(container);
      continue;
    }
    // A sidecar that failed a probe is restarted whatever the pod's restart policy.
    const kill = probeKill(container, latest.containerID, true);
    if (kill === undefined) continue;
    containersToKill.push({ status: latest, ...kill });
    containersToStart.push(container);
  }
  let keepCount = 0;
  for (const container of pod.spec.containers) {
    const latest = findContainerStatus(status, container.name);
    if (latest === undefined || latest.state !== 'running') {
      if (shouldContainerBeRestarted(container, pod, status)) {
        containersToStart.push(container);
        if (latest?.state === 'unknown') containersToKill.push(unknownStateKill(latest));
      }
      continue;
    }
    if (containerChanged(container, latest)) {
      // A new definition restarts the container whatever the restart policy.
      containersToKill.push({ status: latest, message: `Container ${container.name} definition changed, will be restarted` });
      containersToStart.push(container);
      continue;
    }
    const kill = probeKill(container, latest.containerID, false);
    if (kill === undefined) {
      keepCount++;
      continue;
    }
    containersToKill.push({ status: latest, reason: kill.reason, message: restart ? `${kill.message}, will be restarted` : kill.message });
    if (restart) containersToStart.push(container);
  }
  const regularToStart = containersToStart.filter((container) => pod.spec.containers.includes(container));
  const killPod = keepCount === 0 && regularToStart.length === 0;
  return { ...base, containersToKill, killPod, createSandbox: false, nextInitContainer: undefined, containersToStart: killPod ? [] : containersToStart };
}
