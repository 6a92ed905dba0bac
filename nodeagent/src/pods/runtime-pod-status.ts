// A pod as its runtime knows it (kubecontainer.PodStatus): its sandboxes and its containers, newest
// first, read over CRI by the pod's uid label as the kubelet's GetPodStatus reads them; an exited
// container's message carries its termination message.

import { CriError, GrpcStatus, type CriRuntimeClient } from '../cri/index.ts';
import type * as cri from '../cri/index.ts';
import { containerHashAnnotation, containerRestartCountAnnotation, podUidLabel } from './runtime-labels.ts';
import { exitedContainerMessage } from './termination-message.ts';

export type RuntimeContainerState = 'created' | 'running' | 'exited' | 'unknown';

export interface RuntimeContainerStatus {
  readonly id: string;
  /** `<runtime>://<id>`, as the API shows containerID. */
  readonly containerID: string;
  readonly name: string;
  readonly state: RuntimeContainerState;
  /** Milliseconds since the epoch; 0 when not yet. */
  readonly createdAt: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly exitCode: number;
  readonly reason: string;
  readonly message: string;
  /** The image as the pod named it. */
  readonly image: string;
  /** The image's digest or id, the API's imageID. */
  readonly imageRef: string;
  readonly restartCount: number;
  /** The spec hash the container was created with (io.kubernetes.container.hash); '' when unknown. */
  readonly hash: string;
  readonly logPath: string;
  readonly user: cri.ContainerUser | null;
}

export interface RuntimeSandboxStatus {
  readonly id: string;
  readonly attempt: number;
  readonly ready: boolean;
  readonly createdAt: number;
  readonly hostNetwork: boolean;
}

export interface RuntimePodStatus {
  readonly uid: string;
  /** Newest first. */
  readonly sandboxes: readonly RuntimeSandboxStatus[];
  /** The IPs of the newest sandbox, when it is ready. */
  readonly ips: readonly string[];
  /** Newest first. */
  readonly containers: readonly RuntimeContainerStatus[];
}

export const emptyRuntimePodStatus = (uid: string): RuntimePodStatus => ({ uid, sandboxes: [], ips: [], containers: [] });

const nsToMs = (ns: number): number => (ns > 0 ? Math.floor(ns / 1e6) : 0);

const criStates: Readonly<Record<cri.ContainerState, RuntimeContainerState>> = {
  CONTAINER_CREATED: 'created',
  CONTAINER_RUNNING: 'running',
  CONTAINER_EXITED: 'exited',
  CONTAINER_UNKNOWN: 'unknown',
};

/** GetPodStatus: the pod's sandboxes and containers; one that vanishes while being read is left out. */
export async function readRuntimePodStatus(runtime: CriRuntimeClient, runtimeName: string, uid: string): Promise<RuntimePodStatus> {
  const selector = { labelSelector: { [podUidLabel]: uid } };
  const [{ items }, { containers }] = await Promise.all([runtime.listPodSandbox({ filter: selector }), runtime.listContainers({ filter: selector })]);
  const sandboxes = [...items].sort((a, b) => b.createdAt - a.createdAt);
  const sandboxStatuses: RuntimeSandboxStatus[] = [];
  let ips: string[] = [];
  for (const [index, sandbox] of sandboxes.entries()) {
    const status = await ignoreNotFound(runtime.podSandboxStatus({ podSandboxId: sandbox.id }));
    if (status?.status == null) continue;
    const ready = status.status.state === 'SANDBOX_READY';
    const hostNetwork = status.status.linux?.namespaces?.options?.network === 'NODE';
    sandboxStatuses.push({ id: sandbox.id, attempt: sandbox.metadata?.attempt ?? 0, ready, createdAt: nsToMs(sandbox.createdAt), hostNetwork });
    if (index === 0 && ready && !hostNetwork && status.status.network !== null) {
      ips = [status.status.network.ip, ...status.status.network.additionalIps.map((ip) => ip.ip)].filter((ip) => ip !== '');
    }
  }
  const statuses: RuntimeContainerStatus[] = [];
  for (const container of containers) {
    const answer = await ignoreNotFound(runtime.containerStatus({ containerId: container.id }));
    if (answer?.status == null) continue;
    const converted = toRuntimeContainerStatus(answer.status, runtimeName);
    statuses.push(converted.state === 'exited' ? { ...converted, message: await exitedContainerMessage(answer.status) } : converted);
  }
  statuses.sort((a, b) => b.createdAt - a.createdAt);
  return { uid, sandboxes: sandboxStatuses, ips, containers: statuses };
}

function toRuntimeContainerStatus(status: cri.ContainerStatus, runtimeName: string): RuntimeContainerStatus {
  const spec = status.image;
  return {
    id: status.id,
    containerID: `${runtimeName}://${status.id}`,
    name: status.metadata?.name ?? '',
    state: criStates[status.state] ?? 'unknown',
    createdAt: nsToMs(status.createdAt),
    startedAt: nsToMs(status.startedAt),
    finishedAt: nsToMs(status.finishedAt),
    exitCode: status.exitCode,
    reason: status.reason,
    message: status.message,
    image: spec?.userSpecifiedImage || spec?.image || '',
    imageRef: status.imageRef,
    restartCount: Number.parseInt(status.annotations[containerRestartCountAnnotation] ?? '0', 10) || 0,
    hash: status.annotations[containerHashAnnotation] ?? '',
    logPath: status.logPath,
    user: status.user,
  };
}

async function ignoreNotFound<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (CriError.is(error, GrpcStatus.NOT_FOUND)) return undefined;
    throw error;
  }
}

/** The newest instance of a container. */
export const findContainerStatus = (status: RuntimePodStatus, name: string): RuntimeContainerStatus | undefined => status.containers.find((container) => container.name === name);
