// Plugin registration API (k8s.io/kubelet pkg/apis/pluginregistration/v1, proto package
// "pluginregistration"): the Registration service a CSI, DRA or device plugin serves on the socket
// it puts in plugins_registry/, which the agent's plugin watcher calls.

import { field, message, repeated, type Declarations } from '../../cri/messages/declare.ts';
import { grpcPackage, unary } from './grpc-package.ts';

/** The plugin types the kubelet has handlers for. */
export const pluginTypes = { csi: 'CSIPlugin', devicePlugin: 'DevicePlugin', dra: 'DRAPlugin' } as const;

export interface PluginInfo {
  /** "CSIPlugin", "DRAPlugin" or "DevicePlugin". */
  readonly type: string;
  readonly name: string;
  /** The plugin's service socket; empty when it is the registration socket itself. */
  readonly endpoint: string;
  readonly supportedVersions: readonly string[];
}

export interface RegistrationStatus {
  readonly pluginRegistered: boolean;
  readonly error: string;
}

const declarations: Declarations = {
  PluginInfo: message({ type: field(1, 'string'), name: field(2, 'string'), endpoint: field(3, 'string'), supportedVersions: repeated(4, 'string') }),
  RegistrationStatus: message({ pluginRegistered: field(1, 'bool'), error: field(2, 'string') }),
  RegistrationStatusResponse: message({}),
  InfoRequest: message({}),
};

export const pluginRegistrationV1 = grpcPackage('pluginregistration', declarations, {
  Registration: {
    GetInfo: unary('InfoRequest', 'PluginInfo'),
    NotifyRegistrationStatus: unary('RegistrationStatus', 'RegistrationStatusResponse'),
  },
});
