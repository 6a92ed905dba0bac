// Swap on the node, as the kubelet treats it: whether it is on (/proc/swaps), the failSwapOn
// refusal, the warning when memory-backed volumes could be swapped out, and each container's
// share under LimitedSwap (KEP-2400): request / node memory x node swap, for Burstable pods only.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeQuantity, errorCode, errorMessage, quantityValue } from '@capstan/common';
import type { CgroupInfo } from './cgroups.ts';
import type { Container, Pod, ResourceRequirements } from '@capstan/common/api-types/core-v1';
import { isCriticalPod, podQOS } from './pod-qos.ts';

/** swap.IsSwapOn: /proc/swaps lists a device or file below its header; no such file means off. */
export function isSwapOn(swapsPath = '/proc/swaps'): boolean {
  let text: string;
  try {
    text = readFileSync(swapsPath, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw new Error(`failed to determine if swap is on: ${errorMessage(error)}`);
  }
  return text.trim().split('\n').length > 1;
}

/** Why the kubelet does not start when swap is on and failSwapOn is true (the default). */
export const failSwapOnMessage = 'running with swap on is not supported, please disable swap or set --fail-swap-on flag to false';

/** Recorded at start when swap is on and tmpfs cannot be mounted with noswap. */
export const possibleMemoryBackedVolumesOnDiskEvent = {
  type: 'Warning',
  reason: 'PossibleMemoryBackedVolumesOnDisk',
  message: 'The tmpfs noswap option is not supported. Memory-backed volumes (e.g. secrets, emptyDirs, etc.) might be swapped to disk and should no longer be considered secure.',
} as const;

/**
 * Whether containers' swap can be controlled: memory.memsw.limit_in_bytes on cgroup v1, this
 * process's memory.swap.max on v2 (the root cgroup has none).
 */
export function swapControllerAvailable(cgroups: CgroupInfo, selfCgroupPath = '/proc/self/cgroup'): boolean {
  if (cgroups.version === 1) {
    const memoryMount = cgroups.mounts.find((mount) => mount.type === 'cgroup' && mount.options.includes('memory'))?.path ?? '/sys/fs/cgroup/memory';
    return existsSync(join(memoryMount, 'memory.memsw.limit_in_bytes'));
  }
  let path = '/';
  try {
    path = /^0::(.*)$/m.exec(readFileSync(selfCgroupPath, 'utf8'))?.[1] ?? '/';
  } catch {
    return false;
  }
  return existsSync(join(cgroups.unifiedMountPoint ?? '/sys/fs/cgroup', path, 'memory.swap.max'));
}

export type SwapBehavior = 'NoSwap' | 'LimitedSwap';

export interface SwapNode {
  /** memorySwap.swapBehavior; "" means NoSwap. */
  readonly swapBehavior: string;
  readonly cgroupVersion: 1 | 2;
  readonly swapControllerAvailable: boolean;
  /** MemTotal in bytes. */
  readonly memoryCapacity: number;
  /** SwapTotal in bytes. */
  readonly swapCapacity: number;
}

const memoryOf = (list: ResourceRequirements['requests']): number => {
  const quantity = decodeQuantity(list?.['memory']);
  return quantity === undefined ? 0 : Number(quantityValue(quantity));
};

/**
 * GetContainerSwapBehavior: LimitedSwap only on cgroup v2 with a swap controller, for a container
 * of a Burstable, non-critical pod that asks for memory with a request different from its limit.
 */
export function containerSwapBehavior(node: SwapNode, pod: Pod, container: Pick<Container, 'resources'>): SwapBehavior {
  if (node.swapBehavior !== 'LimitedSwap') return 'NoSwap';
  if (!node.swapControllerAvailable || node.cgroupVersion !== 2 || isCriticalPod(pod)) return 'NoSwap';
  const request = memoryOf(container.resources?.requests);
  const limit = memoryOf(container.resources?.limits);
  if (podQOS(pod) !== 'Burstable' || (request === 0 && limit === 0) || request === limit) return 'NoSwap';
  return 'LimitedSwap';
}

/** calcSwapForBurstablePods: (request / node memory) x node swap, truncated to whole bytes. */
export function limitedSwapShare(containerMemoryRequest: number, nodeTotalMemory: number, totalPodsSwapAvailable: number): { readonly bytes: number } | { readonly error: string } {
  if (nodeTotalMemory <= 0) return { error: 'total node memory is 0' };
  if (containerMemoryRequest > nodeTotalMemory) return { error: `container request ${containerMemoryRequest} is larger than total node memory ${nodeTotalMemory}` };
  return { bytes: Math.trunc((containerMemoryRequest / nodeTotalMemory) * totalPodsSwapAvailable) };
}

/**
 * The swap a container may use: the LimitedSwap share, else 0. On cgroup v1 the kubelet sets no
 * swap limit of its own (memory+swap is capped at the memory limit); undefined says so.
 */
export function containerSwapLimit(
  node: SwapNode,
  pod: Pod,
  container: Pick<Container, 'resources'>,
): { readonly behavior: SwapBehavior; readonly swapLimitBytes: number | undefined } {
  const behavior = containerSwapBehavior(node, pod, container);
  if (!node.swapControllerAvailable) return { behavior, swapLimitBytes: undefined };
  if (behavior === 'NoSwap') return { behavior, swapLimitBytes: node.cgroupVersion === 2 ? 0 : undefined };
  const share = limitedSwapShare(memoryOf(container.resources?.requests), node.memoryCapacity, node.swapCapacity);
  // The kubelet logs "cannot calculate swap allocation amount; disallowing swap" and gives none.
  return 'bytes' in share ? { behavior, swapLimitBytes: share.bytes } : { behavior: 'NoSwap', swapLimitBytes: 0 };
}
