// The node's eviction signals observed as the kubelet's eviction manager observes them, and the
// pressure conditions their hard thresholds raise: memory.available is capacity less the root
// cgroup's working set (usage less inactive file pages), nodefs/imagefs from statfs, pid.available
// from the task limit less the running tasks.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CgroupInfo } from './cgroups.ts';
import { thresholdAmount, type EvictionSignal, type EvictionThreshold } from './eviction-thresholds.ts';
import type { FilesystemStats } from './filesystem-stats.ts';
import { meminfoField, readMeminfo } from './meminfo.ts';

export interface SignalObservation {
  readonly available: number;
  readonly capacity: number;
}

export type SignalObservations = ReadonlyMap<EvictionSignal, SignalObservation>;

function readNumber(path: string): number | undefined {
  try {
    const value = Number(readFileSync(path, 'utf8').trim());
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function readKeyedStats(path: string): Map<string, number> | undefined {
  try {
    return new Map(
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [key, value] = line.split(' ');
          return [key as string, Number(value)] as const;
        }),
    );
  } catch {
    return undefined;
  }
}

export interface MemoryReading {
  readonly capacity: number;
  /** Root cgroup usage less inactive file pages, never below 0. */
  readonly workingSet: number;
  /** capacity - workingSet: what memory.available compares. */
  readonly available: number;
  /** The kernel's own estimate (MemAvailable), for logs; the kubelet does not use it. */
  readonly memAvailable: number;
}

/**
 * The root cgroup's memory as cadvisor reads it: on cgroup v1 memory.usage_in_bytes and
 * total_inactive_file; on v2, whose root has no memory.current, anon + file and inactive_file of
 * the root memory.stat (as runc emulates it). Without either, /proc/meminfo stands in.
 */
export function readMemoryReading(cgroups: CgroupInfo, meminfoPath = '/proc/meminfo'): MemoryReading {
  const meminfo = readMeminfo(meminfoPath);
  const capacity = meminfoField(meminfo, 'MemTotal');
  const memAvailable = meminfo.get('MemAvailable') ?? 0;
  let usage: number | undefined;
  let inactiveFile: number | undefined;
  if (cgroups.version === 1) {
    const memoryMount = cgroups.mounts.find((mount) => mount.type === 'cgroup' && mount.options.includes('memory'))?.path ?? '/sys/fs/cgroup/memory';
    usage = readNumber(join(memoryMount, 'memory.usage_in_bytes'));
    inactiveFile = readKeyedStats(join(memoryMount, 'memory.stat'))?.get('total_inactive_file');
  } else {
    const stat = readKeyedStats(join(cgroups.unifiedMountPoint ?? '/sys/fs/cgroup', 'memory.stat'));
    const anon = stat?.get('anon');
    const file = stat?.get('file');
    if (anon !== undefined && file !== undefined) usage = anon + file;
    inactiveFile = stat?.get('inactive_file');
  }
  if (usage === undefined) {
    usage = capacity - meminfoField(meminfo, 'MemFree');
    inactiveFile = meminfo.get('Inactive(file)');
  }
  const workingSet = Math.max(0, usage - (inactiveFile ?? 0));
  return { capacity, workingSet, available: capacity - workingSet, memAvailable };
}

export interface PidReading {
  /** min(kernel.pid_max, kernel.threads-max). */
  readonly maxPID: number;
  /** Tasks running now (the denominator of /proc/loadavg's fourth field). */
  readonly running: number;
}

/** pidlimit.Stats. */
export function readPidReading(procRoot = '/proc'): PidReading {
  const limits = ['sys/kernel/pid_max', 'sys/kernel/threads-max'].map((file) => readNumber(join(procRoot, file))).filter((value) => value !== undefined);
  if (limits.length === 0) throw new Error('neither kernel.pid_max nor kernel.threads-max can be read');
  const loadavg = readFileSync(join(procRoot, 'loadavg'), 'utf8').trim().split(/\s+/);
  const running = Number((loadavg[3] ?? '').split('/')[1]);
  if (!Number.isFinite(running)) throw new Error('not enough fields in /proc/loadavg');
  return { maxPID: Math.min(...limits), running };
}

export interface SignalSources {
  readonly memory: MemoryReading;
  /** The file system of the agent's root directory. */
  readonly nodefs: FilesystemStats;
  /** The runtime's image file system; the node file system when they are one. */
  readonly imagefs?: FilesystemStats;
  readonly pids: PidReading;
}

/** makeSignalObservations for the node-level signals. */
export function observeSignals(sources: SignalSources): Map<EvictionSignal, SignalObservation> {
  const imagefs = sources.imagefs ?? sources.nodefs;
  return new Map<EvictionSignal, SignalObservation>([
    ['memory.available', { available: sources.memory.available, capacity: sources.memory.capacity }],
    ['nodefs.available', { available: sources.nodefs.available, capacity: sources.nodefs.capacity }],
    ['nodefs.inodesFree', { available: sources.nodefs.inodesFree, capacity: sources.nodefs.inodes }],
    ['imagefs.available', { available: imagefs.available, capacity: imagefs.capacity }],
    ['imagefs.inodesFree', { available: imagefs.inodesFree, capacity: imagefs.inodes }],
    ['containerfs.available', { available: imagefs.available, capacity: imagefs.capacity }],
    ['containerfs.inodesFree', { available: imagefs.inodesFree, capacity: imagefs.inodes }],
    ['pid.available', { available: sources.pids.maxPID - sources.pids.running, capacity: sources.pids.maxPID }],
  ]);
}

/** thresholdsMet: the thresholds whose amount exceeds what is available. */
export function thresholdsMet(thresholds: readonly EvictionThreshold[], observations: SignalObservations): EvictionThreshold[] {
  return thresholds.filter((threshold) => {
    const observed = observations.get(threshold.signal);
    return observed !== undefined && thresholdAmount(threshold.value, observed.capacity) > observed.available;
  });
}

export type PressureCondition = 'MemoryPressure' | 'DiskPressure' | 'PIDPressure';

/** signalToNodeCondition. */
export function pressureConditionOf(signal: EvictionSignal): PressureCondition {
  if (signal === 'memory.available' || signal === 'allocatableMemory.available') return 'MemoryPressure';
  if (signal === 'pid.available') return 'PIDPressure';
  return 'DiskPressure';
}

/**
 * The pressure conditions, held for evictionPressureTransitionPeriod (5 minutes by default) after
 * their threshold was last met, as the eviction manager holds them to avoid oscillating.
 */
export class PressureConditions {
  readonly #lastObservedAt = new Map<PressureCondition, number>();
  readonly #transitionPeriodMs: number;

  constructor(transitionPeriodMs = 5 * 60_000) {
    this.#transitionPeriodMs = transitionPeriodMs;
  }

  /** Records the thresholds met now; answers the conditions in force. */
  update(met: readonly EvictionThreshold[], now = Date.now()): ReadonlySet<PressureCondition> {
    for (const threshold of met) this.#lastObservedAt.set(pressureConditionOf(threshold.signal), now);
    const active = new Set<PressureCondition>();
    for (const [condition, at] of this.#lastObservedAt) {
      if (now - at < this.#transitionPeriodMs) active.add(condition);
      else this.#lastObservedAt.delete(condition);
    }
    return active;
  }
}
