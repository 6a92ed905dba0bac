// The node's Lease heartbeat, as the kubelet's lease controller keeps it: every renew interval
// (a quarter of the lease duration, with 4% jitter) the Lease kube-node-lease/<node> gets a new
// renewTime. The last written Lease is updated directly (no GET); on a conflict or when there is
// none, the Lease is read or created, with waits doubling from 200 ms to 7 s between failures;
// an update is tried at most 5 times per tick. One tick at a time, so an outage never piles up
// requests. A created Lease is owned by the Node (so it goes when the Node goes); while the Node
// cannot be read, no Lease is created.

import { microTime } from '@capstan/common';
import { jitter, sleep } from '@capstan/common';
import type { Lease } from '@capstan/common/api-types/coordination-v1';

export interface LeaseApi {
  /** undefined when there is none. */
  getLease(namespace: string, name: string): Promise<Lease | undefined>;
  createLease(lease: Lease): Promise<Lease>;
  /** Throws an error for which isConflict() is true on a stale resourceVersion. */
  updateLease(lease: Lease): Promise<Lease>;
  /** The Node's uid, or undefined when it cannot be read. */
  nodeUid(name: string): Promise<string | undefined>;
  isConflict(error: unknown): boolean;
}

export interface LeaseHeartbeatOptions {
  readonly nodeName: string;
  readonly leaseDurationSeconds: number;
  /** Default: a quarter of the lease duration, as the kubelet's. */
  readonly renewIntervalMs?: number;
  readonly now?: () => Date;
  readonly log?: (message: string, error?: unknown) => void;
  /** Called after each renewal (for health checks and tests). */
  readonly onRenewed?: (lease: Lease) => void;
}

export const leaseNamespace = 'kube-node-lease';
const maxUpdateRetries = 5;
const maxBackoffMs = 7_000;
const jitterFactor = 0.04;

/** A Lease's MicroTime: RFC 3339 with microseconds, in UTC. */

export class LeaseHeartbeat {
  #latest: Lease | undefined;
  readonly #api: LeaseApi;
  readonly #options: LeaseHeartbeatOptions;

  constructor(api: LeaseApi, options: LeaseHeartbeatOptions) {
    this.#api = api;
    this.#options = options;
  }

  /** Renews until the signal aborts. */
  async run(signal: AbortSignal): Promise<void> {
    const interval = this.#options.renewIntervalMs ?? (this.#options.leaseDurationSeconds * 1000) / 4;
    while (!signal.aborted) {
      await this.sync(signal);
      await sleep(jitter(interval, jitterFactor), signal);
    }
  }

  /** One tick: update the last Lease, else make sure one exists and update it. */
  async sync(signal: AbortSignal): Promise<void> {
    if (this.#latest !== undefined && (await this.#retryUpdate(this.#latest, signal))) return;
    const { lease, created } = await this.#backoffEnsure(signal);
    this.#latest = lease;
    if (lease !== undefined && !created) await this.#retryUpdate(lease, signal);
  }

  async #backoffEnsure(signal: AbortSignal): Promise<{ lease: Lease | undefined; created: boolean }> {
    let wait = 100;
    while (!signal.aborted) {
      try {
        return await this.#ensure();
      } catch (error) {
        wait = Math.min(2 * wait, maxBackoffMs);
        this.#options.log?.(`failed to ensure lease exists, will retry in ${wait / 1000}s`, error);
        await sleep(wait, signal);
      }
    }
    return { lease: undefined, created: false };
  }

  async #ensure(): Promise<{ lease: Lease | undefined; created: boolean }> {
    const { nodeName } = this.#options;
    const existing = await this.#api.getLease(leaseNamespace, nodeName);
    if (existing !== undefined) return { lease: existing, created: false };
    const uid = await this.#api.nodeUid(nodeName);
    // Without the Node there is no owner: create nothing now and try again next time.
    if (uid === undefined) return { lease: undefined, created: false };
    const lease = await this.#api.createLease(
      this.#withRenewTime({
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: nodeName, namespace: leaseNamespace, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: nodeName, uid }] },
        spec: { holderIdentity: nodeName, leaseDurationSeconds: this.#options.leaseDurationSeconds },
      }),
    );
    this.#options.onRenewed?.(lease);
    return { lease, created: true };
  }

  /** true when the Lease was renewed. */
  async #retryUpdate(base: Lease, signal: AbortSignal): Promise<boolean> {
    let current: Lease | undefined = base;
    for (let attempt = 0; attempt < maxUpdateRetries && current !== undefined && !signal.aborted; attempt++) {
      try {
        const lease = await this.#api.updateLease(await this.#withOwner(this.#withRenewTime(current)));
        this.#latest = lease;
        this.#options.onRenewed?.(lease);
        return true;
      } catch (error) {
        this.#options.log?.('failed to update lease', error);
        // A newer version exists: read it (or make one) before trying again.
        if (this.#api.isConflict(error)) current = (await this.#backoffEnsure(signal)).lease;
      }
    }
    this.#options.log?.(`failed ${maxUpdateRetries} attempts to update lease`);
    return false;
  }

  #withRenewTime(lease: Lease): Lease {
    const spec = { ...lease.spec, renewTime: microTime((this.#options.now ?? (() => new Date()))()) };
    return { ...lease, spec };
  }

  /** A Lease created while its Node was away gets its owner back on update; a failure to read the Node does not block the renewal. */
  async #withOwner(lease: Lease): Promise<Lease> {
    const metadata = lease.metadata ?? {};
    if (Array.isArray(metadata.ownerReferences) && metadata.ownerReferences.length > 0) return lease;
    const { nodeName } = this.#options;
    const uid = await this.#api.nodeUid(nodeName).catch(() => undefined);
    if (uid === undefined) return lease;
    return { ...lease, metadata: { ...metadata, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: nodeName, uid }] } };
  }
}
