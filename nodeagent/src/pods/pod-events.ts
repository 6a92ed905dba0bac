// Events about pods and their containers, as the kubelet's recorder writes them (involvedObject
// the pod, fieldPath the container, source the kubelet of this node), through client-go's
// correlator (repeats counted on the first event, similar ones combined, floods dropped). Best
// effort: a failure is logged, never retried; without an API server they are only logged.

import { metaTime, eventName } from '@capstan/common';
import { EventCorrelator, EventWriter, type RestClient } from '@capstan/common/client';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';

export interface PodEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

export type RecordPodEvent = (pod: Pod, container: Container | undefined, event: PodEvent) => void;

/** GenerateContainerRef's fieldPath. */
function fieldPath(pod: Pod, container: Container): string {
  if (pod.spec.containers.some((c) => c.name === container.name)) return `spec.containers{${container.name}}`;
  if (pod.spec.initContainers?.some((c) => c.name === container.name)) return `spec.initContainers{${container.name}}`;
  return `spec.ephemeralContainers{${container.name}}`;
}

export function podEventRecorder(client: RestClient | undefined, nodeName: string, log: (message: string, error?: unknown) => void): RecordPodEvent {
  const writer = client === undefined ? undefined : new EventWriter(client, new EventCorrelator(), log);
  return (pod, container, event) => {
    if (client === undefined) {
      log(`${event.type} ${event.reason} ${pod.metadata.namespace}/${pod.metadata.name}: ${event.message}`);
      return;
    }
    const now = Date.now();
    const time = metaTime(now);
    void writer?.write({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: eventName(pod.metadata.name), namespace: pod.metadata.namespace },
      involvedObject: {
        apiVersion: 'v1',
        kind: 'Pod',
        namespace: pod.metadata.namespace,
        name: pod.metadata.name,
        uid: pod.metadata.uid,
        ...(pod.metadata.resourceVersion === undefined ? {} : { resourceVersion: pod.metadata.resourceVersion }),
        ...(container === undefined ? {} : { fieldPath: fieldPath(pod, container) }),
      },
      reason: event.reason,
      message: event.message,
      source: { component: 'kubelet', host: nodeName },
      firstTimestamp: time,
      lastTimestamp: time,
      count: 1,
      type: event.type,
      reportingComponent: 'kubelet',
      reportingInstance: nodeName,
    });
  };
}
