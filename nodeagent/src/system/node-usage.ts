// The node's CPU time, memory working set and swap use, as the kubelet's summary reports them for
// the node (cadvisor's root container): CPU from the root cgroup (cpu.stat's usage_usec on cgroup
// v2, cpuacct.usage on v1) or /proc/stat without one, the working set as the eviction manager reads
// it, swap from /proc/meminfo. Each reading carries when it was taken.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CgroupInfo } from './cgroups.ts';
import { readMemoryReading } from './eviction-signals.ts';
import { readMeminfo } from './meminfo.ts';

export interface UsageReading {
  /** Milliseconds since the epoch. */
  readonly timestampMs: number;
  readonly value: number;
}

export interface NodeUsage {
  /** Cumulative CPU time, in core-nanoseconds. */
  readonly cpu?: UsageReading;
  readonly memoryWorkingSet?: UsageReading;
  readonly swapUsage?: UsageReading;
}

/** USER_HZ: the unit of /proc/stat's times on every Linux architecture the agent runs on. */
const clockTicksPerSecond = 100;

export function readNodeUsage(cgroups: CgroupInfo, procRoot = '/proc'): NodeUsage {
  const timestampMs = Date.now();
  const cpu = readCgroupCpuNanos(cgroups) ?? readProcStatCpuNanos(procRoot);
  let workingSet: number | undefined;
  let swap: number | undefined;
  try {
    workingSet = readMemoryReading(cgroups, join(procRoot, 'meminfo')).workingSet;
    const meminfo = readMeminfo(join(procRoot, 'meminfo'));
    const total = meminfo.get('SwapTotal');
    const free = meminfo.get('SwapFree');
    if (total !== undefined && free !== undefined) swap = total - free;
  } catch {
    // No memory readings: the node's memory metrics are left out, as the kubelet leaves out what cadvisor lacks.
  }
  return {
    ...(cpu === undefined ? {} : { cpu: { timestampMs, value: cpu } }),
    ...(workingSet === undefined ? {} : { memoryWorkingSet: { timestampMs, value: workingSet } }),
    ...(swap === undefined ? {} : { swapUsage: { timestampMs, value: swap } }),
  };
}

function readCgroupCpuNanos(cgroups: CgroupInfo): number | undefined {
  try {
    if (cgroups.version === 2) {
      const stat = readFileSync(join(cgroups.unifiedMountPoint ?? '/sys/fs/cgroup', 'cpu.stat'), 'utf8');
      const usec = /^usage_usec (\d+)$/m.exec(stat)?.[1];
      return usec === undefined ? undefined : Number(usec) * 1000;
    }
    const cpuacct = cgroups.mounts.find((mount) => mount.type === 'cgroup' && mount.options.includes('cpuacct'))?.path ?? '/sys/fs/cgroup/cpuacct';
    const nanos = Number(readFileSync(join(cpuacct, 'cpuacct.usage'), 'utf8').trim());
    return Number.isFinite(nanos) ? nanos : undefined;
  } catch {
    return undefined;
  }
}

/** The busy time of all CPUs (user, nice, system, irq, softirq, steal) from /proc/stat's first line. */
function readProcStatCpuNanos(procRoot: string): number | undefined {
  try {
    const fields = (readFileSync(join(procRoot, 'stat'), 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1e9) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}
