// The simulated runtime's own API types: the parts of the CRI v1 (runtime.v1) messages it reads and
// answers, with the proto field names in camelCase and enums by their proto names, so that a CRI
// binding maps them field for field (an absent message may be null, as decoded CRI messages have
// it). Times are nanoseconds since the epoch as bigints: exact, where the CRI binding's numbers
// round to a few hundred nanoseconds.

import type * as cri from '../cri/index.ts';
import type { MessageInit } from '../cri/index.ts';

export type StringMap = Readonly<Record<string, string>>;

export type NamespaceMode = 'POD' | 'CONTAINER' | 'NODE' | 'TARGET';
export type PodSandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';
export type ContainerState = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED' | 'CONTAINER_UNKNOWN';
export type ContainerEventType = 'CONTAINER_CREATED_EVENT' | 'CONTAINER_STARTED_EVENT' | 'CONTAINER_STOPPED_EVENT' | 'CONTAINER_DELETED_EVENT';

export interface NamespaceOption {
  readonly network?: NamespaceMode;
  readonly pid?: NamespaceMode;
  readonly ipc?: NamespaceMode;
  readonly targetId?: string;
}

export interface SecurityProfile {
  readonly profileType?: 'RuntimeDefault' | 'Unconfined' | 'Localhost';
  /** For seccomp, the absolute path of the profile on the node. */
  readonly localhostRef?: string;
}

export interface PodSandboxMetadata {
  readonly name: string;
  readonly uid: string;
  readonly namespace: string;
  readonly attempt?: number;
}

export interface PodSandboxConfig {
  readonly metadata: PodSandboxMetadata;
  readonly hostname?: string;
  /** `/var/log/pods/<namespace>_<name>_<uid>`: container logs go to `logDirectory/logPath`. */
  readonly logDirectory?: string;
  readonly labels?: StringMap;
  /** The pod's annotations: where a pod chooses its simulated lifecycle. */
  readonly annotations?: StringMap;
  readonly linux?: {
    readonly cgroupParent?: string;
    readonly securityContext?: { readonly namespaceOptions?: NamespaceOption | null; readonly seccomp?: SecurityProfile | null } | null;
  } | null;
}

export interface ImageSpec {
  readonly image: string;
  readonly annotations?: StringMap;
  readonly userSpecifiedImage?: string;
  readonly runtimeHandler?: string;
}

export interface KeyValue {
  readonly key: string;
  readonly value: string;
}

export interface Mount {
  readonly containerPath: string;
  readonly hostPath?: string;
  readonly readonly?: boolean;
}

export interface ContainerMetadata {
  readonly name: string;
  readonly attempt?: number;
}

export interface ContainerConfig {
  readonly metadata: ContainerMetadata;
  readonly image: ImageSpec;
  readonly command?: readonly string[];
  readonly args?: readonly string[];
  readonly workingDir?: string;
  readonly envs?: readonly KeyValue[];
  readonly mounts?: readonly Mount[];
  readonly labels?: StringMap;
  readonly annotations?: StringMap;
  /** Relative to the sandbox's logDirectory, e.g. `<container>/<restartCount>.log`. */
  readonly logPath?: string;
  readonly stdin?: boolean;
  readonly stdinOnce?: boolean;
  readonly tty?: boolean;
  readonly linux?: {
    readonly securityContext?: {
      readonly seccomp?: SecurityProfile | null;
      readonly namespaceOptions?: NamespaceOption | null;
      readonly runAsUser?: { readonly value: number } | null;
      readonly runAsGroup?: { readonly value: number } | null;
      readonly supplementalGroups?: readonly number[];
      readonly readonlyRootfs?: boolean;
    } | null;
    readonly resources?: ContainerResources | null;
  } | null;
}

/** The cgroup settings of a container (CRI's LinuxContainerResources) that its cgroup files show. */
export interface ContainerResources {
  readonly cpuPeriod?: number | bigint;
  readonly cpuQuota?: number | bigint;
  readonly cpuShares?: number | bigint;
  readonly memoryLimitInBytes?: number | bigint;
  /** What /proc/<pid>/oom_score_adj shows. */
  readonly oomScoreAdj?: number | bigint;
}

export interface PodSandboxStatus {
  readonly id: string;
  readonly metadata: PodSandboxMetadata;
  readonly state: PodSandboxState;
  readonly createdAt: bigint;
  readonly network: { readonly ip: string; readonly additionalIps: readonly { readonly ip: string }[] };
  readonly linux: { readonly namespaces: { readonly options: NamespaceOption } };
  readonly labels: StringMap;
  readonly annotations: StringMap;
  readonly runtimeHandler: string;
}

export interface PodSandbox {
  readonly id: string;
  readonly metadata: PodSandboxMetadata;
  readonly state: PodSandboxState;
  readonly createdAt: bigint;
  readonly labels: StringMap;
  readonly annotations: StringMap;
  readonly runtimeHandler: string;
}

export interface PodSandboxStatusResponse {
  readonly status: PodSandboxStatus;
  readonly info: StringMap;
  readonly containersStatuses: readonly ContainerStatus[];
  readonly timestamp: bigint;
}

export interface PodSandboxFilter {
  readonly id?: string;
  readonly state?: { readonly state: PodSandboxState } | null;
  readonly labelSelector?: StringMap;
}

export interface ContainerFilter {
  readonly id?: string;
  readonly state?: { readonly state: ContainerState } | null;
  readonly podSandboxId?: string;
  readonly labelSelector?: StringMap;
}

export interface Container {
  readonly id: string;
  readonly podSandboxId: string;
  readonly metadata: ContainerMetadata;
  readonly image: ImageSpec;
  readonly imageRef: string;
  readonly imageId: string;
  readonly state: ContainerState;
  readonly createdAt: bigint;
  readonly labels: StringMap;
  readonly annotations: StringMap;
}

export interface ContainerStatus {
  readonly id: string;
  readonly metadata: ContainerMetadata;
  readonly state: ContainerState;
  readonly createdAt: bigint;
  /** 0 until started. */
  readonly startedAt: bigint;
  /** 0 until exited. */
  readonly finishedAt: bigint;
  readonly exitCode: number;
  readonly image: ImageSpec;
  readonly imageRef: string;
  readonly imageId: string;
  /** "Completed", "Error", "OOMKilled", "StartError", or "" while not exited. */
  readonly reason: string;
  readonly message: string;
  readonly labels: StringMap;
  readonly annotations: StringMap;
  readonly mounts: readonly Mount[];
  /** The absolute path of the log file, as containerd answers it. */
  readonly logPath: string;
}

export interface ContainerStatusResponse {
  readonly status: ContainerStatus;
  readonly info: StringMap;
}

export interface ContainerEvent {
  readonly containerId: string;
  readonly containerEventType: ContainerEventType;
  readonly createdAt: bigint;
  /** Absent when the sandbox is gone. */
  readonly podSandboxStatus?: PodSandboxStatus;
  readonly containersStatuses: readonly ContainerStatus[];
}

// The answers that carry no timestamps are CRI's own messages.
export type { CgroupDriver, ExecSyncResponse, RuntimeConfigResponse, StatusResponse, VersionResponse } from '../cri/index.ts';

/** An image as ImageStatus and ListImages answer it (CRI's Image, without the fields it leaves empty). */
export type Image = MessageInit<cri.Image>;

export interface FilesystemUsage {
  readonly timestamp: bigint;
  readonly fsId: { readonly mountpoint: string };
  readonly usedBytes: { readonly value: number };
  readonly inodesUsed: { readonly value: number };
}
