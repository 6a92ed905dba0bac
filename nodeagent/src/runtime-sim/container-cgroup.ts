// The cgroup v2 files a container reads at /sys/fs/cgroup (its own cgroup, as a cgroup namespace
// shows it), from the resources CreateContainer and UpdateContainerResources gave: cpu.max from the
// CFS quota and period, cpu.weight from the shares (runc's conversion), memory.max from the limit.

import type { ContainerResources } from './runtime-types.ts';

/** The kubelet's CFS period when it sets none (100 ms). */
const defaultCpuPeriod = 100_000;

export function cgroupFiles(resources: ContainerResources | undefined): Readonly<Record<string, string>> {
  const quota = Number(resources?.cpuQuota ?? 0);
  const period = Number(resources?.cpuPeriod ?? 0) || defaultCpuPeriod;
  const shares = Number(resources?.cpuShares ?? 0);
  const memory = Number(resources?.memoryLimitInBytes ?? 0);
  return {
    'cpu.max': `${quota > 0 ? quota : 'max'} ${period}\n`,
    // runc's cgroup v2 weight of the shares (1 + (shares - 2) * 9999 / 262142); no shares: the default 100.
    'cpu.weight': `${shares >= 2 ? 1 + Math.floor(((shares - 2) * 9999) / 262142) : 100}\n`,
    'memory.max': `${memory > 0 ? memory : 'max'}\n`,
    'cgroup.controllers': 'cpuset cpu io memory hugetlb pids rdma misc\n',
  };
}
