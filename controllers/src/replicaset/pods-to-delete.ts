// Which pods a set deletes when it has too many (kube's getPodsToDelete): the cheapest to lose by
// controller.ActivePodsWithRanks, where a pod's rank is how many active pods of its set's siblings
// (the sets of the same Deployment, the set itself among them) share its node, so that scaling
// down spreads what is left across nodes.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { activePodsWithRanksComparator } from '../workload/pod-ranking.ts';
import { isPodActive } from '../workload/pod-state.ts';

/** kube's getPodsRankedByRelatedPodsOnSameNode: a pod's rank is the number of active related pods on its node. */
export function rankByRelatedPodsOnSameNode(relatedPods: readonly Pod[]): (pod: Pod) => number {
  const podsOnNode = new Map<string, number>();
  for (const pod of relatedPods) {
    if (!isPodActive(pod)) continue;
    const node = pod.spec?.nodeName ?? '';
    podsOnNode.set(node, (podsOnNode.get(node) ?? 0) + 1);
  }
  return (pod) => podsOnNode.get(pod.spec?.nodeName ?? '') ?? 0;
}

/** The `count` pods of `activePods` to delete (all of them, in their order, when count covers them). */
export function podsToDelete(activePods: readonly Pod[], relatedPods: readonly Pod[], count: number, now: number): Pod[] {
  if (count >= activePods.length) return activePods.slice(0, count);
  return [...activePods].sort(activePodsWithRanksComparator(rankByRelatedPodsOnSameNode(relatedPods), now)).slice(0, count);
}
