// NodeResourcesFit's LeastAllocated score (the default scoring strategy), the only score Capstan
// computes: per resource (cpu and memory, equally weighted) the share of allocatable left once the
// pod is added, 0 to 100; a resource the node does not report is left out. Requests here count a
// container without a cpu or memory request at the scheduler's defaults, so that such pods spread.

import type { PodRequests } from './resource-requests.ts';
import type { NodeInfo } from './scheduler-cache.ts';

const maxNodeScore = 100n;

/** leastRequestedScore, in kube's int64 arithmetic (division truncates). */
function leastRequested(requested: bigint, capacity: bigint): number {
  if (requested > capacity) return 0;
  return Number(((capacity - requested) * maxNodeScore) / capacity);
}

export function leastAllocatedScore(requests: PodRequests, node: NodeInfo): number {
  let score = 0;
  let weights = 0;
  const { milliCpu, memory } = node.allocatable;
  if (milliCpu > 0n) {
    score += leastRequested(node.nonZeroMilliCpu + requests.nonZeroMilliCpu, milliCpu);
    weights += 1;
  }
  if (memory > 0n) {
    score += leastRequested(node.nonZeroMemory + requests.nonZeroMemory, memory);
    weights += 1;
  }
  return weights === 0 ? 0 : Math.floor(score / weights);
}
