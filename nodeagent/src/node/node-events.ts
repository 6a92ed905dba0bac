// Events about the Node, recorded as the kubelet's recorder writes them: in the default
// namespace, about the Node (whose uid the kubelet gives as its name), from the kubelet component
// of this host. Recording is best effort: a failure is logged, never retried.

import { metaTime, eventName } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import type { NodeEvent } from '../system/index.ts';

export class NodeEventRecorder {
  readonly #client: RestClient;
  readonly #nodeName: string;
  readonly #log: (message: string, error?: unknown) => void;

  constructor(client: RestClient, nodeName: string, log: (message: string, error?: unknown) => void) {
    this.#client = client;
    this.#nodeName = nodeName;
    this.#log = log;
  }

  async record(event: NodeEvent, now = new Date()): Promise<void> {
    const time = metaTime(now);
    const body = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: eventName(this.#nodeName), namespace: 'default' },
      involvedObject: { kind: 'Node', name: this.#nodeName, uid: this.#nodeName },
      reason: event.reason,
      message: event.message,
      source: { component: 'kubelet', host: this.#nodeName },
      firstTimestamp: time,
      lastTimestamp: time,
      count: 1,
      type: event.type,
      reportingComponent: 'kubelet',
      reportingInstance: this.#nodeName,
    };
    try {
      await this.#client.create({ group: '', version: 'v1', resource: 'events', namespace: 'default' }, body);
    } catch (error) {
      this.#log(`unable to record event ${event.reason} for node ${this.#nodeName}`, error);
    }
  }
}
