// kube-scheduler's FitError message: "0/<nodes> nodes are available: <count> <reason>, ..." with the
// reasons of every rejected node counted and the "<count> <reason>" strings sorted as Go sorts
// strings, or the PreFilter's message instead; then what the PostFilter plugins said.

import type { FilterStatus } from './filter-status.ts';

export interface Diagnosis {
  /** The status of each node a filter rejected. */
  readonly statuses: ReadonlyMap<string, FilterStatus>;
  /** The status of the nodes missing from `statuses` (a PreFilter narrowed the nodes, or preemption left them out). */
  readonly absent?: FilterStatus;
  /** A PreFilter rejected the pod for every node. */
  readonly preFilterMessage?: string;
}

export function fitErrorMessage(numAllNodes: number, diagnosis: Diagnosis, postFilterMessage = ''): string {
  let message = `0/${numAllNodes} nodes are available:`;
  if (diagnosis.preFilterMessage !== undefined) {
    message += ` ${diagnosis.preFilterMessage}.`;
  } else {
    const counts = new Map<string, number>();
    for (const status of diagnosis.statuses.values()) for (const reason of status.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    const absentNodes = numAllNodes - diagnosis.statuses.size;
    if (absentNodes > 0 && diagnosis.absent !== undefined) for (const reason of diagnosis.absent.reasons) counts.set(reason, (counts.get(reason) ?? 0) + absentNodes);
    const histogram = [...counts].map(([reason, count]) => `${count} ${reason}`).sort(byBytes);
    if (histogram.length > 0) message += ` ${histogram.join(', ')}.`;
  }
  if (postFilterMessage !== '') message += ` ${postFilterMessage}`;
  return message;
}

function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
