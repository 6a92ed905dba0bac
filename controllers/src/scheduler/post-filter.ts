// What kube-scheduler's PostFilter plugins add to the message of a pod no node fits, when they
// cannot help: DynamicResources (GA in 1.34) has no claim of the pod to deallocate, and
// DefaultPreemption reports, per node, why evicting lower-priority pods would not make room.
// Capstan does not preempt: a node where eviction would make room is counted with the nodes where
// preemption is not helpful.

import { fitErrorMessage, type Diagnosis } from './fit-error.ts';
import { unresolvable, type FilterStatus } from './filter-status.ts';
import type { HostPorts } from './node-ports.ts';
import type { NodeUsage } from './node-resources-fit.ts';
import type { PodInfo } from './pod-info.ts';
import { runFilters } from './run-filters.ts';
import type { CountedPod, NodeInfo, SchedulerCache } from './scheduler-cache.ts';

const noVictims = unresolvable('No preemption victims found for incoming pod');
const notHelpful = unresolvable('Preemption is not helpful for scheduling');

export function postFilterMessage(pod: PodInfo, diagnosis: Diagnosis, cache: SchedulerCache, numAllNodes: number): string {
  return `no new claims to deallocate, preemption: ${preemptionMessage(pod, diagnosis, cache, numAllNodes)}`;
}

function preemptionMessage(pod: PodInfo, diagnosis: Diagnosis, cache: SchedulerCache, numAllNodes: number): string {
  if (pod.neverPreempts) return 'not eligible due to preemptionPolicy=Never.';
  const statuses = new Map<string, FilterStatus>();
  for (const [name, status] of diagnosis.statuses) {
    if (status.code !== 'Unschedulable') continue;
    const node = cache.node(name);
    if (node === undefined) continue;
    const victims = [...node.pods.values()].filter((counted) => counted.priority < pod.priority);
    if (victims.length === 0) {
      statuses.set(name, noVictims);
      continue;
    }
    const without = withoutPods(node, victims);
    const result = runFilters(pod, node, without.usage, without.ports);
    if (result !== undefined) statuses.set(name, result);
  }
  return fitErrorMessage(numAllNodes, { statuses, absent: notHelpful });
}

/** The node's usage and ports as if `victims` were gone. */
function withoutPods(node: NodeInfo, victims: readonly CountedPod[]): { usage: NodeUsage; ports: HostPorts } {
  const requested = { ...node.requested, scalar: new Map(node.requested.scalar) };
  const ports = node.usedPorts.clone();
  for (const victim of victims) {
    const fit = victim.requests.fit;
    requested.milliCpu -= fit.milliCpu;
    requested.memory -= fit.memory;
    requested.ephemeralStorage -= fit.ephemeralStorage;
    for (const [name, value] of fit.scalar) requested.scalar.set(name, (requested.scalar.get(name) ?? 0n) - value);
    ports.add(victim.ports, -1);
  }
  return { usage: { allocatable: node.allocatable, requested, podCount: node.podCount - victims.length }, ports };
}
