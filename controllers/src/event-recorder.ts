// Events as kube-controller-manager's recorders write them (core/v1 Events): in the object's
// namespace ("default" for cluster-scoped objects), named <object name>.<hex nanoseconds>, from one
// component (source.component and reportingComponent; kube leaves the host and reportingInstance
// empty). Repeats, similar events and floods go through client-go's correlator (common's
// EventCorrelator). Best effort: a failure is logged.

import { type CoreEventObjectReference, EventCorrelator, type KubeObject, type RestClient, writeCorrelatedEvent } from '@capstan/common/client';
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
  readonly #client: RestClient;
  readonly #component: string;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #correlator: EventCorrelator;

  constructor(client: RestClient, component: string, log: (message: string, error?: unknown) => void, correlator = new EventCorrelator()) {
    this.#client = client;
    this.#component = component;
    this.#log = log;
    this.#correlator = correlator;
  }

  async record(object: InvolvedObject, type: EventType, reason: string, message: string): Promise<void> {
    const namespace = object.namespace || 'default';
    const time = metaTime(Date.now());
    await writeCorrelatedEvent(
      this.#client,
      this.#correlator,
      {
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
      },
      this.#log,
    );
  }
}
