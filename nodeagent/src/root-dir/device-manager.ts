// The device manager: device plugins register on <root-dir>/device-plugins/kubelet.sock
// (Registration v1beta1), the agent dials each plugin's socket in that directory, keeps its
// devices from ListAndWatch (healthy and not), checkpoints them to kubelet_internal_checkpoint,
// and reports them as extended resources of the Node: capacity counts every device, allocatable
// the healthy ones. A plugin that goes away has its devices marked unhealthy, and its resource is
// dropped (reported once at zero) five minutes later unless it registers again; after a restart,
// the checkpoint's resources are reported at zero until their plugins register again.

import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { newQuantity, type Quantity } from '@capstan/common';
import { devicePluginApiVersion, devicePluginV1beta1, healthy, type Device, type DevicePluginOptions, type RegisterRequest } from './api/device-plugin-v1beta1.ts';
import { serveGrpc, type GrpcSocketServer } from './api/serve-grpc.ts';
import { decodeDeviceCheckpoint, deviceManagerCheckpointName, encodeDeviceCheckpoint, type PodDevicesEntry } from './device-manager-checkpoint.ts';
import { DevicePluginEndpoint, type EndpointHandler } from './device-plugin-endpoint.ts';
import { isExtendedResourceName } from './extended-resource-name.ts';
import { deviceRequests, type DeviceAllocator, type DeviceReservation, type DeviceRunOptions } from '../pods/device-allocation.ts';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from '../pods/pod-types.ts';
import { decodeContainerAllocateResponse, deviceRunOptions, encodeContainerAllocateResponse } from './container-allocate-response.ts';
import { readStateFile, writeCheckpointFile } from './state-file.ts';

type Log = (message: string, error?: unknown) => void;

/** What the Node's status takes from the device manager (the kubelet's GetCapacity). */
export interface ExtendedResources {
  readonly capacity: ReadonlyMap<string, Quantity>;
  readonly allocatable: ReadonlyMap<string, Quantity>;
  /** Resources whose plugin is gone for good: reported once with a capacity of zero. */
  readonly removed: readonly string[];
}

export interface DeviceManagerOptions {
  /** <root-dir>/device-plugins */
  readonly socketDir: string;
  readonly log?: Log;
  /** How long the resource of a plugin that went away is kept; five minutes, as the kubelet's. */
  readonly stopGracePeriodMs?: number;
  readonly now?: () => number;
}

export const kubeletSocketName = 'kubelet.sock';

interface EndpointInfo {
  readonly endpoint: DevicePluginEndpoint | undefined;
  readonly options: DevicePluginOptions | undefined;
  /** When the plugin went away (or the agent started without it); undefined while connected. */
  stopTime: number | undefined;
}

export class DeviceManager implements EndpointHandler, DeviceAllocator {
  readonly socketDir: string;
  readonly #log: Log;
  readonly #gracePeriodMs: number;
  readonly #now: () => number;
  readonly #endpoints = new Map<string, EndpointInfo>();
  readonly #healthy = new Map<string, Set<string>>();
  readonly #unhealthy = new Map<string, Set<string>>();
  readonly #devices = new Map<string, Map<string, Device>>();
  #podDevices: readonly PodDevicesEntry[] | null = null;
  #server: GrpcSocketServer | undefined;
  #writes: Promise<void> = Promise.resolve();

  constructor(options: DeviceManagerOptions) {
    this.socketDir = options.socketDir;
    this.#log = options.log ?? (() => {});
    this.#gracePeriodMs = options.stopGracePeriodMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  get checkpointPath(): string {
    return join(this.socketDir, deviceManagerCheckpointName);
  }

  get socketPath(): string {
    return join(this.socketDir, kubeletSocketName);
  }

  /** Reads the checkpoint, removes stale sockets (the plugins' cue to register again), serves Registration. */
  async start(): Promise<void> {
    await this.#readCheckpoint().catch((error: unknown) => this.#log('Continue after failing to read checkpoint file. Device allocation info may NOT be up-to-date', error));
    await mkdir(this.socketDir, { recursive: true, mode: 0o750 });
    await this.#removeStaleSockets();
    this.#server = await serveGrpc(this.socketPath, [{ methods: devicePluginV1beta1.Registration, handlers: { Register: (request: RegisterRequest) => this.register(request) } }]);
  }

  async #readCheckpoint(): Promise<void> {
    const text = await readStateFile(this.checkpointPath);
    if (text === undefined) return;
    const checkpoint = decodeDeviceCheckpoint(text);
    this.#podDevices = checkpoint.podDeviceEntries;
    const now = this.#now();
    for (const resource of checkpoint.registeredDevices.keys()) {
      this.#healthy.set(resource, new Set());
      this.#unhealthy.set(resource, new Set());
      this.#endpoints.set(resource, { endpoint: undefined, options: undefined, stopTime: now });
    }
  }

  async #removeStaleSockets(): Promise<void> {
    for (const name of await readdir(this.socketDir)) {
      const path = join(this.socketDir, name);
      if (path === this.checkpointPath) continue;
      const stat = await lstat(path).catch(() => undefined);
      if (stat?.isSocket() === true) await rm(path, { force: true });
    }
  }

  /** Registration.Register: refuses other API versions and non-extended resource names, then dials the plugin. */
  async register(request: RegisterRequest): Promise<object> {
    this.#log(`Got registration request from device plugin with resource ${request.resourceName}`);
    if (request.version !== devicePluginApiVersion) {
      throw new Error(`requested API version ${JSON.stringify(request.version)} is not supported by kubelet. Supported version is ["${devicePluginApiVersion}"]`);
    }
    if (!isExtendedResourceName(request.resourceName)) throw new Error(`the ResourceName ${JSON.stringify(request.resourceName)} is invalid`);
    await this.connect(request.resourceName, join(this.socketDir, request.endpoint));
    return {};
  }

  /** Dials a plugin's socket (after Register, or from the plugin watcher) and starts watching its devices. */
  async connect(resourceName: string, socketPath: string): Promise<void> {
    const { endpoint, options } = await DevicePluginEndpoint.connect(resourceName, socketPath);
    const previous = this.#endpoints.get(resourceName)?.endpoint;
    this.#endpoints.set(resourceName, { endpoint, options, stopTime: undefined });
    previous?.close();
    this.#log(`Device plugin connected: ${resourceName} at ${socketPath}`);
    void endpoint.run(this);
  }

  devicesChanged(endpoint: DevicePluginEndpoint, devices: readonly Device[]): void {
    const resource = endpoint.resourceName;
    if (this.#endpoints.get(resource)?.endpoint !== endpoint) return;
    const healthySet = new Set<string>();
    const unhealthySet = new Set<string>();
    const all = new Map<string, Device>();
    for (const device of devices) {
      all.set(device.ID, device);
      (device.health === healthy ? healthySet : unhealthySet).add(device.ID);
    }
    this.#healthy.set(resource, healthySet);
    this.#unhealthy.set(resource, unhealthySet);
    this.#devices.set(resource, all);
    this.#log(`Processed device updates for resource ${resource}: ${devices.length} devices, ${healthySet.size} healthy`);
    void this.#writeCheckpoint();
  }

  disconnected(endpoint: DevicePluginEndpoint, error: unknown): void {
    const resource = endpoint.resourceName;
    this.#log(`ListAndWatch ended unexpectedly for device plugin ${resource}`, error);
    endpoint.close();
    const info = this.#endpoints.get(resource);
    if (info?.endpoint !== endpoint) return;
    this.#markUnhealthy(resource);
    info.stopTime = this.#now();
  }

  /** The plugin watcher saw the plugin's registration socket go: as if its stream had ended. */
  deregister(resourceName: string, socketPath: string): void {
    const endpoint = this.#endpoints.get(resourceName)?.endpoint;
    if (endpoint?.socketPath === socketPath) this.disconnected(endpoint, new Error('plugin deregistered'));
  }

  #markUnhealthy(resource: string): void {
    const unhealthySet = this.#unhealthy.get(resource) ?? new Set();
    for (const id of this.#healthy.get(resource) ?? []) unhealthySet.add(id);
    this.#healthy.set(resource, new Set());
    this.#unhealthy.set(resource, unhealthySet);
  }

  /** GetCapacity: the device counts of each resource; drops resources whose plugin is gone past the grace period. */
  extendedResources(): ExtendedResources {
    const capacity = new Map<string, Quantity>();
    const allocatable = new Map<string, Quantity>();
    const removed: string[] = [];
    const now = this.#now();
    for (const resource of new Set([...this.#healthy.keys(), ...this.#unhealthy.keys()])) {
      const info = this.#endpoints.get(resource);
      if (info === undefined || (info.stopTime !== undefined && now - info.stopTime > this.#gracePeriodMs)) {
        this.#endpoints.delete(resource);
        this.#healthy.delete(resource);
        this.#unhealthy.delete(resource);
        this.#devices.delete(resource);
        removed.push(resource);
        continue;
      }
      const healthyCount = this.#healthy.get(resource)?.size ?? 0;
      const unhealthyCount = this.#unhealthy.get(resource)?.size ?? 0;
      capacity.set(resource, newQuantity(BigInt(healthyCount + unhealthyCount), 'DecimalSI'));
      allocatable.set(resource, newQuantity(BigInt(healthyCount), 'DecimalSI'));
    }
    if (removed.length > 0) void this.#writeCheckpoint();
    return { capacity, allocatable, removed: removed.sort() };
  }

  /** Every device a plugin reported, by resource (GetAllocatableDevices). */
  allocatableDevices(): ReadonlyMap<string, ReadonlyMap<string, Device>> {
    return this.#devices;
  }

  /** The devices allocated to a container, by resource, from the checkpoint's entries. */
  containerDevices(podUID: string, containerName: string): ReadonlyMap<string, readonly string[]> {
    const devices = new Map<string, readonly string[]>();
    for (const entry of this.#podDevices ?? []) {
      if (entry.podUID !== podUID || entry.containerName !== containerName) continue;
      devices.set(entry.resourceName, [...entry.deviceIDs.values()].flat());
    }
    return devices;
  }

  /** A resource some plugin registered (or that the checkpoint's allocations hold). */
  isDeviceResource(resource: string): boolean {
    return this.#healthy.has(resource) || (this.#podDevices ?? []).some((entry) => entry.resourceName === resource);
  }

  /**
   * The kubelet's Allocate at admission: frees the devices of pods no longer active, then takes
   * free healthy devices for each container that asks for some (a container keeps what it holds);
   * all or none for the pod. The plugin itself is asked when the container is created.
   */
  reserve(pod: Pod, activePodUIDs: ReadonlySet<string>): DeviceReservation {
    const entries = (this.#podDevices ?? []).filter((entry) => activePodUIDs.has(entry.podUID) || entry.podUID === pod.metadata.uid);
    const added: PodDevicesEntry[] = [];
    for (const container of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
      for (const [resource, needed] of deviceRequests(container, (name) => this.isDeviceResource(name))) {
        const held = (entry: PodDevicesEntry): boolean => entry.podUID === pod.metadata.uid && entry.containerName === container.name && entry.resourceName === resource;
        if (entries.some(held)) continue;
        const inUse = new Set([...entries, ...added].filter((entry) => entry.resourceName === resource).flatMap((entry) => [...entry.deviceIDs.values()].flat()));
        const free = [...(this.#healthy.get(resource) ?? [])].filter((id) => !inUse.has(id)).sort();
        if (free.length < needed) return { admit: false, message: `requested number of devices unavailable for ${resource}. Requested: ${needed}, Available: ${free.length}` };
        added.push({
          podUID: pod.metadata.uid,
          containerName: container.name,
          resourceName: resource,
          deviceIDs: new Map([[-1, free.slice(0, needed)]]),
          allocResp: new Uint8Array(0),
        });
      }
    }
    const next = [...entries, ...added];
    if (added.length > 0 || next.length !== (this.#podDevices ?? []).length) {
      this.#podDevices = next.length === 0 ? null : next;
      void this.#writeCheckpoint();
    }
    return { admit: true };
  }

  async containerOptions(pod: Pod, container: Container): Promise<DeviceRunOptions | undefined> {
    const held = (this.#podDevices ?? []).filter((entry) => entry.podUID === pod.metadata.uid && entry.containerName === container.name);
    if (held.length === 0) return undefined;
    const responses = [];
    let asked = false;
    for (const entry of held.sort((a, b) => a.resourceName.localeCompare(b.resourceName))) {
      if (entry.allocResp.length > 0) {
        responses.push(decodeContainerAllocateResponse(entry.allocResp));
        continue;
      }
      const endpoint = this.#endpoints.get(entry.resourceName)?.endpoint;
      if (endpoint === undefined) throw new Error(`unknown Device Plugin ${entry.resourceName}`);
      const response = await endpoint.allocate([...entry.deviceIDs.values()].flat());
      responses.push(response);
      this.#podDevices = (this.#podDevices ?? []).map((current) => (current === entry ? { ...entry, allocResp: encodeContainerAllocateResponse(response) } : current));
      asked = true;
    }
    if (asked) await this.#writeCheckpoint();
    return deviceRunOptions(responses);
  }

  /** Waits for the checkpoint writes started so far. */
  flushed(): Promise<void> {
    return this.#writes;
  }

  /** Checkpoints the healthy devices and the allocations; one write at a time, each with the latest state. */
  #writeCheckpoint(): Promise<void> {
    this.#writes = this.#writes.then(async () => {
      const registeredDevices = new Map([...this.#healthy].map(([resource, ids]) => [resource, [...ids]] as const));
      try {
        await writeCheckpointFile(this.checkpointPath, encodeDeviceCheckpoint({ podDeviceEntries: this.#podDevices, registeredDevices }));
      } catch (error) {
        this.#log(`failed to write checkpoint file "${deviceManagerCheckpointName}"`, error);
      }
    });
    return this.#writes;
  }

  async close(): Promise<void> {
    for (const info of this.#endpoints.values()) info.endpoint?.close();
    await this.#server?.close();
    await this.#writes;
  }
}
