// The DaemonSet's RollingUpdate (kube's rollingUpdate): without surge, old pods are deleted so that
// no more than maxUnavailable nodes lack an available pod (an old pod that is not available may
// always go), and manage() creates their replacements; with maxSurge, new pods are created beside
// old ones on at most maxSurge nodes at a time, and an old pod goes once the new one on its node is
// available.

import type { DaemonSet } from '@capstan/common/api-types/apps-v1';
import type { Node, Pod } from '@capstan/common/api-types/core-v1';
import { isPodAvailable } from '../workload/pod-state.ts';
import { isPodUpdated, templateGeneration } from './daemon-pod.ts';
import type { ManageContext } from './manage.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';
import { syncNodes } from './sync-nodes.ts';
import { surgeCount, unavailableCount } from './update-counts.ts';

/** findUpdatedPodsOnNode: the node's one new and one old pod (not being deleted); undefined when it has more. */
function updatedPodsOnNode(ds: DaemonSet, pods: readonly Pod[], hash: string): { newPod?: Pod; oldPod?: Pod } | undefined {
  const generation = templateGeneration(ds);
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  for (const pod of pods) {
    if (pod.metadata?.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod !== undefined) return undefined;
      newPod = pod;
    } else {
      if (oldPod !== undefined) return undefined;
      oldPod = pod;
    }
  }
  return { newPod, oldPod };
}

export async function rollingUpdate(context: ManageContext, ds: DaemonSet, nodes: readonly Node[], podsByNode: ReadonlyMap<string, readonly Pod[]>, hash: string): Promise<void> {
  const minReadySeconds = ds.spec?.minReadySeconds ?? 0;
  const available = (pod: Pod): boolean => isPodAvailable(pod, minReadySeconds, context.now);
  const nodeToPods = new Map(podsByNode);
  const nodesByName = new Map(nodes.map((node) => [node.metadata?.name ?? '', node]));
  let desired = 0;
  for (const node of nodes) {
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) continue;
    desired++;
    if (!nodeToPods.has(node.metadata?.name ?? '')) nodeToPods.set(node.metadata?.name ?? '', []);
  }
  let maxUnavailable: number;
  let maxSurge: number;
  try {
    maxUnavailable = unavailableCount(ds, desired);
  } catch (error) {
    throw new Error(`couldn't get unavailable numbers: invalid value for MaxUnavailable: ${(error as Error).message}`);
  }
  try {
    maxSurge = surgeCount(ds, desired);
  } catch (error) {
    throw new Error(`couldn't get unavailable numbers: invalid value for MaxSurge: ${(error as Error).message}`);
  }
  // Neither surge nor unavailability (the API server should refuse it): accept one unavailable.
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;

  if (maxSurge === 0) {
    let unavailable = 0;
    const replacements: string[] = [];
    const candidates: string[] = [];
    for (const pods of nodeToPods.values()) {
      const found = updatedPodsOnNode(ds, pods, hash);
      if (found === undefined) {
        unavailable++;
        continue;
      }
      const { newPod, oldPod } = found;
      if ((oldPod === undefined) === (newPod === undefined)) unavailable++;
      else if (newPod !== undefined) {
        if (!available(newPod)) unavailable++;
      } else if (oldPod !== undefined) {
        if (!available(oldPod)) {
          replacements.push(oldPod.metadata?.name ?? '');
          unavailable++;
        } else if (unavailable < maxUnavailable) candidates.push(oldPod.metadata?.name ?? '');
      }
    }
    const remaining = Math.min(Math.max(maxUnavailable - unavailable, 0), candidates.length);
    return syncNodes(context, ds, [...replacements, ...candidates.slice(0, remaining)], [], hash);
  }

  const oldPodsToDelete: string[] = [];
  const shouldNotRunPodsToDelete: string[] = [];
  const candidateNewNodes: string[] = [];
  const allowedNewNodes: string[] = [];
  let surging = 0;
  let availableCount = 0;
  for (const [nodeName, pods] of nodeToPods) {
    const found = updatedPodsOnNode(ds, pods, hash);
    if (found === undefined) {
      surging++;
      continue;
    }
    const { newPod, oldPod } = found;
    if (oldPod !== undefined ? available(oldPod) : newPod !== undefined && available(newPod)) availableCount++;
    if (oldPod === undefined) continue;
    if (newPod === undefined) {
      const node = nodesByName.get(nodeName);
      if (node === undefined) throw new Error(`couldn't get node for nodeName "${nodeName}": node "${nodeName}" not found`);
      const shouldRun = nodeShouldRunDaemonPod(node, ds).shouldRun;
      if (!available(oldPod)) {
        if (!shouldRun) oldPodsToDelete.push(oldPod.metadata?.name ?? '');
        else allowedNewNodes.push(nodeName);
        continue;
      }
      if (!shouldRun) {
        shouldNotRunPodsToDelete.push(oldPod.metadata?.name ?? '');
        continue;
      }
      if (surging < maxSurge) candidateNewNodes.push(nodeName);
      continue;
    }
    if (!available(newPod)) {
      surging++;
      continue;
    }
    oldPodsToDelete.push(oldPod.metadata?.name ?? '');
  }
  // With surge the owner expects full availability: a pod on a node that no longer fits goes only
  // once enough pods elsewhere are available.
  const deletable = Math.min(availableCount - desired, shouldNotRunPodsToDelete.length);
  if (deletable > 0) oldPodsToDelete.push(...shouldNotRunPodsToDelete.slice(0, deletable));
  const remainingSurge = Math.min(Math.max(maxSurge - surging, 0), candidateNewNodes.length);
  return syncNodes(context, ds, oldPodsToDelete, [...allowedNewNodes, ...candidateNewNodes.slice(0, remainingSurge)], hash);
}
