// Keeping the Node's status, as the kubelet's status loop does: every nodeStatusUpdateFrequency
// the status is computed from the Node's current conditions; it is written (a merge patch of the
// status subresource) when something changed or when nodeStatusReportFrequency passed since the
// last write; up to 5 tries a tick. One tick at a time, so an outage never piles up requests.

import { isNotFound, type KubeObject, type RestClient } from '@capstan/common/client';
import type { NodeCondition, NodeEvent } from '../system/index.ts';
import { jitter, sleep } from '@capstan/common';
import { nodeStatusChanged, type ComputedNodeStatus } from './node-status.ts';

const nodes = { group: '', version: 'v1', resource: 'nodes' } as const;
const nodeStatusUpdateRetry = 5;

export interface NodeStatusReporterOptions {
  readonly nodeName: string;
  readonly updateFrequencyMs: number;
  readonly reportFrequencyMs: number;
  /** The status for the Node's current conditions. */
  readonly compute: (currentConditions: readonly NodeCondition[]) => Promise<ComputedNodeStatus>;
  readonly onEvents?: (events: readonly NodeEvent[]) => void;
  /** After each tick, with whether the status is known to be up to date. */
  readonly onSynced?: (ok: boolean) => void;
  readonly log: (message: string, error?: unknown) => void;
  readonly now?: () => number;
}

export class NodeStatusReporter {
  readonly #client: RestClient;
  readonly #options: NodeStatusReporterOptions;
  #lastReported: Record<string, unknown> | undefined;
  #lastReportAt = Number.NEGATIVE_INFINITY;

  constructor(client: RestClient, options: NodeStatusReporterOptions) {
    this.#client = client;
    this.#options = options;
  }

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const ok = await this.sync(signal);
      this.#options.onSynced?.(ok);
      await sleep(jitter(this.#options.updateFrequencyMs, 0.04), signal);
    }
  }

  /** One tick; true when the Node's status is up to date. */
  async sync(signal: AbortSignal): Promise<boolean> {
    for (let attempt = 0; attempt < nodeStatusUpdateRetry && !signal.aborted; attempt++) {
      try {
        await this.#tryUpdate(attempt);
        return true;
      } catch (error) {
        this.#options.log('Error updating node status, will retry', error);
        if (isNotFound(error)) return false;
      }
    }
    return false;
  }

  async #tryUpdate(attempt: number): Promise<void> {
    const now = (this.#options.now ?? Date.now)();
    const target = { ...nodes, name: this.#options.nodeName };
    // The first try reads from the API server's cache, as the kubelet does.
    const node = await this.#client.get<KubeObject & { status?: { conditions?: NodeCondition[] } }>(target, attempt === 0 ? { resourceVersion: '0' } : {});
    const { status, events } = await this.#options.compute(node.status?.conditions ?? []);
    if (events.length > 0) this.#options.onEvents?.(events);
    if (now < this.#lastReportAt + this.#options.reportFrequencyMs && !nodeStatusChanged(this.#lastReported, status)) return;
    await this.#client.patch({ ...target, subresource: 'status' }, { status }, { type: 'merge' });
    this.#lastReported = status;
    this.#lastReportAt = now;
  }
}
