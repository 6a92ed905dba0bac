// The NoSchedule taints that mirror a Node's conditions (kube's doNoScheduleTaintingPass): Ready
// False is not-ready, Ready Unknown unreachable, the pressure conditions and NetworkUnavailable when
// True their own taint, and spec.unschedulable the unschedulable taint.

import type { Node, Taint } from './api-types.ts';
import {
  matchTaint,
  taintNodeDiskPressure,
  taintNodeMemoryPressure,
  taintNodeNetworkUnavailable,
  taintNodeNotReady,
  taintNodePIDPressure,
  taintNodeUnreachable,
  taintNodeUnschedulable,
} from './taints.ts';

/** Condition type -> condition status -> the taint key that stands for it. */
const conditionTaintKeys: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Ready: { False: taintNodeNotReady, Unknown: taintNodeUnreachable },
  MemoryPressure: { True: taintNodeMemoryPressure },
  DiskPressure: { True: taintNodeDiskPressure },
  NetworkUnavailable: { True: taintNodeNetworkUnavailable },
  PIDPressure: { True: taintNodePIDPressure },
};

/** Taint keys that stand for a condition. */
export const conditionTaints: ReadonlySet<string> = new Set(Object.values(conditionTaintKeys).flatMap((byStatus) => Object.values(byStatus)));

/** The NoSchedule taints to add and to remove so that they match the Node's conditions. */
export function noScheduleTaintChanges(node: Node): { readonly toAdd: Taint[]; readonly toRemove: Taint[] } {
  const wanted: Taint[] = [];
  for (const condition of node.status?.conditions ?? []) {
    const key = conditionTaintKeys[condition.type]?.[condition.status];
    if (key !== undefined) wanted.push({ key, effect: 'NoSchedule' });
  }
  if (node.spec?.unschedulable === true) wanted.push({ key: taintNodeUnschedulable, effect: 'NoSchedule' });
  const present = (node.spec?.taints ?? []).filter((taint) => taint.effect === 'NoSchedule' && (taint.key === taintNodeUnschedulable || conditionTaints.has(taint.key)));
  return {
    toAdd: wanted.filter((taint) => !present.some((p) => matchTaint(p, taint))),
    toRemove: present.filter((taint) => !wanted.some((w) => matchTaint(w, taint))),
  };
}
