// What a filter says of a node that does not fit a pod, as kube-scheduler's framework.Status: the
// reasons (counted per node in the FailedScheduling message) and whether preemption could help.

/** Unschedulable: removing lower-priority pods might make room. UnschedulableAndUnresolvable: it cannot. */
export type FilterCode = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface FilterStatus {
  readonly code: FilterCode;
  readonly reasons: readonly string[];
}

export function unresolvable(reason: string): FilterStatus {
  return { code: 'UnschedulableAndUnresolvable', reasons: [reason] };
}
