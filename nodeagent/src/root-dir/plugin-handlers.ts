// The handlers of the plugin watcher, one per plugin type the kubelet knows: DevicePlugin (the
// device manager dials the plugin, as after Register), CSIPlugin and DRAPlugin (validated and
// recorded; the agent does not call the CSI node service or DRA's NodePrepareResources).

import { devicePluginApiVersion } from './api/device-plugin-v1beta1.ts';
import { pluginTypes } from './api/plugin-registration-v1.ts';
import type { DeviceManager } from './device-manager.ts';
import { isExtendedResourceName } from './extended-resource-name.ts';
import type { PluginHandler } from './plugin-watcher.ts';

export function devicePluginHandler(devices: DeviceManager): PluginHandler {
  return {
    validate(name, _endpoint, versions) {
      if (!versions.includes(devicePluginApiVersion)) throw new Error(`manager version, ${devicePluginApiVersion}, is not among plugin supported versions [${versions.join(' ')}]`);
      if (!isExtendedResourceName(name)) throw new Error(`invalid name of device plugin socket: the ResourceName ${JSON.stringify(name)} is invalid`);
    },
    register: (name, endpoint) => devices.connect(name, endpoint),
    deregister: (name, endpoint) => devices.deregister(name, endpoint),
  };
}

/** CSI: the driver must speak CSI 1.x. */
export const csiPluginHandler: PluginHandler = {
  validate(_name, _endpoint, versions) {
    if (versions.length === 0) throw new Error('CSI driver reporting empty array for supported versions');
    if (!versions.some((version) => /^v?1(\.\d+){0,2}$/.test(version))) throw new Error('none of the CSI versions reported by this driver are supported');
  },
  async register() {},
  deregister() {},
};

/** The gRPC services of DRA drivers the kubelet of 1.35 calls. */
const draServices = ['v1.DRAPlugin', 'v1beta1.DRAPlugin'];

/** DRA: the driver must offer a DRAPlugin service version the kubelet supports. */
export const draPluginHandler: PluginHandler = {
  validate(name, endpoint, versions) {
    if (versions.length === 0)
      throw new Error(`invalid supported gRPC versions of DRA driver plugin ${name} at endpoint ${endpoint}: empty list of supported gRPC services (aka versions)`);
    if (!versions.some((version) => draServices.includes(version))) {
      throw new Error(
        `invalid supported gRPC versions of DRA driver plugin ${name} at endpoint ${endpoint}: none of the supported services [${versions.join(' ')}] are among those supported by the kubelet [${draServices.join(' ')}]`,
      );
    }
  },
  async register() {},
  deregister() {},
};

export const pluginHandlers = (devices: DeviceManager): Readonly<Record<string, PluginHandler>> => ({
  [pluginTypes.devicePlugin]: devicePluginHandler(devices),
  [pluginTypes.csi]: csiPluginHandler,
  [pluginTypes.dra]: draPluginHandler,
});
