// kube's MarkPodsNotReady: the pods of a Node that stopped reporting get Ready=False through
// pods/{name}/status (the kubelet that would have done it is silent), each with a NodeNotReady
// warning event.

import { isNotFound, type RestClient } from '@capstan/common/client';
import { involvedObjectOf, type EventRecorder } from '../event-recorder.ts';
import { podsResource, type Pod } from './api-types.ts';
import { updatePodCondition } from './pod-conditions.ts';

/** Rejects with the failures (an AggregateError) once every pod was tried; a pod gone meanwhile is no failure. */
export async function markPodsNotReady(client: RestClient, recorder: EventRecorder, pods: readonly Pod[], nodeName: string): Promise<void> {
  const errors: unknown[] = [];
  for (const pod of pods) {
    if (pod.spec?.nodeName !== nodeName) continue;
    const conditions = pod.status?.conditions ?? [];
    const ready = conditions.find((condition) => condition.type === 'Ready');
    if (ready === undefined) continue;
    const { conditions: next, updated } = updatePodCondition(conditions, { ...ready, status: 'False' }, Date.now());
    if (!updated) continue;
    const name = pod.metadata?.name ?? '';
    try {
      await client.update({ ...podsResource, namespace: pod.metadata?.namespace ?? '', name, subresource: 'status' }, { ...pod, status: { ...pod.status, conditions: next } });
    } catch (error) {
      if (isNotFound(error)) continue;
      errors.push(error);
    }
    void recorder.record(involvedObjectOf(pod, 'Pod', 'v1'), 'Warning', 'NodeNotReady', 'Node is not ready');
  }
  if (errors.length > 0) throw new AggregateError(errors, `unable to mark all pods NotReady on node ${nodeName}`);
}
