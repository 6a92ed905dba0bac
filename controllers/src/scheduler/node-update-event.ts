// kube's label for a Node update that may let unschedulable pods fit (NodeSchedulingPropertiesChange):
// "Node" and the first change in kube's order. The scheduler's queue counts the pods it moves under
// it in scheduler_queue_incoming_pods_total.

import type { Node } from './api-types.ts';
import { sameRecord } from './scheduler-cache.ts';

export function nodeUpdateEvent(old: Node, node: Node): string {
  // kube files a change of spec.unschedulable under UpdateNodeTaint, as it acts as one.
  if ((old.spec?.unschedulable === true) !== (node.spec?.unschedulable === true)) return 'NodeUpdateNodeTaint';
  if (!sameRecord(old.status?.allocatable ?? {}, node.status?.allocatable ?? {})) return 'NodeUpdateNodeAllocatable';
  if (!sameRecord(old.metadata?.labels ?? {}, node.metadata?.labels ?? {})) return 'NodeUpdateNodeLabel';
  if (JSON.stringify(old.spec?.taints ?? []) !== JSON.stringify(node.spec?.taints ?? [])) return 'NodeUpdateNodeTaint';
  // What the cache saw changed against its own copy; kube's catch-all label.
  return 'NodeUpdate';
}
