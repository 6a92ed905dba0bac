// generateAPIPodStatus: the status the kubelet reports for a pod from what its runtime says: the
// container statuses (convertToAPIContainerStatuses: states, last states, restart counts, the
// reasons of failed starts), started and ready (the prober's: ready once running and its readiness
// probe, if any, succeeded; started once its startup probe did; an init container ready once it
// exited 0), the phase (getPhase), the kubelet's conditions, QoS class, and the pod's and host's
// IPs. Transition times and the start time are the status manager's.

import { metaTime } from '@capstan/common';
import { isIPv4 } from 'node:net';
import { podQOS, resolveRecursiveReadOnly } from '../system/index.ts';
import type { PodEviction } from './active-deadline.ts';
import { shouldContainerBeRestarted } from './compute-pod-actions.ts';
import { containersReadyCondition, initializedCondition, kubeletConditionTypes, podReadyCondition } from './pod-conditions.ts';
import { podSandboxChanged } from './pod-sandbox-changed.ts';
import type { Container, ContainerState, ContainerStatus, PodCondition, PodStatus, VolumeMountStatus } from '@capstan/common/api-types/core-v1';
import { isRestartableInitContainer, isStaticPod, isTerminalPhase, type Pod } from './pod-types.ts';
import type { ReasonCache } from './reason-cache.ts';
import { findContainerStatus, type RuntimeContainerStatus, type RuntimePodStatus } from './runtime-pod-status.ts';

export interface PodStatusInputs {
  readonly pod: Pod;
  readonly runtime: RuntimePodStatus;
  /** The status manager's last status for the pod, else the API's. */
  readonly oldStatus: PodStatus;
  readonly podIsTerminal: boolean;
  readonly reasons: ReasonCache;
  readonly hostIPs: readonly string[];
  /** Whether the pod's runtime handler can make mounts recursively read-only. */
  readonly supportsRecursiveReadOnly: boolean;
  /** An eviction the agent decided on (the kubelet's PodSyncHandlers: a passed activeDeadlineSeconds): Failed with its reason. */
  readonly eviction?: PodEviction;
  /** In-place resize: the pod's PodResizePending and PodResizeInProgress conditions, and the resources each container was last given. */
  readonly resize?: {
    readonly conditions: readonly PodCondition[];
    actuated(name: string): Container['resources'] | undefined;
  };
  /** The prober's results (UpdatePodStatus); none: started and ready once running. */
  readonly probes?: {
    started(uid: string, status: ContainerStatus): boolean;
    ready(uid: string, status: ContainerStatus): boolean;
  };
}

/** A container status as the agent builds it: its state and last state always set (zero when nothing is known, as Go's structs). */
type MutableStatus = { -readonly [K in keyof ContainerStatus]: ContainerStatus[K] } & Required<Pick<ContainerStatus, 'state' | 'lastState'>>;
type Condition = Omit<PodCondition, 'lastProbeTime' | 'lastTransitionTime'>;

const timeOrNull = (ms: number): string | null => (ms > 0 ? metaTime(ms) : null);

function convertContainerStatus(
  spec: Container | undefined,
  runtime: RuntimeContainerStatus,
  old: ContainerStatus | undefined,
  actuated: Container['resources'] | undefined,
): MutableStatus {
  const status: MutableStatus = {
    name: runtime.name,
    state: { waiting: {} },
    lastState: {},
    ready: false,
    restartCount: runtime.restartCount,
    image: runtime.image,
    imageID: runtime.imageRef,
    containerID: runtime.containerID,
  };
  if (runtime.state === 'running') status.state = { running: { startedAt: timeOrNull(runtime.startedAt) } };
  else if (runtime.state === 'exited') {
    status.state = {
      terminated: {
        exitCode: runtime.exitCode,
        ...(runtime.reason === '' ? {} : { reason: runtime.reason }),
        ...(runtime.message === '' ? {} : { message: runtime.message }),
        startedAt: timeOrNull(runtime.startedAt),
        finishedAt: timeOrNull(runtime.finishedAt),
        containerID: runtime.containerID,
      },
    };
  } else if (runtime.state === 'unknown' && old?.state?.running !== undefined) {
    status.state = {
      terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated', startedAt: null, finishedAt: null },
    };
    status.restartCount = old.restartCount + 1;
  }
  // InPlacePodVerticalScaling: the resources the runtime was given (a running container's), its
  // requests as allocated (the pod's spec is its allocation).
  status.resources = { ...((runtime.state === 'running' ? actuated : undefined) ?? spec?.resources ?? {}) };
  if (spec?.resources?.requests !== undefined && Object.keys(spec.resources.requests).length > 0) status.allocatedResources = spec.resources.requests;
  const user = runtime.user?.linux;
  if (user != null) status.user = { linux: { uid: user.uid, gid: user.gid, ...(user.supplementalGroups.length > 0 ? { supplementalGroups: user.supplementalGroups } : {}) } };
  return status;
}

/** RecursiveReadOnlyMounts: what each volume mount is. */
function volumeMountStatuses(container: Container, supportsRecursiveReadOnly: boolean): VolumeMountStatus[] | undefined {
  if (container.volumeMounts === undefined || container.volumeMounts.length === 0) return undefined;
  return container.volumeMounts.map((mount) => {
    if (mount.readOnly !== true) return { name: mount.name, mountPath: mount.mountPath };
    const resolution = resolveRecursiveReadOnly(mount, supportsRecursiveReadOnly);
    return { name: mount.name, mountPath: mount.mountPath, readOnly: true, recursiveReadOnly: 'recursive' in resolution && resolution.recursive ? 'Enabled' : 'Disabled' };
  });
}

function convertContainerStatuses(
  inputs: PodStatusInputs,
  containers: readonly Container[],
  previous: readonly ContainerStatus[],
  hasInitContainers: boolean,
  isInit: boolean,
): ContainerStatus[] {
  const { pod, runtime, reasons } = inputs;
  const oldByName = new Map(previous.map((status) => [status.name, status]));
  const defaultWaiting: ContainerState = { waiting: { reason: hasInitContainers ? 'PodInitializing' : 'ContainerCreating' } };
  const statuses = new Map<string, MutableStatus>();
  const statusOf = (name: string): MutableStatus => {
    const status = statuses.get(name);
    if (status === undefined) throw new Error(`no status for container ${name}`);
    return status;
  };
  for (const container of containers) {
    let status: MutableStatus = { name: container.name, state: defaultWaiting, lastState: {}, ready: false, restartCount: 0, image: container.image ?? '', imageID: '' };
    const old = oldByName.get(container.name);
    if (old !== undefined) {
      if (old.state?.terminated !== undefined) status = { ...old, state: old.state, lastState: old.lastState ?? {} };
      else {
        status.restartCount = old.restartCount;
        status.lastState = old.lastState ?? {};
      }
    }
    statuses.set(container.name, status);
  }

  // A container that was running and is gone from the runtime is not waiting for its first start.
  for (const container of containers) {
    if (runtime.containers.some((c) => c.name === container.name)) continue;
    const old = oldByName.get(container.name);
    if (old === undefined || old.state?.terminated !== undefined || old.state?.running === undefined) continue;
    const status = statusOf(container.name);
    if (status.state.waiting?.reason !== defaultWaiting.waiting?.reason || status.lastState.terminated !== undefined) continue;
    status.lastState = {
      terminated: {
        exitCode: 137,
        reason: 'ContainerStatusUnknown',
        message: 'The container could not be located when the pod was deleted.  The container used to be Running',
        startedAt: null,
        finishedAt: null,
      },
    };
    if (pod.metadata.deletionTimestamp === undefined) status.restartCount += 1;
  }

  const seen = new Map<string, number>();
  for (const instance of runtime.containers) {
    const current = statuses.get(instance.name);
    const count = seen.get(instance.name) ?? 0;
    if (current === undefined || count >= 2) continue;
    const spec = containers.find((c) => c.name === instance.name);
    const converted = convertContainerStatus(spec, instance, oldByName.get(instance.name), count === 0 ? inputs.resize?.actuated(instance.name) : undefined);
    if (count === 0) statuses.set(instance.name, converted);
    else current.lastState = converted.state;
    seen.set(instance.name, count + 1);
  }

  for (const container of containers) {
    if (isInit) {
      const latest = findContainerStatus(runtime, container.name);
      if (latest !== undefined && latest.state === 'exited' && latest.exitCode === 0) continue;
      const regularCreated = pod.spec.containers.some((c) => findContainerStatus(runtime, c.name) !== undefined);
      const status = statusOf(container.name);
      if (latest === undefined && regularCreated && !isRestartableInitContainer(container) && status.state.waiting !== undefined) {
        status.state = {
          terminated: {
            exitCode: 0,
            reason: 'Completed',
            message: 'Unable to get init container status from container runtime and pod has been initialized, treat it as exited normally',
            startedAt: null,
            finishedAt: null,
          },
        };
        continue;
      }
    }
    if (!shouldContainerBeRestarted(container, pod, runtime)) continue;
    const failure = reasons.get(pod.metadata.uid, container.name);
    if (failure === undefined) continue;
    const status = statusOf(container.name);
    if (status.state.terminated !== undefined) status.lastState = status.state;
    status.state = { waiting: { reason: failure.reason, message: failure.message } };
  }

  // The prober's part (UpdatePodStatus): an init container is ready once it exited 0; the others
  // have started once their startup probe succeeded, and are ready once started and their
  // readiness probe succeeded (without probes: once running).
  const { probes } = inputs;
  for (const container of containers) {
    const status = statusOf(container.name);
    const running = status.state.running !== undefined;
    status.started = probes === undefined ? running : probes.started(pod.metadata.uid, status);
    if (isInit && !isRestartableInitContainer(container)) status.ready = status.state.terminated !== undefined && status.state.terminated.exitCode === 0;
    else status.ready = probes === undefined ? running : status.started && probes.ready(pod.metadata.uid, status);
    const mounts = volumeMountStatuses(container, inputs.supportsRecursiveReadOnly);
    if (mounts !== undefined) status.volumeMounts = mounts;
  }

  const list = containers.map((container) => statusOf(container.name));
  // Regular containers' statuses are sorted by name; init containers keep the spec's order.
  return isInit ? list : list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** getPhase, as the kubelet computes it without the alpha container restart rules. */
export function podPhase(pod: Pod, statuses: readonly ContainerStatus[], podIsTerminal: boolean, podHasInitialized: boolean): string {
  const byName = new Map(statuses.map((status) => [status.name, status]));
  const restartPolicy = pod.spec.restartPolicy ?? 'Always';
  let pendingInit = 0;
  let pendingSidecars = 0;
  let failedInit = 0;
  for (const container of pod.spec.initContainers ?? []) {
    const status = byName.get(container.name);
    if (isRestartableInitContainer(container)) {
      if (status === undefined) pendingSidecars++;
      else if (status.state?.running !== undefined) {
        if (status.started !== true) pendingSidecars++;
      } else if (status.state?.waiting !== undefined && status.lastState?.terminated === undefined) pendingSidecars++;
      continue;
    }
    if (status === undefined || status.state?.running !== undefined) pendingInit++;
    else if (status.state?.terminated !== undefined) {
      if (status.state?.terminated.exitCode !== 0) failedInit++;
    } else if (status.state?.waiting !== undefined && status.lastState?.terminated !== undefined) {
      if (status.lastState?.terminated.exitCode !== 0) failedInit++;
    } else pendingInit++;
  }
  let unknown = 0;
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const container of pod.spec.initContainers ?? []) {
    if (!isRestartableInitContainer(container)) continue;
    const status = byName.get(container.name);
    if (status === undefined) unknown++;
    else if (status.state?.running !== undefined) running++;
    else if (status.state?.waiting !== undefined && status.lastState?.terminated === undefined) waiting++;
  }
  for (const container of pod.spec.containers) {
    const status = byName.get(container.name);
    if (status === undefined) unknown++;
    else if (status.state?.running !== undefined) running++;
    else if (status.state?.terminated !== undefined) {
      stopped++;
      if (status.state?.terminated.exitCode === 0) succeeded++;
    } else if (status.state?.waiting !== undefined) {
      if (status.lastState?.terminated !== undefined) stopped++;
      else waiting++;
    } else unknown++;
  }
  if (failedInit > 0 && restartPolicy === 'Never') return 'Failed';
  if (pendingInit > 0 || (pendingSidecars > 0 && !podHasInitialized) || waiting > 0) return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal && !isStaticPod(pod)) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

/** The node's address family first, then the other, one of each (sortPodIPs). */
function sortPodIPs(ips: readonly string[], hostIPs: readonly string[]): string[] {
  const v4First = hostIPs.length === 0 || isIPv4(hostIPs[0] as string);
  const primary = ips.find((ip) => isIPv4(ip) === v4First);
  const secondary = ips.find((ip) => isIPv4(ip) !== v4First);
  return [primary, secondary].filter((ip): ip is string => ip !== undefined);
}

export function generateAPIPodStatus(inputs: PodStatusInputs): PodStatus {
  const { pod, runtime, oldStatus, hostIPs } = inputs;
  const hasInit = (pod.spec.initContainers ?? []).length > 0;
  const containerStatuses = convertContainerStatuses(inputs, pod.spec.containers, oldStatus.containerStatuses ?? [], hasInit, false);
  const initContainerStatuses = convertContainerStatuses(inputs, pod.spec.initContainers ?? [], oldStatus.initContainerStatuses ?? [], hasInit, true);
  const ephemeral = pod.spec.ephemeralContainers ?? [];
  const ephemeralContainerStatuses = ephemeral.length === 0 ? [] : convertContainerStatuses(inputs, ephemeral, oldStatus.ephemeralContainerStatuses ?? [], hasInit, false);
  const all = [...containerStatuses, ...initContainerStatuses];
  const hasStarted = pod.spec.containers.some((container) => findContainerStatus(runtime, container.name)?.state === 'running');

  let phase = podPhase(pod, all, inputs.podIsTerminal, hasStarted);
  const apiPhase = pod.status?.phase;
  if (!isTerminalPhase(phase)) {
    if (isTerminalPhase(oldStatus.phase)) phase = oldStatus.phase as string;
    else if (isTerminalPhase(apiPhase)) phase = apiPhase as string;
  }
  let reason: string | undefined;
  let message: string | undefined;
  if (phase === oldStatus.phase) {
    reason = oldStatus.reason || pod.status?.reason;
    message = oldStatus.message || pod.status?.message;
  }
  if (inputs.eviction !== undefined) {
    phase = 'Failed';
    reason = inputs.eviction.reason;
    message = inputs.eviction.message;
  }
  if (isTerminalPhase(apiPhase) && phase !== apiPhase) phase = apiPhase as string;

  const generation = pod.metadata.generation;
  const observed = generation === undefined ? {} : { observedGeneration: generation };
  const conditions: Condition[] = (pod.status?.conditions ?? []).filter((condition) => !kubeletConditionTypes.has(condition.type));
  for (const condition of inputs.resize?.conditions ?? []) {
    // An observedGeneration is left out where the API's pod tracks none (CalculatePodConditionObservedGeneration).
    const { observedGeneration, ...rest } = condition;
    conditions.push(generation === undefined ? rest : condition);
  }
  const disruption = oldStatus.conditions?.find((condition) => condition.type === 'DisruptionTarget');
  if (disruption !== undefined && !conditions.some((condition) => condition.type === 'DisruptionTarget')) conditions.push(disruption);
  conditions.push({ type: 'PodReadyToStartContainers', ...observed, status: podSandboxChanged(pod, runtime).createSandbox ? 'False' : 'True' });
  conditions.push({ ...initializedCondition(pod, [...initContainerStatuses, ...containerStatuses], phase), ...observed });
  conditions.push({ ...podReadyCondition(pod, conditions, [...initContainerStatuses, ...containerStatuses], phase), ...observed });
  conditions.push({ ...containersReadyCondition(pod, [...initContainerStatuses, ...containerStatuses], phase), ...observed });
  conditions.push({ type: 'PodScheduled', ...observed, status: 'True' });

  let podIPs = sortPodIPs(runtime.ips, hostIPs);
  if (pod.spec.hostNetwork === true && hostIPs.length > 0) podIPs = [...hostIPs];
  // A pod keeps its IPs once its sandbox has stopped.
  if (podIPs.length === 0 && oldStatus.podIPs !== undefined) podIPs = oldStatus.podIPs.map((entry) => entry.ip);
  const status: PodStatus = {
    ...observed,
    phase,
    conditions,
    ...(message ? { message } : {}),
    ...(reason ? { reason } : {}),
    ...(hostIPs.length > 0 ? { hostIP: hostIPs[0], hostIPs: hostIPs.map((ip) => ({ ip })) } : {}),
    ...(podIPs.length > 0 ? { podIP: podIPs[0], podIPs: podIPs.map((ip) => ({ ip })) } : {}),
    ...(initContainerStatuses.length > 0 ? { initContainerStatuses } : {}),
    containerStatuses,
    ...(ephemeralContainerStatuses.length > 0 ? { ephemeralContainerStatuses } : {}),
    qosClass: podQOS(pod),
  };
  return status;
}

/** The status of a pod the kubelet rejected at admission. */
export function rejectedPodStatus(pod: Pod, reason: string, message: string): PodStatus {
  return { phase: 'Failed', reason, message: `Pod was rejected: ${message}`, qosClass: podQOS(pod) };
}
