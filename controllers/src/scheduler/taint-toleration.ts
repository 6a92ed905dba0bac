// The TaintToleration filter: a node's NoSchedule and NoExecute taints must each be tolerated
// (PreferNoSchedule only weighs in scoring, which Capstan leaves out). Since kube 1.35 (and
// 1.34.2) the reason no longer names the taint, whose key and value may be confidential.

import type { Taint, Toleration } from './api-types.ts';
import { unresolvable, type FilterStatus } from './filter-status.ts';

/** v1helper ToleratesTaint: an empty key with Exists matches every key, an empty effect every effect. */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      // Gt and Lt are alpha in 1.35 (TaintTolerationComparisonOperators), off by default.
      return false;
  }
}

export function toleratesAll(tolerations: readonly Toleration[], taint: Taint): boolean {
  for (const toleration of tolerations) if (toleratesTaint(toleration, taint)) return true;
  return false;
}

const untoleratedTaint = unresolvable('node(s) had untolerated taint(s)');

export function taintTolerationFilter(tolerations: readonly Toleration[], taints: readonly Taint[]): FilterStatus | undefined {
  for (const taint of taints) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (!toleratesAll(tolerations, taint)) return untoleratedTaint;
  }
  return undefined;
}
