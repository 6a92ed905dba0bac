// Resource usage of containers and sandboxes as the runtime measures it (CPU, memory, swap, I/O
// pressure, network, processes, writable layer). Windows statistics are not declared.

import type { ContainerMetadata } from './container.ts';
import { field, message, repeated, stringMap, type Declarations } from './declare.ts';
import type { FilesystemUsage } from './image.ts';
import type { StringMap } from './message-init.ts';
import type { PodSandboxMetadata } from './pod-sandbox.ts';
import type { UInt64Value } from './wrappers.ts';

/** Pressure stall information of one kind (some or full) from a cgroup's *.pressure file. */
export interface PsiData {
  /** Total stall time in microseconds. */
  readonly total: number;
  readonly avg10: number;
  readonly avg60: number;
  readonly avg300: number;
}

export interface PsiStats {
  readonly full: PsiData | null;
  readonly some: PsiData | null;
}

/** Every `timestamp` of the statistics is in nanoseconds since the epoch. */
export interface CpuUsage {
  readonly timestamp: number;
  readonly usageCoreNanoSeconds: UInt64Value | null;
  readonly usageNanoCores: UInt64Value | null;
  readonly psi: PsiStats | null;
}

export interface MemoryUsage {
  readonly timestamp: number;
  readonly workingSetBytes: UInt64Value | null;
  readonly availableBytes: UInt64Value | null;
  readonly usageBytes: UInt64Value | null;
  readonly rssBytes: UInt64Value | null;
  readonly pageFaults: UInt64Value | null;
  readonly majorPageFaults: UInt64Value | null;
  readonly psi: PsiStats | null;
}

export interface IoUsage {
  readonly timestamp: number;
  readonly psi: PsiStats | null;
}

export interface SwapUsage {
  readonly timestamp: number;
  readonly swapAvailableBytes: UInt64Value | null;
  readonly swapUsageBytes: UInt64Value | null;
}

export interface ContainerAttributes {
  readonly id: string;
  readonly metadata: ContainerMetadata | null;
  readonly labels: StringMap;
  readonly annotations: StringMap;
}

export interface ContainerStats {
  readonly attributes: ContainerAttributes | null;
  readonly cpu: CpuUsage | null;
  readonly memory: MemoryUsage | null;
  readonly writableLayer: FilesystemUsage | null;
  readonly swap: SwapUsage | null;
  readonly io: IoUsage | null;
}

export interface ContainerStatsRequest {
  readonly containerId: string;
}

export interface ContainerStatsResponse {
  readonly stats: ContainerStats | null;
}

export interface ContainerStatsFilter {
  readonly id: string;
  readonly podSandboxId: string;
  readonly labelSelector: StringMap;
}

export interface ListContainerStatsRequest {
  readonly filter: ContainerStatsFilter | null;
}

export interface ListContainerStatsResponse {
  readonly stats: readonly ContainerStats[];
}

export interface NetworkInterfaceUsage {
  readonly name: string;
  readonly rxBytes: UInt64Value | null;
  readonly rxErrors: UInt64Value | null;
  readonly txBytes: UInt64Value | null;
  readonly txErrors: UInt64Value | null;
}

export interface NetworkUsage {
  readonly timestamp: number;
  readonly defaultInterface: NetworkInterfaceUsage | null;
  readonly interfaces: readonly NetworkInterfaceUsage[];
}

export interface ProcessUsage {
  readonly timestamp: number;
  readonly processCount: UInt64Value | null;
}

export interface PodSandboxAttributes {
  readonly id: string;
  readonly metadata: PodSandboxMetadata | null;
  readonly labels: StringMap;
  readonly annotations: StringMap;
}

export interface LinuxPodSandboxStats {
  readonly cpu: CpuUsage | null;
  readonly memory: MemoryUsage | null;
  readonly network: NetworkUsage | null;
  readonly process: ProcessUsage | null;
  readonly containers: readonly ContainerStats[];
  readonly io: IoUsage | null;
}

export interface PodSandboxStats {
  readonly attributes: PodSandboxAttributes | null;
  readonly linux: LinuxPodSandboxStats | null;
}

export interface PodSandboxStatsRequest {
  readonly podSandboxId: string;
}

export interface PodSandboxStatsResponse {
  readonly stats: PodSandboxStats | null;
}

export interface PodSandboxStatsFilter {
  readonly id: string;
  readonly labelSelector: StringMap;
}

export interface ListPodSandboxStatsRequest {
  readonly filter: PodSandboxStatsFilter | null;
}

export interface ListPodSandboxStatsResponse {
  readonly stats: readonly PodSandboxStats[];
}

export const statsDeclarations: Declarations = {
  PsiData: message({ total: field(1, 'uint64'), avg10: field(2, 'double'), avg60: field(3, 'double'), avg300: field(4, 'double') }),
  PsiStats: message({ full: field(1, 'PsiData'), some: field(2, 'PsiData') }),
  CpuUsage: message({
    timestamp: field(1, 'int64'),
    usageCoreNanoSeconds: field(2, 'UInt64Value'),
    usageNanoCores: field(3, 'UInt64Value'),
    psi: field(4, 'PsiStats'),
  }),
  MemoryUsage: message({
    timestamp: field(1, 'int64'),
    workingSetBytes: field(2, 'UInt64Value'),
    availableBytes: field(3, 'UInt64Value'),
    usageBytes: field(4, 'UInt64Value'),
    rssBytes: field(5, 'UInt64Value'),
    pageFaults: field(6, 'UInt64Value'),
    majorPageFaults: field(7, 'UInt64Value'),
    psi: field(8, 'PsiStats'),
  }),
  IoUsage: message({ timestamp: field(1, 'int64'), psi: field(2, 'PsiStats') }),
  SwapUsage: message({
    timestamp: field(1, 'int64'),
    swapAvailableBytes: field(2, 'UInt64Value'),
    swapUsageBytes: field(3, 'UInt64Value'),
  }),
  ContainerAttributes: message({
    id: field(1, 'string'),
    metadata: field(2, 'ContainerMetadata'),
    labels: stringMap(3),
    annotations: stringMap(4),
  }),
  ContainerStats: message({
    attributes: field(1, 'ContainerAttributes'),
    cpu: field(2, 'CpuUsage'),
    memory: field(3, 'MemoryUsage'),
    writableLayer: field(4, 'FilesystemUsage'),
    swap: field(5, 'SwapUsage'),
    io: field(6, 'IoUsage'),
  }),
  ContainerStatsRequest: message({ containerId: field(1, 'string') }),
  ContainerStatsResponse: message({ stats: field(1, 'ContainerStats') }),
  ContainerStatsFilter: message({ id: field(1, 'string'), podSandboxId: field(2, 'string'), labelSelector: stringMap(3) }),
  ListContainerStatsRequest: message({ filter: field(1, 'ContainerStatsFilter') }),
  ListContainerStatsResponse: message({ stats: repeated(1, 'ContainerStats') }),
  NetworkInterfaceUsage: message({
    name: field(1, 'string'),
    rxBytes: field(2, 'UInt64Value'),
    rxErrors: field(3, 'UInt64Value'),
    txBytes: field(4, 'UInt64Value'),
    txErrors: field(5, 'UInt64Value'),
  }),
  NetworkUsage: message({
    timestamp: field(1, 'int64'),
    defaultInterface: field(2, 'NetworkInterfaceUsage'),
    interfaces: repeated(3, 'NetworkInterfaceUsage'),
  }),
  ProcessUsage: message({ timestamp: field(1, 'int64'), processCount: field(2, 'UInt64Value') }),
  PodSandboxAttributes: message({
    id: field(1, 'string'),
    metadata: field(2, 'PodSandboxMetadata'),
    labels: stringMap(3),
    annotations: stringMap(4),
  }),
  LinuxPodSandboxStats: message({
    cpu: field(1, 'CpuUsage'),
    memory: field(2, 'MemoryUsage'),
    network: field(3, 'NetworkUsage'),
    process: field(4, 'ProcessUsage'),
    containers: repeated(5, 'ContainerStats'),
    io: field(6, 'IoUsage'),
  }),
  PodSandboxStats: message({ attributes: field(1, 'PodSandboxAttributes'), linux: field(2, 'LinuxPodSandboxStats') }),
  PodSandboxStatsRequest: message({ podSandboxId: field(1, 'string') }),
  PodSandboxStatsResponse: message({ stats: field(1, 'PodSandboxStats') }),
  PodSandboxStatsFilter: message({ id: field(1, 'string'), labelSelector: stringMap(2) }),
  ListPodSandboxStatsRequest: message({ filter: field(1, 'PodSandboxStatsFilter') }),
  ListPodSandboxStatsResponse: message({ stats: repeated(1, 'PodSandboxStats') }),
};
