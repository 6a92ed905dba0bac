// Which cgroup hierarchy the node runs, found as libcontainer finds it (the file system type of
// /sys/fs/cgroup), and the kubelet's checks and messages about it.

import { existsSync, readFileSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

/** CGROUP2_SUPER_MAGIC: /sys/fs/cgroup is a cgroup2 file system only on a unified (v2) host. */
const cgroup2SuperMagic = 0x63677270;

export type CgroupVersion = 1 | 2;

export interface CgroupMount {
  readonly type: 'cgroup' | 'cgroup2';
  readonly path: string;
  readonly options: readonly string[];
}

export interface CgroupInfo {
  readonly version: CgroupVersion;
  /** Where the cgroup2 hierarchy is mounted: /sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid host; undefined without one. */
  readonly unifiedMountPoint?: string;
  readonly mounts: readonly CgroupMount[];
}

/** cgroups.IsCgroup2UnifiedMode. */
export function isCgroup2UnifiedMode(cgroupRoot = '/sys/fs/cgroup'): boolean {
  try {
    return statfsSync(cgroupRoot).type === cgroup2SuperMagic;
  } catch {
    return false;
  }
}

/** The cgroup and cgroup2 mounts listed in a mounts table (/proc/self/mounts format). */
export function parseCgroupMounts(mountsTable: string): CgroupMount[] {
  const mounts: CgroupMount[] = [];
  for (const line of mountsTable.split('\n')) {
    const [, path, type, options] = line.split(' ');
    if ((type === 'cgroup' || type === 'cgroup2') && path !== undefined) {
      mounts.push({ type, path: path.replace(/\\040/g, ' '), options: (options ?? '').split(',') });
    }
  }
  return mounts;
}

export function readCgroupInfo(cgroupRoot = '/sys/fs/cgroup', mountsPath = '/proc/self/mounts'): CgroupInfo {
  let mounts: CgroupMount[] = [];
  try {
    mounts = parseCgroupMounts(readFileSync(mountsPath, 'utf8'));
  } catch {
    // No mounts table: the version still comes from statfs.
  }
  const version: CgroupVersion = isCgroup2UnifiedMode(cgroupRoot) ? 2 : 1;
  const unified = version === 2 ? cgroupRoot : mounts.find((mount) => mount.type === 'cgroup2')?.path;
  return unified === undefined ? { version, mounts } : { version, unifiedMountPoint: unified, mounts };
}

/** The event the kubelet records at start on a cgroup v1 host (reason CgroupV1, type Warning). */
export const cgroupV1Event = { type: 'Warning', reason: 'CgroupV1', message: 'cgroup v1 support is in maintenance mode, please migrate to cgroup v2' } as const;

/** Why the kubelet refuses to start on cgroup v1 while failCgroupV1 is true (its 1.35 default). */
export const failCgroupV1Message = 'kubelet is configured to not run on a host using cgroup v1. cgroup v1 support is unsupported and will be removed in a future release';

/** Logged on cgroup v2 when the root has no cpu.stat (kernels before 5.8); the missing space is the kubelet's. */
export const cgroupV2KernelWarning =
  "cgroup v2 is being used on a kernel, which doesn't support root `cpu.stat`.Kubelet will continue, but may experience instability or wrong behavior";

const requiredV1Subsystems = ['cpu', 'cpuacct', 'cpuset', 'memory'] as const;

export interface CgroupRequirements {
  /** validateSystemRequirements' error: the kubelet does not start. */
  readonly error?: string;
  /** A soft requirement not met, appended to the Ready condition's message as ". WARNING: ...". */
  readonly softRequirement?: string;
  /** A warning to log (not an event). */
  readonly warning?: string;
}

/** The container manager's system requirements: the v1 controllers mounted, CPU quota available, root cpu.stat on v2. */
export function checkCgroupRequirements(info: CgroupInfo): CgroupRequirements {
  if (info.version === 2) {
    const root = info.unifiedMountPoint ?? '/sys/fs/cgroup';
    return existsSync(join(root, 'cpu.stat')) ? {} : { warning: cgroupV2KernelWarning };
  }
  const missing = new Set<string>(requiredV1Subsystems);
  let cpuMountPoint: string | undefined;
  for (const mount of info.mounts) {
    if (mount.type !== 'cgroup') continue;
    for (const option of mount.options) {
      missing.delete(option);
      if (option === 'cpu') cpuMountPoint = mount.path;
    }
  }
  if (missing.size > 0) return { error: `system validation failed - Following Cgroup subsystem not mounted: [${[...missing].sort().join(' ')}]` };
  const hardcapping = cpuMountPoint !== undefined && existsSync(join(cpuMountPoint, 'cpu.cfs_period_us')) && existsSync(join(cpuMountPoint, 'cpu.cfs_quota_us'));
  return hardcapping ? {} : { softRequirement: 'CPU hardcapping unsupported' };
}
