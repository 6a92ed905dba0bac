// Pressure stall information (PSI): the share of time tasks waited on CPU, memory or I/O, from
// /proc/pressure/* for the node and from cgroup v2 *.pressure files for a cgroup.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kernelAtLeast, kernelVersionString, type KernelVersion } from './kernel-version.ts';
import { minimumKernel } from './kernel-features.ts';

export interface PressureLine {
  /** Percent of wall time stalled, averaged over 10, 60 and 300 seconds. */
  readonly avg10: number;
  readonly avg60: number;
  readonly avg300: number;
  /** Total stall time in microseconds. */
  readonly total: number;
}

export interface PressureStats {
  /** Some tasks stalled. */
  readonly some: PressureLine;
  /** All non-idle tasks stalled at once; absent from CPU pressure before 5.13. */
  readonly full?: PressureLine;
}

export type PressureResource = 'cpu' | 'memory' | 'io';
export const pressureResources: readonly PressureResource[] = ['cpu', 'memory', 'io'];

/** One pressure file's text ("some avg10=0.12 avg60=... total=123\nfull ..."). */
export function parsePressure(text: string): PressureStats | undefined {
  let some: PressureLine | undefined;
  let full: PressureLine | undefined;
  for (const line of text.split('\n')) {
    const [kind, ...fields] = line.trim().split(/\s+/);
    if (kind !== 'some' && kind !== 'full') continue;
    const values = new Map(fields.map((field) => field.split('=') as [string, string]));
    const parsed = { avg10: Number(values.get('avg10')), avg60: Number(values.get('avg60')), avg300: Number(values.get('avg300')), total: Number(values.get('total')) };
    if (Object.values(parsed).some((value) => !Number.isFinite(value))) return undefined;
    if (kind === 'some') some = parsed;
    else full = parsed;
  }
  if (some === undefined) return undefined;
  return full === undefined ? { some } : { some, full };
}

function readPressureFile(path: string): PressureStats | undefined {
  try {
    return parsePressure(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

export type PressureReadings = Readonly<Partial<Record<PressureResource, PressureStats>>>;

/** The node's pressure from /proc/pressure; resources the kernel does not report are left out. */
export function readNodePressure(procRoot = '/proc'): PressureReadings {
  const readings: Partial<Record<PressureResource, PressureStats>> = {};
  for (const resource of pressureResources) {
    const stats = readPressureFile(join(procRoot, 'pressure', resource));
    if (stats !== undefined) readings[resource] = stats;
  }
  return readings;
}

/** A cgroup v2 directory's cpu.pressure, memory.pressure and io.pressure. */
export function readCgroupPressure(cgroupDirectory: string): PressureReadings {
  const readings: Partial<Record<PressureResource, PressureStats>> = {};
  for (const resource of pressureResources) {
    const stats = readPressureFile(join(cgroupDirectory, `${resource}.pressure`));
    if (stats !== undefined) readings[resource] = stats;
  }
  return readings;
}

export type PressureStallAvailability = { readonly available: true } | { readonly available: false; readonly reason: string };

/** PSI needs kernel 4.20 and is still off unless the kernel was built or booted with it (psi=1). */
export function pressureStallAvailability(kernel: KernelVersion | undefined, procRoot = '/proc'): PressureStallAvailability {
  if (kernel === undefined) return { available: false, reason: 'the kernel version is unknown' };
  if (!kernelAtLeast(kernel, minimumKernel.pressureStallInformation)) {
    return { available: false, reason: `kernel ${kernelVersionString(kernel)} has no pressure stall information (it needs ${minimumKernel.pressureStallInformation} or later)` };
  }
  if (readPressureFile(join(procRoot, 'pressure', 'memory')) === undefined) {
    return { available: false, reason: `pressure stall information is turned off (${join(procRoot, 'pressure')} is missing; boot with psi=1)` };
  }
  return { available: true };
}
