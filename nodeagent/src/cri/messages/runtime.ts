// The runtime as a whole: its version, its conditions and handlers, its cgroup driver, and the
// pod CIDR the kubelet hands it.

import { enumOf, field, message, repeated, stringMap, type Declarations } from './declare.ts';
import type { StringMap } from './message-init.ts';

export const cgroupDrivers = ['SYSTEMD', 'CGROUPFS'] as const;
export type CgroupDriver = (typeof cgroupDrivers)[number];

export interface VersionRequest {
  /** The kubelet's CRI version ("0.1.0"). */
  readonly version: string;
}

export interface VersionResponse {
  /** The runtime's version of the kubelet API ("0.1.0"). */
  readonly version: string;
  readonly runtimeName: string;
  readonly runtimeVersion: string;
  /** The CRI version the runtime speaks ("v1"). */
  readonly runtimeApiVersion: string;
}

/** A runtime condition: the kubelet requires RuntimeReady and NetworkReady to be true. */
export interface RuntimeCondition {
  readonly type: string;
  readonly status: boolean;
  readonly reason: string;
  readonly message: string;
}

export interface RuntimeStatus {
  readonly conditions: readonly RuntimeCondition[];
}

export interface StatusRequest {
  readonly verbose: boolean;
}

export interface RuntimeHandlerFeatures {
  readonly recursiveReadOnlyMounts: boolean;
  readonly userNamespaces: boolean;
}

export interface RuntimeHandler {
  /** '' for the default handler. */
  readonly name: string;
  readonly features: RuntimeHandlerFeatures | null;
}

export interface RuntimeFeatures {
  readonly supplementalGroupsPolicy: boolean;
}

export interface StatusResponse {
  readonly status: RuntimeStatus | null;
  /** Runtime-specific details, given only for a verbose request. */
  readonly info: StringMap;
  readonly runtimeHandlers: readonly RuntimeHandler[];
  readonly features: RuntimeFeatures | null;
}

export interface NetworkConfig {
  readonly podCidr: string;
}

export interface RuntimeConfig {
  readonly networkConfig: NetworkConfig | null;
}

export interface UpdateRuntimeConfigRequest {
  readonly runtimeConfig: RuntimeConfig | null;
}

export interface UpdateRuntimeConfigResponse {}

export interface RuntimeConfigRequest {}

export interface LinuxRuntimeConfiguration {
  readonly cgroupDriver: CgroupDriver;
}

export interface RuntimeConfigResponse {
  readonly linux: LinuxRuntimeConfiguration | null;
}

export const runtimeDeclarations: Declarations = {
  CgroupDriver: enumOf(cgroupDrivers),
  VersionRequest: message({ version: field(1, 'string') }),
  VersionResponse: message({
    version: field(1, 'string'),
    runtimeName: field(2, 'string'),
    runtimeVersion: field(3, 'string'),
    runtimeApiVersion: field(4, 'string'),
  }),
  RuntimeCondition: message({ type: field(1, 'string'), status: field(2, 'bool'), reason: field(3, 'string'), message: field(4, 'string') }),
  RuntimeStatus: message({ conditions: repeated(1, 'RuntimeCondition') }),
  StatusRequest: message({ verbose: field(1, 'bool') }),
  RuntimeHandlerFeatures: message({ recursiveReadOnlyMounts: field(1, 'bool'), userNamespaces: field(2, 'bool') }),
  RuntimeHandler: message({ name: field(1, 'string'), features: field(2, 'RuntimeHandlerFeatures') }),
  RuntimeFeatures: message({ supplementalGroupsPolicy: field(1, 'bool') }),
  StatusResponse: message({
    status: field(1, 'RuntimeStatus'),
    info: stringMap(2),
    runtimeHandlers: repeated(3, 'RuntimeHandler'),
    features: field(4, 'RuntimeFeatures'),
  }),
  NetworkConfig: message({ podCidr: field(1, 'string') }),
  RuntimeConfig: message({ networkConfig: field(1, 'NetworkConfig') }),
  UpdateRuntimeConfigRequest: message({ runtimeConfig: field(1, 'RuntimeConfig') }),
  UpdateRuntimeConfigResponse: message({}),
  RuntimeConfigRequest: message({}),
  LinuxRuntimeConfiguration: message({ cgroupDriver: field(1, 'CgroupDriver') }),
  RuntimeConfigResponse: message({ linux: field(1, 'LinuxRuntimeConfiguration') }),
};
