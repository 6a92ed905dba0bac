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

/** A node's rejection and the plugin that rejected it (scheduler_unschedulable_pods counts pods by it). */
export interface FilterRejection {
  readonly plugin: string;
  readonly status: FilterStatus;
}

/** `usage` and `ports` may stand in for the node's own, to ask how it would be without some of its pods. */
export function runFilters(pod: PodInfo, node: NodeInfo, usage: NodeUsage = node, ports: HostPorts = node.usedPorts): FilterStatus | undefined {
  return filterRejection(pod, node, usage, ports)?.status;
}

export function filterRejection(pod: PodInfo, node: NodeInfo, usage: NodeUsage = node, ports: HostPorts = node.usedPorts): FilterRejection | undefined {
  const unschedulable = nodeUnschedulableFilter(pod.toleratesUnschedulable, node.unschedulable);
  if (unschedulable !== undefined) return { plugin: 'NodeUnschedulable', status: unschedulable };
  const taints = taintTolerationFilter(pod.tolerations, node.taints);
  if (taints !== undefined) return { plugin: 'TaintToleration', status: taints };
  const affinity = nodeAffinityFilter(pod.affinity, node);
  if (affinity !== undefined) return { plugin: 'NodeAffinity', status: affinity };
  const nodePorts = nodePortsFilter(pod.ports, ports);
  if (nodePorts !== undefined) return { plugin: 'NodePorts', status: nodePorts };
  const resources = resourcesFitFilter(pod.requests.fit, usage);
  if (resources !== undefined) return { plugin: 'NodeResourcesFit', status: resources };
  return undefined;
}
