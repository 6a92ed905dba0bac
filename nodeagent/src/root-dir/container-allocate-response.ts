// A device plugin's ContainerAllocateResponse as the device manager's checkpoint keeps it
// (protobuf bytes, base64 in the JSON), and as run options for a container's CRI config. The
// package's codecs are per method, so the bytes of one response are those of an AllocateResponse
// holding only it, less that message's field header (field 1, length-delimited).

import type { DeviceRunOptions } from '../pods/device-allocation.ts';
import { devicePluginV1beta1, type AllocateResponse, type ContainerAllocateResponse } from './api/device-plugin-v1beta1.ts';

const allocateResponse = devicePluginV1beta1.DevicePlugin.Allocate?.response as { encode(message: object): Buffer; decode(bytes: Uint8Array): AllocateResponse };

function varint(value: number): number[] {
  const bytes: number[] = [];
  for (let n = value; ; n = Math.floor(n / 128)) {
    if (n < 128) {
      bytes.push(n);
      return bytes;
    }
    bytes.push((n % 128) | 0x80);
  }
}

export function encodeContainerAllocateResponse(response: ContainerAllocateResponse): Uint8Array {
  const wrapped = allocateResponse.encode({ containerResponses: [response] });
  if (wrapped.length === 0) return new Uint8Array(0);
  // Skip the tag byte (0x0a) and the length varint.
  let at = 1;
  while (((wrapped[at] as number) & 0x80) !== 0) at++;
  return new Uint8Array(wrapped.subarray(at + 1));
}

export function decodeContainerAllocateResponse(bytes: Uint8Array): ContainerAllocateResponse {
  const wrapped = Buffer.concat([Buffer.from([0x0a, ...varint(bytes.length)]), bytes]);
  const response = allocateResponse.decode(wrapped).containerResponses[0];
  return response ?? { envs: {}, mounts: [], devices: [], annotations: {}, cdiDevices: [] };
}

/** The container's run options from the responses of each of its resources, in resource order. */
export function deviceRunOptions(responses: readonly ContainerAllocateResponse[]): DeviceRunOptions {
  const envs = new Map<string, string>();
  const annotations: Record<string, string> = {};
  const mounts: DeviceRunOptions['mounts'][number][] = [];
  const devices: DeviceRunOptions['devices'][number][] = [];
  const cdiDevices: { name: string }[] = [];
  for (const response of responses) {
    for (const [key, value] of Object.entries(response.envs ?? {})) envs.set(key, value);
    Object.assign(annotations, response.annotations ?? {});
    for (const mount of response.mounts ?? []) mounts.push({ containerPath: mount.containerPath, hostPath: mount.hostPath, readonly: mount.readOnly });
    for (const device of response.devices ?? []) devices.push({ containerPath: device.containerPath, hostPath: device.hostPath, permissions: device.permissions });
    for (const cdi of response.cdiDevices ?? []) cdiDevices.push({ name: cdi.name });
  }
  return { envs: [...envs].map(([key, value]) => ({ key, value })), mounts, devices, annotations, cdiDevices };
}
