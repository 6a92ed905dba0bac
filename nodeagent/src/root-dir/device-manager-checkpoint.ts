// device-plugins/kubelet_internal_checkpoint: the device manager's checkpoint, in the kubelet's
// shape ({"Data":{"PodDeviceEntries":[...],"RegisteredDevices":{...}},"Checksum":N}) with the
// checksum of the Data (checkpoint.checkpointData) as the kubelet computes it.

import { CheckpointFormatError, CorruptCheckpointError, isObject, parseCheckpoint } from './checkpoint-errors.ts';
import { goBytes, goInt, goMap, goSlice, goString, goStruct, kubeletChecksum, type GoValue } from './go-spew-hash.ts';
import { goJson, goMapOf } from './go-json.ts';

export const deviceManagerCheckpointName = 'kubelet_internal_checkpoint';

/** The devices allocated to one container for one resource. */
export interface PodDevicesEntry {
  readonly podUID: string;
  readonly containerName: string;
  readonly resourceName: string;
  /** Device ids by NUMA node (-1 when the device has no topology). */
  readonly deviceIDs: ReadonlyMap<number, readonly string[]>;
  /** The plugin's ContainerAllocateResponse, as protobuf bytes. */
  readonly allocResp: Uint8Array;
}

export interface DeviceManagerCheckpoint {
  /** null as the kubelet writes it when no container holds a device. */
  readonly podDeviceEntries: readonly PodDevicesEntry[] | null;
  /** The healthy devices of each registered resource. */
  readonly registeredDevices: ReadonlyMap<string, readonly string[]>;
}

const stringList = (items: readonly string[] | null): GoValue => goSlice(items === null ? null : items.map(goString));

/** The Data as the Go value whose checksum the kubelet stores. */
function checkpointDataValue(checkpoint: DeviceManagerCheckpoint): GoValue {
  const entries = checkpoint.podDeviceEntries?.map((entry) =>
    goStruct([
      { name: 'PodUID', type: 'string', value: goString(entry.podUID) },
      { name: 'ContainerName', type: 'string', value: goString(entry.containerName) },
      { name: 'ResourceName', type: 'string', value: goString(entry.resourceName) },
      { name: 'DeviceIDs', type: 'checkpoint.DevicesPerNUMA', value: goMap([...entry.deviceIDs].map(([numa, ids]) => [goInt(numa), stringList(ids)] as const)) },
      { name: 'AllocResp', type: '[]uint8', value: goBytes(entry.allocResp) },
    ]),
  );
  return goStruct([
    { name: 'PodDeviceEntries', type: '[]checkpoint.PodDevicesEntry', value: goSlice(entries ?? null) },
    { name: 'RegisteredDevices', type: 'map[string][]string', value: goMap([...checkpoint.registeredDevices].map(([name, ids]) => [goString(name), stringList(ids)] as const)) },
  ]);
}

export const deviceCheckpointChecksum = (checkpoint: DeviceManagerCheckpoint): number => kubeletChecksum('checkpoint.checkpointData', checkpointDataValue(checkpoint));

export function encodeDeviceCheckpoint(checkpoint: DeviceManagerCheckpoint): string {
  const data = {
    PodDeviceEntries:
      checkpoint.podDeviceEntries?.map((entry) => ({
        PodUID: entry.podUID,
        ContainerName: entry.containerName,
        ResourceName: entry.resourceName,
        DeviceIDs: goMapOf([...entry.deviceIDs].map(([numa, ids]) => [String(numa), ids] as const)),
        AllocResp: Buffer.from(entry.allocResp).toString('base64'),
      })) ?? null,
    RegisteredDevices: goMapOf(checkpoint.registeredDevices),
  };
  return goJson({ Data: data, Checksum: deviceCheckpointChecksum(checkpoint) });
}

/** Reads the checkpoint; throws CorruptCheckpointError when its checksum does not match its data. */
export function decodeDeviceCheckpoint(text: string): DeviceManagerCheckpoint {
  const json = parseCheckpoint(text);
  const data = isObject(json['Data']) ? json['Data'] : {};
  const entries = data['PodDeviceEntries'];
  if (entries !== null && entries !== undefined && !Array.isArray(entries)) throw new CheckpointFormatError('json: cannot unmarshal PodDeviceEntries');
  const checkpoint: DeviceManagerCheckpoint = {
    podDeviceEntries: Array.isArray(entries) ? entries.map(podDevicesEntry) : null,
    registeredDevices: new Map(Object.entries(isObject(data['RegisteredDevices']) ? data['RegisteredDevices'] : {}).map(([name, ids]) => [name, strings(ids)])),
  };
  if (json['Checksum'] !== deviceCheckpointChecksum(checkpoint)) throw new CorruptCheckpointError();
  return checkpoint;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function podDevicesEntry(value: unknown): PodDevicesEntry {
  const entry = isObject(value) ? value : {};
  const text = (name: string): string => (typeof entry[name] === 'string' ? (entry[name] as string) : '');
  const deviceIDs = isObject(entry['DeviceIDs']) ? entry['DeviceIDs'] : {};
  return {
    podUID: text('PodUID'),
    containerName: text('ContainerName'),
    resourceName: text('ResourceName'),
    deviceIDs: new Map(Object.entries(deviceIDs).map(([numa, ids]) => [Number(numa), strings(ids)])),
    allocResp: Buffer.from(text('AllocResp'), 'base64'),
  };
}
