// The NodeUnschedulable filter: a cordoned node (spec.unschedulable) takes only pods that tolerate
// the node.kubernetes.io/unschedulable:NoSchedule taint.

import type { Toleration } from './api-types.ts';
import { unresolvable, type FilterStatus } from './filter-status.ts';
import { tolerationsTolerateTaint } from '@capstan/common';

const unschedulableTaint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' } as const;

const nodeUnschedulable = unresolvable('node(s) were unschedulable');

export function toleratesUnschedulable(tolerations: readonly Toleration[]): boolean {
  return tolerationsTolerateTaint(tolerations, unschedulableTaint);
}

export function nodeUnschedulableFilter(podToleratesUnschedulable: boolean, nodeUnschedulableFlag: boolean): FilterStatus | undefined {
  return nodeUnschedulableFlag && !podToleratesUnschedulable ? nodeUnschedulable : undefined;
}
