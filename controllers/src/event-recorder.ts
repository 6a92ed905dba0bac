// Events as kube-controller-manager's recorders write them (core/v1 Events): in the object's
// namespace ("default" for cluster-scoped objects), named <object name>.<hex nanoseconds>, from one
// component (source.component and reportingComponent; kube leaves the host and reportingInstance
// empty). Repeats, similar events and floods go through client-go's correlator (common's
// EventCorrelator). Best effort: a failure is logged.

import { type CoreEventObjectReference, EventCorrelator, EventWriter, type KubeObject, type RestClient } from '@capstan/common/client';
import { metaTime, eventName } from '@capstan/common';

export type InvolvedObject = CoreEventObjectReference;

export type EventType = 'Normal' | 'Warning';

/** The reference an event keeps of a stored object. */
export function involvedObjectOf(object: KubeObject, kind: string, apiVersion: string): InvolvedObject {
  const meta = object.metadata ?? {};
  return {
    apiVersion,
    kind,
    name: meta.name ?? '',
    ...(meta.namespace ? { namespace: meta.namespace } : {}),
    ...(meta.uid ? { uid: meta.uid } : {}),
    ...(meta.resourceVersion ? { resourceVersion: meta.resourceVersion } : {}),
  };
}

export class EventRecorder {
  readonly #component: string;
  readonly #writer: EventWriter;

  constructor(client: RestClient, component: string, log: (message: string, error?: unknown) => void) {
    this.#component = component;
    this.#writer = new EventWriter(client, new EventCorrelator(), log);
  }

  async record(object: InvolvedObject, type: EventType, reason: string, message: string): Promise<void> {
    const namespace = object.namespace || 'default';
    const time = metaTime(Date.now());
    await this.#writer.write({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: eventName(object.name), namespace },
      involvedObject: object,
      reason,
      message,
      source: { component: this.#component },
      firstTimestamp: time,
      lastTimestamp: time,
      count: 1,
      type,
      reportingComponent: this.#component,
      reportingInstance: '',
    });
  }
}
