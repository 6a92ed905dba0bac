// kube-scheduler's default filter plugins in their order (NodeUnschedulable, TaintToleration,
// NodeAffinity, NodePorts, NodeResourcesFit); the first that rejects a node gives its status.

import type { FilterStatus } from './filter-status.ts';
import { nodeAffinityFilter } from './node-affinity.ts';
import { nodePortsFilter, type HostPorts } from './node-ports.ts';
import { resourcesFitFilter, type NodeUsage } from './node-resources-fit.ts';
import { nodeUnschedulableFilter } from './node-unschedulable.ts';
import type { PodInfo } from './pod-info.ts';
import type { NodeInfo } from './scheduler-cache.ts';
import { taintTolerationFilter } from './taint-toleration.ts';

/** `usage` and `ports` may stand in for the node's own, to ask how it would be without some of its pods. */
export function runFilters(pod: PodInfo, node: NodeInfo, usage: NodeUsage = node, ports: HostPorts = node.usedPorts): FilterStatus | undefined {
  return (
    nodeUnschedulableFilter(pod.toleratesUnschedulable, node.unschedulable) ??
    taintTolerationFilter(pod.tolerations, node.taints) ??
    nodeAffinityFilter(pod.affinity, node) ??
    nodePortsFilter(pod.ports, ports) ??
    resourcesFitFilter(pod.requests.fit, usage)
  );
}
