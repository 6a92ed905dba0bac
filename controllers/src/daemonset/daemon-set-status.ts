// A DaemonSet's status as kube counts it, node by node: desired (nodes that should run it), current
// (those that have a pod), misscheduled (pods on nodes that should not run it), ready, available and
// updated (of the oldest pod on each node), unavailable; written only when a count changed or the
// generation is new, with one retry on a fresh copy.

import type { DaemonSet, DaemonSetStatus } from '@capstan/common/api-types/apps-v1';
import type { Node, Pod } from '@capstan/common/api-types/core-v1';
import type { RestClient } from '@capstan/common/client';
import { daemonSetKind } from '../workload/controller-ref.ts';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';
import { compareDaemonPods, isPodUpdated, templateGeneration } from './daemon-pod.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';

type Counts = Pick<
  DaemonSetStatus,
  'desiredNumberScheduled' | 'currentNumberScheduled' | 'numberMisscheduled' | 'numberReady' | 'updatedNumberScheduled' | 'numberAvailable' | 'numberUnavailable'
>;

/** kube's StatusUpdateRetries. */
const statusUpdateRetries = 1;

export function countDaemonPods(ds: DaemonSet, nodes: readonly Node[], nodeToPods: ReadonlyMap<string, readonly Pod[]>, hash: string, now: number): Required<Counts> {
  let desired = 0;
  let current = 0;
  let misscheduled = 0;
  let ready = 0;
  let updated = 0;
  let available = 0;
  const generation = templateGeneration(ds);
  for (const node of nodes) {
    const pods = nodeToPods.get(node.metadata?.name ?? '') ?? [];
    const scheduled = pods.length > 0;
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) {
      if (scheduled) misscheduled++;
      continue;
    }
    desired++;
    if (!scheduled) continue;
    current++;
    const pod = [...pods].sort(compareDaemonPods)[0] as Pod;
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, ds.spec?.minReadySeconds ?? 0, now)) available++;
    }
    if (isPodUpdated(pod, hash, generation)) updated++;
  }
  return {
    desiredNumberScheduled: desired,
    currentNumberScheduled: current,
    numberMisscheduled: misscheduled,
    numberReady: ready,
    updatedNumberScheduled: updated,
    numberAvailable: available,
    numberUnavailable: desired - available,
  };
}

/** The status fields Go leaves out when zero (omitempty), left out here too as kube's client sends them. */
const omittedWhenZero = ['observedGeneration', 'updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const;

function withoutZeroes(status: DaemonSetStatus): DaemonSetStatus {
  const result: Record<string, unknown> = { ...status };
  for (const field of omittedWhenZero) if (result[field] === 0) delete result[field];
  return result as unknown as DaemonSetStatus;
}

/** storeDaemonSetStatus. */
export async function storeStatus(client: RestClient, ds: DaemonSet, counts: Required<Counts>, updateObservedGeneration: boolean): Promise<void> {
  const status = ds.status;
  const same = (Object.keys(counts) as (keyof Counts)[]).every((field) => (status?.[field] ?? 0) === counts[field]);
  if (same && (status?.observedGeneration ?? 0) >= (ds.metadata?.generation ?? 0)) return;
  const target = { ...daemonSetKind.resource, namespace: ds.metadata?.namespace, name: ds.metadata?.name };
  let latest = ds;
  for (let attempt = 0; ; attempt++) {
    const next = withoutZeroes({
      ...latest.status,
      ...counts,
      ...(updateObservedGeneration ? { observedGeneration: ds.metadata?.generation } : {}),
    });
    try {
      await client.update({ ...target, subresource: 'status' }, { ...latest, status: next });
      return;
    } catch (error) {
      if (attempt >= statusUpdateRetries) throw error;
      latest = await client.get<DaemonSet>(target);
    }
  }
}
