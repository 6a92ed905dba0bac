// Benchmark support: the resident memory and CPU time of another process, from /proc (Linux).

import { readdirSync, readFileSync } from 'node:fs';

export interface ResidentMemory {
  /** VmRSS: resident now. */
  readonly rssMiB: number;
  /** VmHWM: the peak resident size so far. */
  readonly peakMiB: number;
}

export function residentMemory(pid: number): ResidentMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    if (match === null) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(match[1]) / 1024;
  };
  return { rssMiB: field('VmRSS'), peakMiB: field('VmHWM') };
}

/** User and system CPU time so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // utime and stime are fields 14 and 15; the command name (field 2) may hold spaces, so count after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}
/** USER_HZ, 100 on every Linux architecture Node runs on. */
const clockTicksPerSecond = 100;

/** The pid of a child of this process whose command line has `argument` (e.g. etcd's client URL). */
export function childPidWithArgument(argument: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the second field after the command name, which is in parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(argument)) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  return undefined;
}
