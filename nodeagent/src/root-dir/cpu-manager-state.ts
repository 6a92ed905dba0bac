// <root-dir>/cpu_manager_state: the CPU manager's checkpoint (policy, the shared CPU set, the CPUs
// of each container with exclusive ones), in the kubelet's v2 shape and checksum. The agent runs
// the "none" policy (no exclusive CPUs) and the "static" policy's bookkeeping without exclusive
// assignments; as the kubelet, it creates the file at start and refuses to start when the file was
// written under another policy or fails its checksum.

import { join } from 'node:path';
import { CorruptCheckpointError, isObject, parseCheckpoint } from './checkpoint-errors.ts';
import { goInt, goMap, goString, goStruct, kubeletChecksum, type GoValue } from './go-spew-hash.ts';
import { goJson, goMapOf } from './go-json.ts';
import { readStateFile, writeCheckpointFile } from './state-file.ts';
import { errorMessage } from '@capstan/common';

export const cpuManagerStateName = 'cpu_manager_state';

export interface CpuManagerState {
  readonly policyName: string;
  /** The CPUs no container holds exclusively, as a cpuset list ("0-3"); empty under "none". */
  readonly defaultCpuSet: string;
  /** Exclusive CPUs by pod UID and container name. */
  readonly entries: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

function stateValue(state: CpuManagerState): GoValue {
  return goStruct([
    { name: 'PolicyName', type: 'string', value: goString(state.policyName) },
    { name: 'DefaultCPUSet', type: 'string', value: goString(state.defaultCpuSet) },
    {
      name: 'Entries',
      type: 'map[string]map[string]string',
      value: goMap(
        [...state.entries].map(([pod, containers]) => [goString(pod), goMap([...containers].map(([name, cpus]) => [goString(name), goString(cpus)] as const))] as const),
      ),
    },
    // The checksum is computed with the field at zero.
    { name: 'Checksum', type: 'checksum.Checksum', value: goInt(0) },
  ]);
}

export const cpuManagerChecksum = (state: CpuManagerState): number => kubeletChecksum('*state.CPUManagerCheckpoint', stateValue(state));

export function encodeCpuManagerState(state: CpuManagerState): string {
  const entries = goMapOf([...state.entries].map(([pod, containers]) => [pod, goMapOf(containers)] as const));
  return goJson({
    policyName: state.policyName,
    defaultCpuSet: state.defaultCpuSet,
    ...(state.entries.size === 0 ? {} : { entries }),
    checksum: cpuManagerChecksum(state),
  });
}

export function decodeCpuManagerState(text: string): CpuManagerState {
  const json = parseCheckpoint(text);
  const entries = isObject(json['entries']) ? json['entries'] : {};
  const state: CpuManagerState = {
    policyName: typeof json['policyName'] === 'string' ? json['policyName'] : '',
    defaultCpuSet: typeof json['defaultCpuSet'] === 'string' ? json['defaultCpuSet'] : '',
    entries: new Map(
      Object.entries(entries).map(([pod, containers]) => [pod, new Map(Object.entries(isObject(containers) ? containers : {}).map(([name, cpus]) => [name, String(cpus)]))]),
    ),
  };
  // A zero checksum is accepted, for files of the kubelet's old file backend.
  const checksum = json['checksum'];
  if (checksum !== 0 && checksum !== undefined && checksum !== cpuManagerChecksum(state)) throw new CorruptCheckpointError();
  return state;
}

/**
 * Restores the state of `policyName`, or creates the file with `initial` (the state a fresh
 * policy starts from). Throws with the kubelet's message when the file cannot be used.
 */
export async function openCpuManagerState(rootDir: string, initial: CpuManagerState): Promise<CpuManagerState> {
  const path = join(rootDir, cpuManagerStateName);
  const text = await readStateFile(path);
  if (text === undefined) {
    await writeCheckpointFile(path, encodeCpuManagerState(initial));
    return initial;
  }
  try {
    const state = decodeCpuManagerState(text);
    if (state.policyName !== initial.policyName)
      throw new Error(`configured policy ${JSON.stringify(initial.policyName)} differs from state checkpoint policy ${JSON.stringify(state.policyName)}`);
    return state;
  } catch (error) {
    throw new Error(
      `could not restore state from checkpoint: ${errorMessage(error)}, please drain this node and delete the CPU manager checkpoint file ${JSON.stringify(path)} before restarting Kubelet`,
      { cause: error },
    );
  }
}
