// Pod sandboxes: the configuration the kubelet runs a pod's sandbox with, its status and listing.
// runtime.v1's Windows sandbox settings are not declared: Capstan's nodes are Linux.

import type { ContainerStatus } from './container.ts';
import { enumOf, field, message, repeated, stringMap, type Declarations } from './declare.ts';
import type { StringMap } from './message-init.ts';
import type { LinuxContainerResources } from './resources.ts';
import type { LinuxSandboxSecurityContext, NamespaceOption } from './security.ts';

export const protocols = ['TCP', 'UDP', 'SCTP'] as const;
export type Protocol = (typeof protocols)[number];

export const podSandboxStates = ['SANDBOX_READY', 'SANDBOX_NOTREADY'] as const;
export type PodSandboxState = (typeof podSandboxStates)[number];

export interface DNSConfig {
  readonly servers: readonly string[];
  readonly searches: readonly string[];
  readonly options: readonly string[];
}

export interface PortMapping {
  readonly protocol: Protocol;
  readonly containerPort: number;
  readonly hostPort: number;
  readonly hostIp: string;
}

export interface LinuxPodSandboxConfig {
  readonly cgroupParent: string;
  readonly securityContext: LinuxSandboxSecurityContext | null;
  readonly sysctls: StringMap;
  /** The pod overhead of its RuntimeClass. */
  readonly overhead: LinuxContainerResources | null;
  /** The sum of the containers' resources plus the overhead. */
  readonly resources: LinuxContainerResources | null;
}

/** Identifies a sandbox; `attempt` counts the sandboxes created for one pod. */
export interface PodSandboxMetadata {
  readonly name: string;
  readonly uid: string;
  readonly namespace: string;
  readonly attempt: number;
}

export interface PodSandboxConfig {
  readonly metadata: PodSandboxMetadata | null;
  readonly hostname: string;
  /** The folder of the containers' logs: /var/log/pods/<namespace>_<name>_<uid>. */
  readonly logDirectory: string;
  readonly dnsConfig: DNSConfig | null;
  readonly portMappings: readonly PortMapping[];
  readonly labels: StringMap;
  readonly annotations: StringMap;
  readonly linux: LinuxPodSandboxConfig | null;
}

export interface RunPodSandboxRequest {
  readonly config: PodSandboxConfig | null;
  /** The RuntimeClass's handler; '' for the runtime's default. */
  readonly runtimeHandler: string;
}

export interface RunPodSandboxResponse {
  readonly podSandboxId: string;
}

export interface StopPodSandboxRequest {
  readonly podSandboxId: string;
}

export interface StopPodSandboxResponse {}

export interface RemovePodSandboxRequest {
  readonly podSandboxId: string;
}

export interface RemovePodSandboxResponse {}

export interface PodSandboxStatusRequest {
  readonly podSandboxId: string;
  readonly verbose: boolean;
}

export interface PodIP {
  readonly ip: string;
}

export interface PodSandboxNetworkStatus {
  readonly ip: string;
  readonly additionalIps: readonly PodIP[];
}

export interface Namespace {
  readonly options: NamespaceOption | null;
}

export interface LinuxPodSandboxStatus {
  readonly namespaces: Namespace | null;
}

export interface PodSandboxStatus {
  readonly id: string;
  readonly metadata: PodSandboxMetadata | null;
  readonly state: PodSandboxState;
  /** Nanoseconds since the epoch. */
  readonly createdAt: number;
  readonly network: PodSandboxNetworkStatus | null;
  readonly linux: LinuxPodSandboxStatus | null;
  readonly labels: StringMap;
  readonly annotations: StringMap;
  readonly runtimeHandler: string;
}

export interface PodSandboxStatusResponse {
  readonly status: PodSandboxStatus | null;
  /** Runtime-specific details, given only for a verbose request. */
  readonly info: StringMap;
  /** Filled by runtimes that support the Evented PLEG. */
  readonly containersStatuses: readonly ContainerStatus[];
  /** Nanoseconds since the epoch at which the status was taken (Evented PLEG). */
  readonly timestamp: number;
}

export interface PodSandboxStateValue {
  readonly state: PodSandboxState;
}

export interface PodSandboxFilter {
  readonly id: string;
  readonly state: PodSandboxStateValue | null;
  readonly labelSelector: StringMap;
}

export interface ListPodSandboxRequest {
  readonly filter: PodSandboxFilter | null;
}

export interface PodSandbox {
  readonly id: string;
  readonly metadata: PodSandboxMetadata | null;
  readonly state: PodSandboxState;
  /** Nanoseconds since the epoch. */
  readonly createdAt: number;
  readonly labels: StringMap;
  readonly annotations: StringMap;
  readonly runtimeHandler: string;
}

export interface ListPodSandboxResponse {
  readonly items: readonly PodSandbox[];
}

export const podSandboxDeclarations: Declarations = {
  Protocol: enumOf(protocols),
  PodSandboxState: enumOf(podSandboxStates),
  DNSConfig: message({ servers: repeated(1, 'string'), searches: repeated(2, 'string'), options: repeated(3, 'string') }),
  PortMapping: message({
    protocol: field(1, 'Protocol'),
    containerPort: field(2, 'int32'),
    hostPort: field(3, 'int32'),
    hostIp: field(4, 'string'),
  }),
  LinuxPodSandboxConfig: message({
    cgroupParent: field(1, 'string'),
    securityContext: field(2, 'LinuxSandboxSecurityContext'),
    sysctls: stringMap(3),
    overhead: field(4, 'LinuxContainerResources'),
    resources: field(5, 'LinuxContainerResources'),
  }),
  PodSandboxMetadata: message({ name: field(1, 'string'), uid: field(2, 'string'), namespace: field(3, 'string'), attempt: field(4, 'uint32') }),
  PodSandboxConfig: message({
    metadata: field(1, 'PodSandboxMetadata'),
    hostname: field(2, 'string'),
    logDirectory: field(3, 'string'),
    dnsConfig: field(4, 'DNSConfig'),
    portMappings: repeated(5, 'PortMapping'),
    labels: stringMap(6),
    annotations: stringMap(7),
    linux: field(8, 'LinuxPodSandboxConfig'),
  }),
  RunPodSandboxRequest: message({ config: field(1, 'PodSandboxConfig'), runtimeHandler: field(2, 'string') }),
  RunPodSandboxResponse: message({ podSandboxId: field(1, 'string') }),
  StopPodSandboxRequest: message({ podSandboxId: field(1, 'string') }),
  StopPodSandboxResponse: message({}),
  RemovePodSandboxRequest: message({ podSandboxId: field(1, 'string') }),
  RemovePodSandboxResponse: message({}),
  PodSandboxStatusRequest: message({ podSandboxId: field(1, 'string'), verbose: field(2, 'bool') }),
  PodIP: message({ ip: field(1, 'string') }),
  PodSandboxNetworkStatus: message({ ip: field(1, 'string'), additionalIps: repeated(2, 'PodIP') }),
  Namespace: message({ options: field(2, 'NamespaceOption') }),
  LinuxPodSandboxStatus: message({ namespaces: field(1, 'Namespace') }),
  PodSandboxStatus: message({
    id: field(1, 'string'),
    metadata: field(2, 'PodSandboxMetadata'),
    state: field(3, 'PodSandboxState'),
    createdAt: field(4, 'int64'),
    network: field(5, 'PodSandboxNetworkStatus'),
    linux: field(6, 'LinuxPodSandboxStatus'),
    labels: stringMap(7),
    annotations: stringMap(8),
    runtimeHandler: field(9, 'string'),
  }),
  PodSandboxStatusResponse: message({
    status: field(1, 'PodSandboxStatus'),
    info: stringMap(2),
    containersStatuses: repeated(3, 'ContainerStatus'),
    timestamp: field(4, 'int64'),
  }),
  PodSandboxStateValue: message({ state: field(1, 'PodSandboxState') }),
  PodSandboxFilter: message({ id: field(1, 'string'), state: field(2, 'PodSandboxStateValue'), labelSelector: stringMap(3) }),
  ListPodSandboxRequest: message({ filter: field(1, 'PodSandboxFilter') }),
  PodSandbox: message({
    id: field(1, 'string'),
    metadata: field(2, 'PodSandboxMetadata'),
    state: field(3, 'PodSandboxState'),
    createdAt: field(4, 'int64'),
    labels: stringMap(5),
    annotations: stringMap(6),
    runtimeHandler: field(7, 'string'),
  }),
  ListPodSandboxResponse: message({ items: repeated(1, 'PodSandbox') }),
};
