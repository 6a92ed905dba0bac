// <root-dir>/memory_manager_state: the memory manager's checkpoint (policy, the NUMA nodes' memory
// tables, the memory blocks of each container), in the kubelet's v2 shape and checksum. The agent
// runs the "None" policy, whose machine state is empty; as the kubelet, it creates the file at
// start and refuses to start when the file was written under another policy or fails its checksum.

import { join } from 'node:path';
import { CorruptCheckpointError, isObject, parseCheckpoint } from './checkpoint-errors.ts';
import { goInt, goMap, goString, goStruct, kubeletChecksum } from './go-spew-hash.ts';
import { goJson } from './go-json.ts';
import { readStateFile, writeCheckpointFile } from './state-file.ts';
import { errorMessage } from '@capstan/common';

export const memoryManagerStateName = 'memory_manager_state';

/** The state of a policy with no NUMA bookkeeping: the name alone. */
export interface MemoryManagerState {
  readonly policyName: string;
}

export const memoryManagerChecksum = (state: MemoryManagerState): number =>
  kubeletChecksum(
    '*state.MemoryManagerCheckpoint',
    goStruct([
      { name: 'PolicyName', type: 'string', value: goString(state.policyName) },
      { name: 'MachineState', type: 'state.NUMANodeMap', value: goMap([]) },
      { name: 'Entries', type: 'state.ContainerMemoryAssignments', value: goMap([]) },
      { name: 'Checksum', type: 'checksum.Checksum', value: goInt(0) },
    ]),
  );

export const encodeMemoryManagerState = (state: MemoryManagerState): string => goJson({ policyName: state.policyName, machineState: {}, checksum: memoryManagerChecksum(state) });

export function decodeMemoryManagerState(text: string): MemoryManagerState {
  const json = parseCheckpoint(text);
  const state = { policyName: typeof json['policyName'] === 'string' ? json['policyName'] : '' };
  const machineState = isObject(json['machineState']) ? json['machineState'] : {};
  const entries = isObject(json['entries']) ? json['entries'] : {};
  if (Object.keys(machineState).length > 0 || Object.keys(entries).length > 0) {
    throw new Error(`the agent keeps no NUMA memory state, but the checkpoint holds some for policy ${JSON.stringify(state.policyName)}`);
  }
  if (json['checksum'] !== memoryManagerChecksum(state)) throw new CorruptCheckpointError();
  return state;
}

/** Restores the state of `policyName` or creates the file; throws with the kubelet's message when the file cannot be used. */
export async function openMemoryManagerState(rootDir: string, policyName: string): Promise<MemoryManagerState> {
  const path = join(rootDir, memoryManagerStateName);
  const text = await readStateFile(path);
  if (text === undefined) {
    const state = { policyName };
    await writeCheckpointFile(path, encodeMemoryManagerState(state));
    return state;
  }
  try {
    const state = decodeMemoryManagerState(text);
    if (state.policyName !== policyName)
      throw new Error(`[memorymanager] configured policy ${JSON.stringify(policyName)} differs from state checkpoint policy ${JSON.stringify(state.policyName)}`);
    return state;
  } catch (error) {
    throw new Error(
      `could not restore state from checkpoint: ${errorMessage(error)}, please drain this node and delete the memory manager checkpoint file ${JSON.stringify(path)} before restarting Kubelet`,
      { cause: error },
    );
  }
}
