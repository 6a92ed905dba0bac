// How fresh the simulated nodes' Leases are, as a controller sees them: an informer on
// kube-node-lease (as the node lifecycle controller watches it) keeps each Lease's renewTime, and
// each sample compares every expected Lease's renewTime with now.

import { Informer, type KubeObject, type RestClient } from '@capstan/common/client';

type Lease = KubeObject & { spec?: { renewTime?: string } };

export interface LeaseSample {
  readonly leases: number;
  /** renewTime within the on-time limit of now. */
  readonly onTime: number;
  /** renewTime within the lease duration of now: not yet expired. */
  readonly unexpired: number;
  /** Expected and not there yet. */
  readonly missing: number;
  /** The oldest renewTime's age, in ms (Infinity when one is missing). */
  readonly oldestAgeMs: number;
}

export class LeaseFreshness {
  readonly #informer: Informer<Lease>;
  readonly #renewedAt = new Map<string, number>();

  constructor(client: RestClient) {
    this.#informer = new Informer<Lease>(client, { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: 'kube-node-lease' });
    const note = (lease: Lease): void => {
      const renewTime = lease.spec?.renewTime;
      if (lease.metadata?.name !== undefined && renewTime !== undefined) this.#renewedAt.set(lease.metadata.name, Date.parse(renewTime));
    };
    this.#informer.addEventHandler({ onAdd: note, onUpdate: (_old, lease) => note(lease) });
  }

  async start(): Promise<void> {
    this.#informer.start();
    await this.#informer.waitForSync();
  }

  stop(): Promise<void> {
    return this.#informer.stop();
  }

  /** How many of `names` have a Lease. */
  present(names: readonly string[]): number {
    return names.reduce((sum, name) => sum + (this.#renewedAt.has(name) ? 1 : 0), 0);
  }

  sample(names: readonly string[], onTimeMs: number, durationMs: number, now = Date.now()): LeaseSample {
    let onTime = 0;
    let unexpired = 0;
    let missing = 0;
    let oldestAgeMs = 0;
    for (const name of names) {
      const renewedAt = this.#renewedAt.get(name);
      if (renewedAt === undefined) {
        missing += 1;
        oldestAgeMs = Number.POSITIVE_INFINITY;
        continue;
      }
      const age = now - renewedAt;
      if (age <= onTimeMs) onTime += 1;
      if (age <= durationMs) unexpired += 1;
      oldestAgeMs = Math.max(oldestAgeMs, age);
    }
    return { leases: names.length, onTime, unexpired, missing, oldestAgeMs };
  }
}
