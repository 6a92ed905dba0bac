// Readings of the machine from /proc (Linux) that say why a process fell behind: the cores busy
// machine-wide and waiting for I/O (/proc/stat), and a thread's time on a CPU and waiting in the
// run queue for one (/proc/<pid>/schedstat: the main thread, which runs a Node process's event loop).

import { readFileSync } from 'node:fs';

/** USER_HZ, 100 on every Linux architecture Node runs on. */
const clockTicksPerSecond = 100;

export interface MachineCpu {
  /** CPU seconds spent busy (user, nice, system, irq, softirq, steal) on all cores so far. */
  readonly busySeconds: number;
  /** CPU seconds idle while some task waited for I/O. */
  readonly iowaitSeconds: number;
}

export function machineCpu(): MachineCpu {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] as string;
  const [user = 0, nice = 0, system = 0, , iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busySeconds: (user + nice + system + irq + softirq + steal) / clockTicksPerSecond, iowaitSeconds: iowait / clockTicksPerSecond };
}

export interface ThreadSchedule {
  readonly onCpuSeconds: number;
  /** Runnable but waiting for a CPU that other tasks held. */
  readonly runQueueSeconds: number;
}

/** The process's main thread (the one /proc/<pid>/schedstat describes). */
export function mainThreadSchedule(pid: number): ThreadSchedule {
  const [onCpu = 0, waiting = 0] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
  return { onCpuSeconds: onCpu / 1e9, runQueueSeconds: waiting / 1e9 };
}
