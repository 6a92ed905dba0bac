// The taints the node lifecycle controller manages, and kube's taint list operations: two taints
// are "the same" when key and effect match (the value and timeAdded may differ).

import type { Taint, TaintEffect } from './api-types.ts';

export const taintNodeNotReady = 'node.kubernetes.io/not-ready';
export const taintNodeUnreachable = 'node.kubernetes.io/unreachable';
export const taintNodeUnschedulable = 'node.kubernetes.io/unschedulable';
export const taintNodeMemoryPressure = 'node.kubernetes.io/memory-pressure';
export const taintNodeDiskPressure = 'node.kubernetes.io/disk-pressure';
export const taintNodePIDPressure = 'node.kubernetes.io/pid-pressure';
export const taintNodeNetworkUnavailable = 'node.kubernetes.io/network-unavailable';

export const notReadyNoExecute: Taint = { key: taintNodeNotReady, effect: 'NoExecute' };
export const unreachableNoExecute: Taint = { key: taintNodeUnreachable, effect: 'NoExecute' };

export function matchTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function taintExists(taints: readonly Taint[] | undefined, taint: Taint): boolean {
  return (taints ?? []).some((t) => matchTaint(t, taint));
}

function sameTaint(a: Taint, b: Taint): boolean {
  return matchTaint(a, b) && (a.value ?? '') === (b.value ?? '') && (a.timeAdded ?? '') === (b.timeAdded ?? '');
}

/** The list with `taint` added, or replacing the one of the same key and effect; `updated` false if it was already there as is. */
export function addOrUpdateTaint(taints: readonly Taint[], taint: Taint): { readonly taints: readonly Taint[]; readonly updated: boolean } {
  const existing = taints.find((t) => matchTaint(t, taint));
  if (existing === undefined) return { taints: [...taints, taint], updated: true };
  if (sameTaint(existing, taint)) return { taints, updated: false };
  return { taints: taints.map((t) => (matchTaint(t, taint) ? taint : t)), updated: true };
}

/** The list without the taints of `taint`'s key and effect; `updated` false if there were none. */
export function removeTaint(taints: readonly Taint[], taint: Taint): { readonly taints: readonly Taint[]; readonly updated: boolean } {
  const kept = taints.filter((t) => !matchTaint(t, taint));
  return { taints: kept, updated: kept.length !== taints.length };
}

export function taintsWithEffect(taints: readonly Taint[] | undefined, effect: TaintEffect): Taint[] {
  return (taints ?? []).filter((taint) => taint.effect === effect);
}
