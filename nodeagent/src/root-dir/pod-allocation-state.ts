// <root-dir>/allocated_pods_state and actuated_pods_state: the allocation manager's two
// checkpoints, {"data":"<JSON>","checksum":N}, where data is the JSON of
// {"entries":{<pod UID>:{"ContainerResources":{<name>:<ResourceRequirements>},"PodLevelResources":...}}}
// and the checksum that of the data string. As the kubelet, the agent writes a file only when an
// entry was added or changed (removed pods leave with the next write), and refuses to start when a
// file fails its checksum.

import { join } from 'node:path';
import { parseQuantity, quantityString, errorMessage } from '@capstan/common';
import { CheckpointFormatError, CorruptCheckpointError, isObject, parseCheckpoint } from './checkpoint-errors.ts';
import { goString, kubeletChecksum } from './go-spew-hash.ts';
import { goJson, goMapOf } from './go-json.ts';
import { readStateFile, writeCheckpointFile } from './state-file.ts';

export const allocatedPodsStateName = 'allocated_pods_state';
export const actuatedPodsStateName = 'actuated_pods_state';

type ResourceList = Readonly<Record<string, string>>;

/** v1.ResourceRequirements as Go writes it: limits and requests only when set. */
export interface ResourceRequirements {
  readonly limits?: ResourceList;
  readonly requests?: ResourceList;
}

export interface PodResourceInfo {
  readonly containerResources: ReadonlyMap<string, ResourceRequirements>;
  /** spec.resources of a pod with pod-level resources. */
  readonly podLevelResources: ResourceRequirements | null;
}

export type PodResourceInfoMap = ReadonlyMap<string, PodResourceInfo>;

/** Quantities in canonical form ("1000m" is written "1"), as Go's Quantity marshals. */
function canonicalList(list: ResourceList | undefined): ResourceList | undefined {
  if (list === undefined || Object.keys(list).length === 0) return undefined;
  const names = Object.keys(list).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(
    names.map((name) => {
      const text = list[name] as string;
      const parsed = parseQuantity(text);
      return [name, 'error' in parsed ? text : quantityString(parsed.quantity)];
    }),
  );
}

export function canonicalRequirements(requirements: ResourceRequirements | undefined): ResourceRequirements {
  const limits = canonicalList(requirements?.limits);
  const requests = canonicalList(requirements?.requests);
  return { ...(limits === undefined ? {} : { limits }), ...(requests === undefined ? {} : { requests }) };
}

/** The data string: Go's JSON of PodResourceCheckpointInfo. */
export function podResourceData(entries: PodResourceInfoMap): string {
  if (entries.size === 0) return '{}';
  return goJson({
    entries: goMapOf(
      [...entries].map(
        ([uid, info]) =>
          [
            uid,
            {
              ContainerResources: goMapOf([...info.containerResources].map(([name, resources]) => [name, canonicalRequirements(resources)] as const)),
              PodLevelResources: info.podLevelResources === null ? null : canonicalRequirements(info.podLevelResources),
            },
          ] as const,
      ),
    ),
  });
}

export const podResourceChecksum = (data: string): number => kubeletChecksum('string', goString(data));

export const encodePodResourceState = (entries: PodResourceInfoMap): string => {
  const data = podResourceData(entries);
  return goJson({ data, checksum: podResourceChecksum(data) });
};

export function decodePodResourceState(text: string): PodResourceInfoMap {
  const json = parseCheckpoint(text);
  const data = json['data'];
  if (typeof data !== 'string') throw new CheckpointFormatError('json: cannot unmarshal data');
  if (json['checksum'] !== podResourceChecksum(data)) throw new CorruptCheckpointError();
  const info = parseCheckpoint(data);
  const entries = isObject(info['entries']) ? info['entries'] : {};
  return new Map(
    Object.entries(entries).map(([uid, value]) => {
      const entry = isObject(value) ? value : {};
      const containers = isObject(entry['ContainerResources']) ? entry['ContainerResources'] : {};
      const podLevel = entry['PodLevelResources'];
      return [
        uid,
        {
          containerResources: new Map(Object.entries(containers).map(([name, resources]) => [name, requirementsOf(resources)])),
          podLevelResources: isObject(podLevel) ? requirementsOf(podLevel) : null,
        },
      ];
    }),
  );
}

function requirementsOf(value: unknown): ResourceRequirements {
  const object = isObject(value) ? value : {};
  const list = (name: string): ResourceList | undefined => {
    const found = object[name];
    return isObject(found) ? Object.fromEntries(Object.entries(found).map(([key, item]) => [key, String(item)])) : undefined;
  };
  const limits = list('limits');
  const requests = list('requests');
  return { ...(limits === undefined ? {} : { limits }), ...(requests === undefined ? {} : { requests }) };
}

/** One of the two files: the entries last written, and writes of new content. */
export class PodResourceStateFile {
  readonly path: string;
  #stored: PodResourceInfoMap;
  #storedData: string;

  private constructor(path: string, stored: PodResourceInfoMap) {
    this.path = path;
    this.#stored = stored;
    this.#storedData = podResourceData(stored);
  }

  /** Restores the file (absent: no entries, and no file until the first write). */
  static async open(rootDir: string, name: string): Promise<PodResourceStateFile> {
    const path = join(rootDir, name);
    const text = await readStateFile(path);
    if (text === undefined) return new PodResourceStateFile(path, new Map());
    try {
      return new PodResourceStateFile(path, decodePodResourceState(text));
    } catch (error) {
      throw new Error(
        `could not restore state from checkpoint: ${errorMessage(error)}, please drain this node and delete pod resource information checkpoint file ${JSON.stringify(path)} before restarting Kubelet`,
        { cause: error },
      );
    }
  }

  get entries(): PodResourceInfoMap {
    return this.#stored;
  }

  /**
   * Records the pods' resources. Written only when a pod's entry is new or differs from the
   * stored one; the write then holds exactly `current`. Answers whether the file was written.
   */
  async update(current: PodResourceInfoMap): Promise<boolean> {
    const changed = [...current].some(([uid, info]) => {
      const stored = this.#stored.get(uid);
      return stored === undefined || podResourceData(new Map([[uid, stored]])) !== podResourceData(new Map([[uid, info]]));
    });
    const data = podResourceData(current);
    if (!changed || data === this.#storedData) return false;
    await writeCheckpointFile(this.path, goJson({ data, checksum: podResourceChecksum(data) }));
    this.#stored = current;
    this.#storedData = data;
    return true;
  }
}
