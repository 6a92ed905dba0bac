// PodResources API v1 (k8s.io/kubelet pkg/apis/podresources/v1): the PodResourcesLister service
// the agent serves on pod-resources/kubelet.sock, telling monitoring agents which devices, CPUs
// and memory the node's containers hold and what the node can allocate.

import { field, message, repeated, type Declarations } from '../../cri/messages/declare.ts';
import { grpcPackage, unary } from './grpc-package.ts';

export interface NUMANode {
  readonly ID: number;
}

export interface TopologyInfo {
  readonly nodes: readonly NUMANode[];
}

export interface ContainerDevices {
  readonly resourceName: string;
  readonly deviceIds: readonly string[];
  readonly topology: TopologyInfo | null;
}

export interface ContainerMemory {
  readonly memoryType: string;
  readonly size: number;
  readonly topology: TopologyInfo | null;
}

export interface ClaimResource {
  readonly cdiDevices: readonly { readonly name: string }[];
  readonly driverName: string;
  readonly poolName: string;
  readonly deviceName: string;
  readonly shareId: string;
}

export interface DynamicResource {
  readonly claimName: string;
  readonly claimNamespace: string;
  readonly claimResources: readonly ClaimResource[];
}

export interface ContainerResources {
  readonly name: string;
  readonly devices: readonly ContainerDevices[];
  readonly cpuIds: readonly number[];
  readonly memory: readonly ContainerMemory[];
  readonly dynamicResources: readonly DynamicResource[];
}

export interface PodResources {
  readonly name: string;
  readonly namespace: string;
  readonly containers: readonly ContainerResources[];
}

export interface ListPodResourcesResponse {
  readonly podResources: readonly PodResources[];
}

export interface AllocatableResourcesResponse {
  readonly devices: readonly ContainerDevices[];
  readonly cpuIds: readonly number[];
  readonly memory: readonly ContainerMemory[];
}

export interface GetPodResourcesRequest {
  readonly podName: string;
  readonly podNamespace: string;
}

export interface GetPodResourcesResponse {
  readonly podResources: PodResources | null;
}

const declarations: Declarations = {
  AllocatableResourcesRequest: message({}),
  AllocatableResourcesResponse: message({ devices: repeated(1, 'ContainerDevices'), cpuIds: repeated(2, 'int64'), memory: repeated(3, 'ContainerMemory') }),
  ListPodResourcesRequest: message({}),
  ListPodResourcesResponse: message({ podResources: repeated(1, 'PodResources') }),
  PodResources: message({ name: field(1, 'string'), namespace: field(2, 'string'), containers: repeated(3, 'ContainerResources') }),
  ContainerResources: message({
    name: field(1, 'string'),
    devices: repeated(2, 'ContainerDevices'),
    cpuIds: repeated(3, 'int64'),
    memory: repeated(4, 'ContainerMemory'),
    dynamicResources: repeated(5, 'DynamicResource'),
  }),
  ContainerMemory: message({ memoryType: field(1, 'string'), size: field(2, 'uint64'), topology: field(3, 'TopologyInfo') }),
  ContainerDevices: message({ resourceName: field(1, 'string'), deviceIds: repeated(2, 'string'), topology: field(3, 'TopologyInfo') }),
  TopologyInfo: message({ nodes: repeated(1, 'NUMANode') }),
  NUMANode: message({ ID: field(1, 'int64') }),
  DynamicResource: message({ claimName: field(2, 'string'), claimNamespace: field(3, 'string'), claimResources: repeated(4, 'ClaimResource') }),
  ClaimResource: message({
    cdiDevices: repeated(1, 'CDIDevice'),
    driverName: field(2, 'string'),
    poolName: field(3, 'string'),
    deviceName: field(4, 'string'),
    shareId: field(5, 'string'),
  }),
  CDIDevice: message({ name: field(1, 'string') }),
  GetPodResourcesRequest: message({ podName: field(1, 'string'), podNamespace: field(2, 'string') }),
  GetPodResourcesResponse: message({ podResources: field(1, 'PodResources') }),
};

export const podResourcesV1 = grpcPackage('v1', declarations, {
  PodResourcesLister: {
    List: unary('ListPodResourcesRequest', 'ListPodResourcesResponse'),
    GetAllocatableResources: unary('AllocatableResourcesRequest', 'AllocatableResourcesResponse'),
    Get: unary('GetPodResourcesRequest', 'GetPodResourcesResponse'),
  },
});
