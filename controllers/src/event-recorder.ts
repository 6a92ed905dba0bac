// Events as kube-controller-manager's recorders write them (core/v1 Events): in the object's
// namespace ("default" for cluster-scoped objects), named <object name>.<hex nanoseconds>, from one
// component. Repeats of an event (same object, reason and message) within ten minutes bump its
// count and lastTimestamp, as client-go's correlator does. Best effort: a failure is logged.

import type { KubeObject, RestClient } from '@capstan/common/client';
import { metaTime, eventName } from '@capstan/common';

export interface InvolvedObject {
  readonly apiVersion?: string;
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  readonly uid?: string;
  readonly resourceVersion?: string;
  readonly fieldPath?: string;
}

export type EventType = 'Normal' | 'Warning';

/** How long a repeat counts as the same event (client-go's correlator: 10 minutes). */
const aggregateWindowMs = 600_000;

interface Recorded {
  readonly namespace: string;
  readonly name: string;
  count: number;
  at: number;
}

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
  readonly #instance: string;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #recent = new Map<string, Recorded>();
  #sweptAt = 0;

  constructor(client: RestClient, component: string, instance: string, log: (message: string, error?: unknown) => void) {
    this.#client = client;
    this.#component = component;
    this.#instance = instance;
    this.#log = log;
  }

  async record(object: InvolvedObject, type: EventType, reason: string, message: string): Promise<void> {
    const namespace = object.namespace || 'default';
    const key = JSON.stringify([object.kind, namespace, object.name, object.uid ?? '', type, reason, message]);
    const now = Date.now();
    const time = metaTime(now);
    const events = { group: '', version: 'v1', resource: 'events', namespace };
    this.#forgetOld(now);
    const found = this.#recent.get(key);
    const seen = found !== undefined && now - found.at <= aggregateWindowMs ? found : undefined;
    try {
      if (seen !== undefined) {
        seen.count += 1;
        seen.at = now;
        await this.#client.patch({ ...events, name: seen.name }, { count: seen.count, lastTimestamp: time }, { type: 'merge' });
        return;
      }
      const name = eventName(object.name);
      this.#recent.set(key, { namespace, name, count: 1, at: now });
      await this.#client.create(events, {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace },
        involvedObject: object,
        reason,
        message,
        source: { component: this.#component },
        firstTimestamp: time,
        lastTimestamp: time,
        count: 1,
        type,
        reportingComponent: this.#component,
        reportingInstance: this.#instance,
      });
    } catch (error) {
      this.#recent.delete(key);
      this.#log(`unable to record event ${reason} for ${object.kind} ${namespace}/${object.name}`, error);
    }
  }

  /** Forgets events older than the window, sweeping at most once a minute (and everything past 4,096 kept). */
  #forgetOld(now: number): void {
    if (this.#recent.size >= 4096) {
      this.#recent.clear();
      return;
    }
    if (now - this.#sweptAt < 60_000) return;
    this.#sweptAt = now;
    for (const [key, recorded] of this.#recent) if (now - recorded.at > aggregateWindowMs) this.#recent.delete(key);
  }
}
