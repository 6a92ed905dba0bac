// What the pod workers need of the device manager: devices reserved for a pod when it is admitted
// (refused with the kubelet's UnexpectedAdmissionError when too few are free), and, when each
// container is created, what the device plugin's Allocate answered for it: environment variables,
// mounts, device nodes, annotations and CDI devices, which go into the CRI container config first,
// as the kubelet's run options put them.

import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';

export interface DeviceRunOptions {
  readonly envs: readonly { readonly key: string; readonly value: string }[];
  readonly mounts: readonly { readonly containerPath: string; readonly hostPath: string; readonly readonly: boolean }[];
  readonly devices: readonly { readonly containerPath: string; readonly hostPath: string; readonly permissions: string }[];
  readonly annotations: Readonly<Record<string, string>>;
  readonly cdiDevices: readonly { readonly name: string }[];
}

export type DeviceReservation = { readonly admit: true } | { readonly admit: false; readonly message: string };

export interface DeviceAllocator {
  /** Reserves the devices of every container of the pod; `activePodUIDs` hold theirs, the others' are freed first. */
  reserve(pod: Pod, activePodUIDs: ReadonlySet<string>): DeviceReservation;
  /** The plugins' answers for the container's devices (Allocate is asked once); undefined when it holds none. */
  containerOptions(pod: Pod, container: Container): Promise<DeviceRunOptions | undefined>;
}

/** The container's device counts: extended resources in its limits that `isDeviceResource` knows. */
export function deviceRequests(container: Container, isDeviceResource: (resource: string) => boolean): Map<string, number> {
  const requests = new Map<string, number>();
  for (const [resource, quantity] of Object.entries(container.resources?.limits ?? {})) {
    if (!isDeviceResource(resource)) continue;
    const count = Number(quantity);
    if (Number.isInteger(count) && count > 0) requests.set(resource, count);
  }
  return requests;
}

/** A plugin's Allocate failed or its plugin is gone: the container cannot be configured. */
export class DeviceAllocationError extends Error {
  override name = 'DeviceAllocationError';
}
