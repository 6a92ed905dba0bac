// manage: for each node, the daemon pod it needs created or the pods it must lose (podsShouldBeOnNode):
// none where the DaemonSet should not run, failed pods deleted (with a per-node back-off, and
// kube's FailedDaemonPod event), succeeded ones too, extra pods beyond the oldest (or beyond the
// one old and one new pod a surge allows); plus unscheduled pods aimed at nodes that are gone.

import type { DaemonSet } from '@capstan/common/api-types/apps-v1';
import type { Node, Pod } from '@capstan/common/api-types/core-v1';
import type { EventRecorder } from '../event-recorder.ts';
import { involvedObjectOf } from '../event-recorder.ts';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';
import { compareDaemonPods, daemonSetHashLabel } from './daemon-pod.ts';
import type { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';
import { allowsSurge } from './update-counts.ts';
import { type DaemonSetWork, syncNodes } from './sync-nodes.ts';

export interface ManageContext extends DaemonSetWork {
  readonly events: EventRecorder;
  readonly backoff: FailedPodsBackoff;
  readonly enqueueAfter: (ds: DaemonSet, delayMs: number) => void;
  readonly now: number;
}

function failedPodsBackoffKey(ds: DaemonSet, nodeName: string): string {
  return `${ds.metadata?.uid ?? ''}/${ds.status?.observedGeneration ?? 0}/${nodeName}`;
}

/** podsShouldBeOnNode: whether the node needs a pod, and the names of its pods to delete. */
function podsShouldBeOnNode(
  context: ManageContext,
  node: Node,
  nodeToPods: ReadonlyMap<string, readonly Pod[]>,
  ds: DaemonSet,
  hash: string,
): { create: boolean; remove: string[] } {
  const nodeName = node.metadata?.name ?? '';
  const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
  const pods = nodeToPods.get(nodeName);
  const remove: string[] = [];
  if (shouldRun && pods === undefined) return { create: true, remove };
  if (!shouldContinueRunning) {
    for (const pod of pods ?? []) if (!pod.metadata?.deletionTimestamp) remove.push(pod.metadata?.name ?? '');
    return { create: false, remove };
  }
  const involved = involvedObjectOf(ds, 'DaemonSet', 'apps/v1');
  const running: Pod[] = [];
  for (const pod of pods ?? []) {
    if (pod.metadata?.deletionTimestamp) continue;
    const name = `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
    if (pod.status?.phase === 'Failed') {
      // The DaemonSet often fights a kubelet that rejects its pods: back off instead of a hot loop.
      const key = failedPodsBackoffKey(ds, nodeName);
      if (context.backoff.inBackoffSinceUpdate(key, context.now)) {
        context.enqueueAfter(ds, context.backoff.get(key));
        continue;
      }
      context.backoff.next(key, context.now);
      void context.events.record(involved, 'Warning', 'FailedDaemonPod', `Found failed daemon pod ${name} on node ${nodeName}, will try to kill it`);
      remove.push(pod.metadata?.name ?? '');
    } else if (pod.status?.phase === 'Succeeded') {
      void context.events.record(involved, 'Normal', 'SucceededDaemonPod', `Found succeeded daemon pod ${name} on node ${nodeName}, will try to delete it`);
      remove.push(pod.metadata?.name ?? '');
    } else running.push(pod);
  }
  running.sort(compareDaemonPods);
  if (!allowsSurge(ds)) {
    // Without surge one pod per node: all but the oldest go.
    for (const pod of running.slice(1)) remove.push(pod.metadata?.name ?? '');
    return { create: false, remove };
  }
  if (running.length <= 1) return { create: running.length === 0 && shouldRun, remove };
  // With surge, an old pod and a new one may share the node until the new one is available.
  let oldestNew: Pod | undefined;
  let oldestOld: Pod | undefined;
  for (const pod of running) {
    if (pod.metadata?.labels?.[daemonSetHashLabel] === hash) {
      if (oldestNew === undefined) {
        oldestNew = pod;
        continue;
      }
    } else if (oldestOld === undefined) {
      oldestOld = pod;
      continue;
    }
    remove.push(pod.metadata?.name ?? '');
  }
  if (oldestNew !== undefined && oldestOld !== undefined) {
    if (!isPodReady(oldestOld) || isPodAvailable(oldestNew, ds.spec?.minReadySeconds ?? 0, context.now)) remove.push(oldestOld.metadata?.name ?? '');
  }
  return { create: false, remove };
}

export async function manage(context: ManageContext, ds: DaemonSet, nodes: readonly Node[], nodeToPods: ReadonlyMap<string, readonly Pod[]>, hash: string): Promise<void> {
  const needing: string[] = [];
  const toDelete: string[] = [];
  for (const node of nodes) {
    const { create, remove } = podsShouldBeOnNode(context, node, nodeToPods, ds, hash);
    if (create) needing.push(node.metadata?.name ?? '');
    toDelete.push(...remove);
  }
  // Pods for nodes that are gone never get scheduled, and the pod GC leaves unscheduled pods alone.
  const existing = new Set(nodes.map((node) => node.metadata?.name));
  for (const [nodeName, pods] of nodeToPods) {
    if (existing.has(nodeName)) continue;
    for (const pod of pods) if (!pod.spec?.nodeName) toDelete.push(pod.metadata?.name ?? '');
  }
  await syncNodes(context, ds, toDelete, needing, hash);
}
