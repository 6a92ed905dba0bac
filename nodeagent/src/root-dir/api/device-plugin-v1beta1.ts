// Device plugin API v1beta1 (k8s.io/kubelet pkg/apis/deviceplugin/v1beta1): the Registration
// service the agent serves on device-plugins/kubelet.sock, and the DevicePlugin service a plugin
// serves on its own socket in that directory. Field names are the lowerCamelCase of the proto's,
// except Device.ID, NUMANode.ID and the deviceIDs lists, which the proto spells that way.

import type { StringMap } from '../../cri/messages/message-init.ts';
import { field, message, repeated, stringMap, type Declarations } from '../../cri/messages/declare.ts';
import { grpcPackage, serverStream, unary } from './grpc-package.ts';

/** The only API version of device plugins; a plugin registering with another is refused. */
export const devicePluginApiVersion = 'v1beta1';
export const healthy = 'Healthy';
export const unhealthy = 'Unhealthy';

export interface DevicePluginOptions {
  readonly preStartRequired: boolean;
  readonly getPreferredAllocationAvailable: boolean;
}

export interface RegisterRequest {
  readonly version: string;
  /** The plugin's socket, relative to the device-plugins directory. */
  readonly endpoint: string;
  /** The extended resource the plugin advertises ("example.com/gpu"). */
  readonly resourceName: string;
  readonly options: DevicePluginOptions | null;
}

export type Empty = Record<string, never>;

export interface NUMANode {
  readonly ID: number;
}

export interface TopologyInfo {
  readonly nodes: readonly NUMANode[];
}

export interface Device {
  readonly ID: string;
  /** "Healthy" or "Unhealthy". */
  readonly health: string;
  readonly topology: TopologyInfo | null;
}

export interface ListAndWatchResponse {
  readonly devices: readonly Device[];
}

export interface ContainerPreferredAllocationRequest {
  readonly availableDeviceIDs: readonly string[];
  readonly mustIncludeDeviceIDs: readonly string[];
  readonly allocationSize: number;
}

export interface PreferredAllocationRequest {
  readonly containerRequests: readonly ContainerPreferredAllocationRequest[];
}

export interface PreferredAllocationResponse {
  readonly containerResponses: readonly { readonly deviceIDs: readonly string[] }[];
}

export interface ContainerAllocateRequest {
  readonly devicesIds: readonly string[];
}

export interface AllocateRequest {
  readonly containerRequests: readonly ContainerAllocateRequest[];
}

export interface Mount {
  readonly containerPath: string;
  readonly hostPath: string;
  readonly readOnly: boolean;
}

export interface DeviceSpec {
  readonly containerPath: string;
  readonly hostPath: string;
  /** cgroup permissions: any of "r", "w", "m". */
  readonly permissions: string;
}

export interface ContainerAllocateResponse {
  readonly envs: StringMap;
  readonly mounts: readonly Mount[];
  readonly devices: readonly DeviceSpec[];
  readonly annotations: StringMap;
  readonly cdiDevices: readonly { readonly name: string }[];
}

export interface AllocateResponse {
  readonly containerResponses: readonly ContainerAllocateResponse[];
}

export interface PreStartContainerRequest {
  readonly devicesIds: readonly string[];
}

const declarations: Declarations = {
  DevicePluginOptions: message({ preStartRequired: field(1, 'bool'), getPreferredAllocationAvailable: field(2, 'bool') }),
  RegisterRequest: message({ version: field(1, 'string'), endpoint: field(2, 'string'), resourceName: field(3, 'string'), options: field(4, 'DevicePluginOptions') }),
  Empty: message({}),
  ListAndWatchResponse: message({ devices: repeated(1, 'Device') }),
  TopologyInfo: message({ nodes: repeated(1, 'NUMANode') }),
  NUMANode: message({ ID: field(1, 'int64') }),
  Device: message({ ID: field(1, 'string'), health: field(2, 'string'), topology: field(3, 'TopologyInfo') }),
  PreStartContainerRequest: message({ devicesIds: repeated(1, 'string') }),
  PreStartContainerResponse: message({}),
  PreferredAllocationRequest: message({ containerRequests: repeated(1, 'ContainerPreferredAllocationRequest') }),
  ContainerPreferredAllocationRequest: message({
    availableDeviceIDs: repeated(1, 'string'),
    mustIncludeDeviceIDs: repeated(2, 'string'),
    allocationSize: field(3, 'int32'),
  }),
  PreferredAllocationResponse: message({ containerResponses: repeated(1, 'ContainerPreferredAllocationResponse') }),
  ContainerPreferredAllocationResponse: message({ deviceIDs: repeated(1, 'string') }),
  AllocateRequest: message({ containerRequests: repeated(1, 'ContainerAllocateRequest') }),
  ContainerAllocateRequest: message({ devicesIds: repeated(1, 'string') }),
  CDIDevice: message({ name: field(1, 'string') }),
  AllocateResponse: message({ containerResponses: repeated(1, 'ContainerAllocateResponse') }),
  ContainerAllocateResponse: message({
    envs: stringMap(1),
    mounts: repeated(2, 'Mount'),
    devices: repeated(3, 'DeviceSpec'),
    annotations: stringMap(4),
    cdiDevices: repeated(5, 'CDIDevice'),
  }),
  Mount: message({ containerPath: field(1, 'string'), hostPath: field(2, 'string'), readOnly: field(3, 'bool') }),
  DeviceSpec: message({ containerPath: field(1, 'string'), hostPath: field(2, 'string'), permissions: field(3, 'string') }),
};

export const devicePluginV1beta1 = grpcPackage('v1beta1', declarations, {
  Registration: { Register: unary('RegisterRequest', 'Empty') },
  DevicePlugin: {
    GetDevicePluginOptions: unary('Empty', 'DevicePluginOptions'),
    ListAndWatch: serverStream('Empty', 'ListAndWatchResponse'),
    GetPreferredAllocation: unary('PreferredAllocationRequest', 'PreferredAllocationResponse'),
    Allocate: unary('AllocateRequest', 'AllocateResponse'),
    PreStartContainer: unary('PreStartContainerRequest', 'PreStartContainerResponse'),
  },
});
