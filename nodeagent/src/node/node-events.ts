// Events about the Node, recorded as the kubelet's recorder writes them: in the default
// namespace, about the Node (whose uid the kubelet gives as its name), from the kubelet component
// of this host, through client-go's correlator. Recording is best effort: a failure is logged,
// never retried.

import { metaTime, eventName } from '@capstan/common';
import { EventCorrelator, EventWriter, type RestClient } from '@capstan/common/client';
import type { NodeEvent } from '../system/index.ts';

export class NodeEventRecorder {
  readonly #nodeName: string;
  readonly #writer: EventWriter;

  constructor(client: RestClient, nodeName: string, log: (message: string, error?: unknown) => void) {
    this.#nodeName = nodeName;
    this.#writer = new EventWriter(client, new EventCorrelator(), log);
  }

  async record(event: NodeEvent, now = new Date()): Promise<void> {
    const time = metaTime(now);
    await this.#writer.write({
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
    });
  }
}
