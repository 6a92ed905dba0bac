// client-go's leader election over a coordination.k8s.io/v1 Lease, as kube-controller-manager runs
// it: a candidate takes the Lease when it is free or its holder has not renewed it within
// leaseDuration (measured on our clock from when we last saw the record change, never from the
// record's own times, so clock skew between machines does not matter); the leader renews every
// retryPeriod and gives up leadership when it has not renewed for renewDeadline. Every write carries
// the resourceVersion read, so two candidates never both win.

import { jitter, sleep } from '@capstan/common';
import { isConflict, isNotFound, type KubeObject, type RestClient } from '@capstan/common/client';
import { microTime } from '@capstan/common';

export interface LeaderElectionConfig {
  readonly namespace: string;
  readonly name: string;
  /** This candidate's holderIdentity (kube-controller-manager: <hostname>_<uuid>). */
  readonly identity: string;
  readonly leaseDurationMs: number;
  readonly renewDeadlineMs: number;
  readonly retryPeriodMs: number;
}

export interface LeaderCallbacks {
  /** Runs while leading; `signal` aborts when leadership ends. */
  onStartedLeading(signal: AbortSignal): void;
  /** Leadership ended: lost (not renewed in time) or given up at shutdown. */
  onStoppedLeading(lost: boolean): void;
  /** Another holder was seen (or this one). */
  onNewLeader?(identity: string): void;
}

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

type Lease = KubeObject & { spec?: LeaseSpec };

/** client-go's JitterFactor for the acquire loop. */
const jitterFactor = 1.2;

export class LeaderElector {
  readonly #client: RestClient;
  readonly #config: LeaderElectionConfig;
  readonly #callbacks: LeaderCallbacks;
  #observed: LeaseSpec | undefined;
  #observedRaw = '';
  #observedAt = 0;
  #reportedLeader = '';

  constructor(client: RestClient, config: LeaderElectionConfig, callbacks: LeaderCallbacks) {
    this.#client = client;
    this.#config = config;
    this.#callbacks = callbacks;
  }

  get #target() {
    return { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: this.#config.namespace, name: this.#config.name };
  }

  /** Campaigns until leading, leads until the lease is lost or the signal aborts; then releases the lease if it still holds it. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      if (await this.#tryAcquireOrRenew()) break;
      await sleep(jitter(this.#config.retryPeriodMs, jitterFactor - 1), signal);
    }
    if (signal.aborted) return;
    const leading = new AbortController();
    this.#callbacks.onStartedLeading(leading.signal);
    let lost = false;
    let lastRenew = Date.now();
    while (!signal.aborted) {
      await sleep(this.#config.retryPeriodMs, signal);
      if (signal.aborted) break;
      if (await this.#tryAcquireOrRenew(this.#config.renewDeadlineMs - (Date.now() - lastRenew))) {
        lastRenew = Date.now();
      } else if (Date.now() - lastRenew >= this.#config.renewDeadlineMs) {
        lost = true;
        break;
      }
    }
    leading.abort();
    if (!lost) await this.#release();
    this.#callbacks.onStoppedLeading(lost);
  }

  async #tryAcquireOrRenew(timeoutMs = this.#config.renewDeadlineMs): Promise<boolean> {
    const now = Date.now();
    const spec: LeaseSpec = {
      holderIdentity: this.#config.identity,
      leaseDurationSeconds: Math.round(this.#config.leaseDurationMs / 1000),
      acquireTime: microTime(now),
      renewTime: microTime(now),
      leaseTransitions: 0,
    };
    const control = { timeoutMs: Math.max(1, timeoutMs) };
    let current: Lease;
    try {
      current = await this.#client.get<Lease>(this.#target, control);
    } catch (error) {
      if (!isNotFound(error)) return false;
      try {
        const created = await this.#client.create<Lease>(
          { ...this.#target, name: undefined },
          { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: this.#config.name, namespace: this.#config.namespace }, spec },
          control,
        );
        this.#observe(created.spec ?? spec, now);
        return true;
      } catch {
        return false;
      }
    }
    const held = current.spec ?? {};
    const raw = JSON.stringify(held);
    if (raw !== this.#observedRaw) this.#observe(held, now);
    const holder = held.holderIdentity ?? '';
    const durationMs = (held.leaseDurationSeconds ?? 0) * 1000;
    if (holder !== '' && holder !== this.#config.identity && this.#observedAt + durationMs > now) return false;
    if (holder === this.#config.identity) {
      spec.acquireTime = held.acquireTime ?? spec.acquireTime;
      spec.leaseTransitions = held.leaseTransitions ?? 0;
    } else {
      spec.leaseTransitions = (held.leaseTransitions ?? 0) + 1;
    }
    try {
      const updated = await this.#client.update<Lease>(this.#target, { ...current, spec: { ...held, ...spec } }, control);
      this.#observe(updated.spec ?? spec, now);
      return true;
    } catch (error) {
      if (!isConflict(error)) return false;
      return false;
    }
  }

  #observe(spec: LeaseSpec, now: number): void {
    this.#observed = spec;
    this.#observedRaw = JSON.stringify(spec);
    this.#observedAt = now;
    const holder = spec.holderIdentity ?? '';
    if (holder !== '' && holder !== this.#reportedLeader) {
      this.#reportedLeader = holder;
      this.#callbacks.onNewLeader?.(holder);
    }
  }

  /** client-go's release: an empty holder and a one-second lease, so the next candidate takes over at once. */
  async #release(): Promise<void> {
    if (this.#observed?.holderIdentity !== this.#config.identity) return;
    try {
      const current = await this.#client.get<Lease>(this.#target, { timeoutMs: this.#config.renewDeadlineMs });
      if (current.spec?.holderIdentity !== this.#config.identity) return;
      const now = microTime(Date.now());
      await this.#client.update<Lease>(
        this.#target,
        {
          ...current,
          spec: { ...current.spec, holderIdentity: '', leaseDurationSeconds: 1, acquireTime: now, renewTime: now, leaseTransitions: current.spec?.leaseTransitions ?? 0 },
        },
        { timeoutMs: this.#config.renewDeadlineMs },
      );
    } catch {
      // The lease expires by itself.
    }
  }
}
