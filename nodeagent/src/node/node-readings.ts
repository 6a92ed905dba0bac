// What each status tick reads from the machine and the runtime: machine facts, the root
// directory's file system, memory and PID readings, and the runtime's facts over CRI. The agent
// reads them itself every tick; simulated nodes on one machine share one reading.

import type { CriImageClient, CriRuntimeClient } from '../cri/index.ts';
import {
  readFilesystemStats,
  readMachineInfo,
  readMemoryReading,
  readPidReading,
  type FilesystemStats,
  type MachineInfo,
  type MemoryReading,
  type PidReading,
  type SystemReport,
} from '../system/index.ts';
import { readRuntimeFacts, type RuntimeFacts } from './runtime-facts.ts';

export interface NodeReadings {
  readonly machine: MachineInfo;
  /** The file system of the agent's root directory. */
  readonly nodefs: FilesystemStats;
  readonly memory: MemoryReading;
  readonly pids: PidReading;
  readonly runtime: RuntimeFacts;
}

export async function readNodeReadings(rootDir: string, report: SystemReport, runtime: CriRuntimeClient, images: CriImageClient): Promise<NodeReadings> {
  return {
    machine: readMachineInfo(),
    nodefs: readFilesystemStats(rootDir),
    memory: readMemoryReading(report.cgroups),
    pids: readPidReading(),
    runtime: await readRuntimeFacts(runtime, images),
  };
}
