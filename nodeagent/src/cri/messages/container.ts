// Containers: the configuration the kubelet creates a container with, the lifecycle calls, its
// status and listing. runtime.v1's Windows container settings are not declared.

import { enumOf, field, message, repeated, stringMap, type Declarations } from './declare.ts';
import type { ImageSpec } from './image.ts';
import type { StringMap } from './message-init.ts';
import type { PodSandboxConfig } from './pod-sandbox.ts';
import type { ContainerResources, LinuxContainerResources } from './resources.ts';
import type { ContainerUser, IDMapping, LinuxContainerSecurityContext } from './security.ts';
import type { Signal } from './signal.ts';

export const mountPropagations = ['PROPAGATION_PRIVATE', 'PROPAGATION_HOST_TO_CONTAINER', 'PROPAGATION_BIDIRECTIONAL'] as const;
export type MountPropagation = (typeof mountPropagations)[number];

export const containerStates = ['CONTAINER_CREATED', 'CONTAINER_RUNNING', 'CONTAINER_EXITED', 'CONTAINER_UNKNOWN'] as const;
export type ContainerState = (typeof containerStates)[number];

export interface Mount {
  readonly containerPath: string;
  readonly hostPath: string;
  readonly readonly: boolean;
  readonly selinuxRelabel: boolean;
  readonly propagation: MountPropagation;
  readonly uidMappings: readonly IDMapping[];
  readonly gidMappings: readonly IDMapping[];
  /** Read-only all the way down (kernel 5.12+); requires `readonly`. */
  readonly recursiveReadOnly: boolean;
  /** An image volume: the image mounted instead of `hostPath`. */
  readonly image: ImageSpec | null;
  readonly imageSubPath: string;
}

export interface KeyValue {
  readonly key: string;
  readonly value: string;
}

/** Identifies a container in its sandbox; `attempt` counts its restarts. */
export interface ContainerMetadata {
  readonly name: string;
  readonly attempt: number;
}

export interface Device {
  readonly containerPath: string;
  readonly hostPath: string;
  /** cgroup device permissions: any of "r", "w", "m". */
  readonly permissions: string;
}

/** A device named by the Container Device Interface: "vendor.com/class=name". */
export interface CDIDevice {
  readonly name: string;
}

export interface LinuxContainerConfig {
  readonly resources: LinuxContainerResources | null;
  readonly securityContext: LinuxContainerSecurityContext | null;
}

export interface ContainerConfig {
  readonly metadata: ContainerMetadata | null;
  readonly image: ImageSpec | null;
  /** The entrypoint; empty for the image's. */
  readonly command: readonly string[];
  readonly args: readonly string[];
  readonly workingDir: string;
  readonly envs: readonly KeyValue[];
  readonly mounts: readonly Mount[];
  readonly devices: readonly Device[];
  readonly labels: StringMap;
  readonly annotations: StringMap;
  /** Relative to the sandbox's logDirectory: <container name>/<restart count>.log. */
  readonly logPath: string;
  readonly stdin: boolean;
  readonly stdinOnce: boolean;
  readonly tty: boolean;
  readonly linux: LinuxContainerConfig | null;
  readonly cdiDevices: readonly CDIDevice[];
  readonly stopSignal: Signal;
}

export interface CreateContainerRequest {
  readonly podSandboxId: string;
  readonly config: ContainerConfig | null;
  readonly sandboxConfig: PodSandboxConfig | null;
}

export interface CreateContainerResponse {
  readonly containerId: string;
}

export interface StartContainerRequest {
  readonly containerId: string;
}

export interface StartContainerResponse {}

export interface StopContainerRequest {
  readonly containerId: string;
  /** Seconds to wait after the stop signal before killing; 0 kills at once. */
  readonly timeout: number;
}

export interface StopContainerResponse {}

export interface RemoveContainerRequest {
  readonly containerId: string;
}

export interface RemoveContainerResponse {}

export interface ContainerStateValue {
  readonly state: ContainerState;
}

export interface ContainerFilter {
  readonly id: string;
  readonly state: ContainerStateValue | null;
  readonly podSandboxId: string;
  readonly labelSelector: StringMap;
}

export interface ListContainersRequest {
  readonly filter: ContainerFilter | null;
}

export interface Container {
  readonly id: string;
  readonly podSandboxId: string;
  readonly metadata: ContainerMetadata | null;
  readonly image: ImageSpec | null;
  /** The image's digest (repo@sha256:...) or id. */
  readonly imageRef: string;
  readonly state: ContainerState;
  /** Nanoseconds since the epoch. */
  readonly createdAt: number;
  readonly labels: StringMap;
  readonly annotations: StringMap;
  /** The image's id (sha256:...). */
  readonly imageId: string;
}

export interface ListContainersResponse {
  readonly containers: readonly Container[];
}

export interface ContainerStatusRequest {
  readonly containerId: string;
  readonly verbose: boolean;
}

export interface ContainerStatus {
  readonly id: string;
  readonly metadata: ContainerMetadata | null;
  readonly state: ContainerState;
  /** Nanoseconds since the epoch, as startedAt and finishedAt (0 when not yet). */
  readonly createdAt: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly exitCode: number;
  readonly image: ImageSpec | null;
  readonly imageRef: string;
  /** A brief CamelCase word for the state, e.g. "Completed", "Error", "OOMKilled". */
  readonly reason: string;
  readonly message: string;
  readonly labels: StringMap;
  readonly annotations: StringMap;
  readonly mounts: readonly Mount[];
  /** The log file's absolute path. */
  readonly logPath: string;
  readonly resources: ContainerResources | null;
  readonly imageId: string;
  readonly user: ContainerUser | null;
  readonly stopSignal: Signal;
}

export interface ContainerStatusResponse {
  readonly status: ContainerStatus | null;
  /** Runtime-specific details, given only for a verbose request. */
  readonly info: StringMap;
}

export interface ReopenContainerLogRequest {
  readonly containerId: string;
}

export interface ReopenContainerLogResponse {}

export const containerDeclarations: Declarations = {
  MountPropagation: enumOf(mountPropagations),
  ContainerState: enumOf(containerStates),
  Mount: message({
    containerPath: field(1, 'string'),
    hostPath: field(2, 'string'),
    readonly: field(3, 'bool'),
    selinuxRelabel: field(4, 'bool'),
    propagation: field(5, 'MountPropagation'),
    uidMappings: repeated(6, 'IDMapping'),
    gidMappings: repeated(7, 'IDMapping'),
    recursiveReadOnly: field(8, 'bool'),
    image: field(9, 'ImageSpec'),
    imageSubPath: field(10, 'string'),
  }),
  KeyValue: message({ key: field(1, 'string'), value: field(2, 'string') }),
  ContainerMetadata: message({ name: field(1, 'string'), attempt: field(2, 'uint32') }),
  Device: message({ containerPath: field(1, 'string'), hostPath: field(2, 'string'), permissions: field(3, 'string') }),
  CDIDevice: message({ name: field(1, 'string') }),
  LinuxContainerConfig: message({ resources: field(1, 'LinuxContainerResources'), securityContext: field(2, 'LinuxContainerSecurityContext') }),
  ContainerConfig: message({
    metadata: field(1, 'ContainerMetadata'),
    image: field(2, 'ImageSpec'),
    command: repeated(3, 'string'),
    args: repeated(4, 'string'),
    workingDir: field(5, 'string'),
    envs: repeated(6, 'KeyValue'),
    mounts: repeated(7, 'Mount'),
    devices: repeated(8, 'Device'),
    labels: stringMap(9),
    annotations: stringMap(10),
    logPath: field(11, 'string'),
    stdin: field(12, 'bool'),
    stdinOnce: field(13, 'bool'),
    tty: field(14, 'bool'),
    linux: field(15, 'LinuxContainerConfig'),
    cdiDevices: repeated(17, 'CDIDevice'),
    stopSignal: field(18, 'Signal'),
  }),
  CreateContainerRequest: message({
    podSandboxId: field(1, 'string'),
    config: field(2, 'ContainerConfig'),
    sandboxConfig: field(3, 'PodSandboxConfig'),
  }),
  CreateContainerResponse: message({ containerId: field(1, 'string') }),
  StartContainerRequest: message({ containerId: field(1, 'string') }),
  StartContainerResponse: message({}),
  StopContainerRequest: message({ containerId: field(1, 'string'), timeout: field(2, 'int64') }),
  StopContainerResponse: message({}),
  RemoveContainerRequest: message({ containerId: field(1, 'string') }),
  RemoveContainerResponse: message({}),
  ContainerStateValue: message({ state: field(1, 'ContainerState') }),
  ContainerFilter: message({
    id: field(1, 'string'),
    state: field(2, 'ContainerStateValue'),
    podSandboxId: field(3, 'string'),
    labelSelector: stringMap(4),
  }),
  ListContainersRequest: message({ filter: field(1, 'ContainerFilter') }),
  Container: message({
    id: field(1, 'string'),
    podSandboxId: field(2, 'string'),
    metadata: field(3, 'ContainerMetadata'),
    image: field(4, 'ImageSpec'),
    imageRef: field(5, 'string'),
    state: field(6, 'ContainerState'),
    createdAt: field(7, 'int64'),
    labels: stringMap(8),
    annotations: stringMap(9),
    imageId: field(10, 'string'),
  }),
  ListContainersResponse: message({ containers: repeated(1, 'Container') }),
  ContainerStatusRequest: message({ containerId: field(1, 'string'), verbose: field(2, 'bool') }),
  ContainerStatus: message({
    id: field(1, 'string'),
    metadata: field(2, 'ContainerMetadata'),
    state: field(3, 'ContainerState'),
    createdAt: field(4, 'int64'),
    startedAt: field(5, 'int64'),
    finishedAt: field(6, 'int64'),
    exitCode: field(7, 'int32'),
    image: field(8, 'ImageSpec'),
    imageRef: field(9, 'string'),
    reason: field(10, 'string'),
    message: field(11, 'string'),
    labels: stringMap(12),
    annotations: stringMap(13),
    mounts: repeated(14, 'Mount'),
    logPath: field(15, 'string'),
    resources: field(16, 'ContainerResources'),
    imageId: field(17, 'string'),
    user: field(18, 'ContainerUser'),
    stopSignal: field(19, 'Signal'),
  }),
  ContainerStatusResponse: message({ status: field(1, 'ContainerStatus'), info: stringMap(2) }),
  ReopenContainerLogRequest: message({ containerId: field(1, 'string') }),
  ReopenContainerLogResponse: message({}),
};
