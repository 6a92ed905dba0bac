// Linux resources of containers and sandboxes (cgroup settings) and the calls that change them.
// runtime.v1's Windows resources are not declared: Capstan's nodes are Linux.

import { field, message, repeated, stringMap, type Declarations } from './declare.ts';
import type { StringMap } from './message-init.ts';

export interface HugepageLimit {
  /** "2MB", "1GB", ... as the kernel names the hugetlb controller's files. */
  readonly pageSize: string;
  readonly limit: number;
}

export interface LinuxContainerResources {
  readonly cpuPeriod: number;
  readonly cpuQuota: number;
  readonly cpuShares: number;
  readonly memoryLimitInBytes: number;
  readonly oomScoreAdj: number;
  readonly cpusetCpus: string;
  readonly cpusetMems: string;
  readonly hugepageLimits: readonly HugepageLimit[];
  /** cgroup v2 files written as they are ("memory.high": "..."). */
  readonly unified: StringMap;
  readonly memorySwapLimitInBytes: number;
}

export interface ContainerResources {
  readonly linux: LinuxContainerResources | null;
}

export interface UpdateContainerResourcesRequest {
  readonly containerId: string;
  readonly linux: LinuxContainerResources | null;
  readonly annotations: StringMap;
}

export interface UpdateContainerResourcesResponse {}

export interface UpdatePodSandboxResourcesRequest {
  readonly podSandboxId: string;
  readonly overhead: LinuxContainerResources | null;
  readonly resources: LinuxContainerResources | null;
}

export interface UpdatePodSandboxResourcesResponse {}

export const resourceDeclarations: Declarations = {
  HugepageLimit: message({ pageSize: field(1, 'string'), limit: field(2, 'uint64') }),
  LinuxContainerResources: message({
    cpuPeriod: field(1, 'int64'),
    cpuQuota: field(2, 'int64'),
    cpuShares: field(3, 'int64'),
    memoryLimitInBytes: field(4, 'int64'),
    oomScoreAdj: field(5, 'int64'),
    cpusetCpus: field(6, 'string'),
    cpusetMems: field(7, 'string'),
    hugepageLimits: repeated(8, 'HugepageLimit'),
    unified: stringMap(9),
    memorySwapLimitInBytes: field(10, 'int64'),
  }),
  ContainerResources: message({ linux: field(1, 'LinuxContainerResources') }),
  UpdateContainerResourcesRequest: message({
    containerId: field(1, 'string'),
    linux: field(2, 'LinuxContainerResources'),
    annotations: stringMap(4),
  }),
  UpdateContainerResourcesResponse: message({}),
  UpdatePodSandboxResourcesRequest: message({
    podSandboxId: field(1, 'string'),
    overhead: field(2, 'LinuxContainerResources'),
    resources: field(3, 'LinuxContainerResources'),
  }),
  UpdatePodSandboxResourcesResponse: message({}),
};
