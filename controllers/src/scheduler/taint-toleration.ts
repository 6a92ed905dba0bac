// The TaintToleration filter: a node's NoSchedule and NoExecute taints must each be tolerated
// (PreferNoSchedule only weighs in scoring, which Capstan leaves out). Since kube 1.35 (and
// 1.34.2) the reason no longer names the taint, whose key and value may be confidential.

import { tolerationsTolerateTaint } from '@capstan/common';
import type { Taint, Toleration } from './api-types.ts';
import { unresolvable, type FilterStatus } from './filter-status.ts';

const untoleratedTaint = unresolvable('node(s) had untolerated taint(s)');

export function taintTolerationFilter(tolerations: readonly Toleration[], taints: readonly Taint[]): FilterStatus | undefined {
  for (const taint of taints) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) return untoleratedTaint;
  }
  return undefined;
}
