// What the running kernel can do for pods, by the minimum versions the kubelet and the container
// runtimes go by (pkg/util/kernel in Kubernetes 1.35, and runc's and containerd's requirements).

import { existsSync, readFileSync } from 'node:fs';
import { kernelAtLeast, type KernelVersion } from './kernel-version.ts';

/** Minimum kernels, each named after what needs it. */
export const minimumKernel = {
  /** Pressure stall information: /proc/pressure appeared in 4.20. */
  pressureStallInformation: '4.20',
  /** mount_setattr(2) with AT_RECURSIVE, which runc needs for recursive read-only mounts. */
  recursiveReadOnlyMounts: '5.12',
  /** idmap mounts on tmpfs, which pods with `hostUsers: false` need (the kubelet warns below it). */
  userNamespaces: '6.3',
  /** The tmpfs `noswap` option (utilkernel.TmpfsNoswapSupportKernelVersion). */
  tmpfsNoswap: '6.4',
} as const;

/**
 * Whether this process runs inside a user namespace other than the initial one (runc's
 * RunningInUserNS): the initial namespace maps all 2^32 ids from 0.
 */
export function runningInUserNamespace(uidMapPath = '/proc/self/uid_map'): boolean {
  let text: string;
  try {
    text = readFileSync(uidMapPath, 'utf8');
  } catch {
    return false;
  }
  const lines = text.trim().split('\n');
  if (lines.length !== 1) return true;
  const [inside, outside, length] = (lines[0] as string).trim().split(/\s+/);
  return !(inside === '0' && outside === '0' && length === '4294967295');
}

/**
 * The tmpfs noswap option, as swap.IsTmpfsNoswapOptionSupported decides it from the kernel
 * version: never inside a user namespace (the kernel refuses it in unprivileged tmpfs mounts).
 * The kubelet also tries a test mount on older kernels (for backports); an agent that cannot
 * mount says no there.
 */
export function tmpfsNoswapSupported(kernel: KernelVersion | undefined, inUserNamespace = runningInUserNamespace()): boolean {
  if (inUserNamespace || kernel === undefined) return false;
  return kernelAtLeast(kernel, minimumKernel.tmpfsNoswap);
}

/**
 * The runtime handler features a runtime on this kernel can offer (what containerd with runc
 * reports in RuntimeStatus, and what the simulated runtime claims).
 */
export function runtimeFeaturesForKernel(kernel: KernelVersion | undefined): { readonly recursiveReadOnlyMounts: boolean; readonly userNamespaces: boolean } {
  return {
    recursiveReadOnlyMounts: kernel !== undefined && kernelAtLeast(kernel, minimumKernel.recursiveReadOnlyMounts),
    userNamespaces: kernel !== undefined && kernelAtLeast(kernel, minimumKernel.userNamespaces),
  };
}

/** runc's apparmor.IsEnabled, which the kubelet's host validation uses: the module is loaded and on. */
export function appArmorEnabled(securityFs = '/sys/kernel/security/apparmor', parameter = '/sys/module/apparmor/parameters/enabled'): boolean {
  if (!existsSync(securityFs)) return false;
  try {
    const value = readFileSync(parameter, 'utf8');
    return value.length > 1 && value.startsWith('Y');
  } catch {
    return false;
  }
}
