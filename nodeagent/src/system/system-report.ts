// What the node's kernel and cgroups allow, gathered once at start: the reasons the agent must
// not start (as the kubelet refuses), the warnings to log, and the events to record on the Node.

import { checkCgroupRequirements, cgroupV1Event, failCgroupV1Message, readCgroupInfo, type CgroupInfo, type CgroupRequirements } from './cgroups.ts';
import { appArmorEnabled, minimumKernel, runningInUserNamespace, runtimeFeaturesForKernel, tmpfsNoswapSupported } from './kernel-features.ts';
import { kernelVersionString, runningKernelVersion, type KernelVersion } from './kernel-version.ts';
import type { NodeEvent } from './node-conditions.ts';
import { pressureStallAvailability, type PressureStallAvailability } from './pressure-stall.ts';
import { failSwapOnMessage, isSwapOn, possibleMemoryBackedVolumesOnDiskEvent } from './swap.ts';
import { safeSysctlAllowlist, type SafeSysctlSelection } from './sysctl-allowlist.ts';
import { errorMessage } from '@capstan/common';

export interface SystemReport {
  readonly kernel: KernelVersion | undefined;
  readonly cgroups: CgroupInfo;
  readonly cgroupRequirements: CgroupRequirements;
  readonly pressureStall: PressureStallAvailability;
  readonly swapOn: boolean;
  readonly tmpfsNoswap: boolean;
  readonly safeSysctls: SafeSysctlSelection;
  /** What a runtime on this kernel can offer pods (recursive read-only mounts, user namespaces). */
  readonly runtimeFeatures: { readonly recursiveReadOnlyMounts: boolean; readonly userNamespaces: boolean };
  readonly appArmorEnabled: boolean;
  /** Reasons to refuse to start, in the kubelet's words. */
  readonly fatal: readonly string[];
  /** Lines to log. */
  readonly warnings: readonly string[];
  /** Events to record on the Node once it exists. */
  readonly events: readonly NodeEvent[];
}

export interface SystemReportOptions {
  /** failSwapOn; true by default. */
  readonly failSwapOn?: boolean;
  /** failCgroupV1; true by default in 1.35. */
  readonly failCgroupV1?: boolean;
  readonly cgroupRoot?: string;
  readonly procRoot?: string;
}

export function inspectSystem(options: SystemReportOptions = {}): SystemReport {
  const fatal: string[] = [];
  const warnings: string[] = [];
  const events: NodeEvent[] = [];
  let kernel: KernelVersion | undefined;
  try {
    kernel = runningKernelVersion();
  } catch (error) {
    warnings.push(`${errorMessage(error)}: features that need a minimum kernel are treated as missing`);
  }

  const cgroups = readCgroupInfo(options.cgroupRoot);
  const cgroupRequirements = checkCgroupRequirements(cgroups);
  if (cgroups.version === 1) {
    if (options.failCgroupV1 ?? true) fatal.push(failCgroupV1Message);
    else {
      warnings.push('cgroup v1 detected. cgroup v1 support is unsupported and will be removed in a future release. Please migrate to cgroup v2');
      events.push(cgroupV1Event);
    }
  }
  if (cgroupRequirements.error !== undefined) fatal.push(cgroupRequirements.error);
  if (cgroupRequirements.warning !== undefined) warnings.push(cgroupRequirements.warning);
  if (cgroupRequirements.softRequirement !== undefined) warnings.push(`WARNING: ${cgroupRequirements.softRequirement}`);

  const swapOn = isSwapOn();
  const tmpfsNoswap = tmpfsNoswapSupported(kernel, runningInUserNamespace());
  if (swapOn && (options.failSwapOn ?? true)) fatal.push(failSwapOnMessage);
  else if (swapOn && !tmpfsNoswap) events.push(possibleMemoryBackedVolumesOnDiskEvent);

  const pressureStall = pressureStallAvailability(kernel, options.procRoot);
  if (!pressureStall.available) warnings.push(`no pressure stall information: ${pressureStall.reason}`);

  const safeSysctls = safeSysctlAllowlist(kernel);
  for (const dropped of safeSysctls.dropped) {
    warnings.push(`kernel version is too old, dropping the sysctl from safe sysctl list: ${dropped.name} needs kernel ${dropped.minimumKernel}`);
  }

  const runtimeFeatures = runtimeFeaturesForKernel(kernel);
  const version = kernel === undefined ? 'unknown' : kernelVersionString(kernel);
  if (!runtimeFeatures.userNamespaces) {
    warnings.push(`kernel ${version} cannot give pods user namespaces (hostUsers: false needs ${minimumKernel.userNamespaces} or later for idmap mounts on tmpfs)`);
  }
  if (!runtimeFeatures.recursiveReadOnlyMounts) {
    warnings.push(`kernel ${version} cannot make mounts recursively read-only (it needs ${minimumKernel.recursiveReadOnlyMounts} or later)`);
  }
  return {
    kernel,
    cgroups,
    cgroupRequirements,
    pressureStall,
    swapOn,
    tmpfsNoswap,
    safeSysctls,
    runtimeFeatures,
    appArmorEnabled: appArmorEnabled(),
    fatal,
    warnings,
    events,
  };
}
