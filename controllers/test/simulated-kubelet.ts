// Test support for the node lifecycle tests: Nodes registered through the API and kept alive as a
// kubelet keeps them, by renewing their Lease in kube-node-lease (or by posting a new Ready
// heartbeat in their status); stopping the heartbeats is a Node that went silent.

import { microTime } from '@capstan/common';
import { isConflict, type KubeObject, type RestClient } from '@capstan/common/client';
import { eventually } from './controller-fixture.ts';

export { eventually };

export interface Condition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
  readonly lastHeartbeatTime?: string;
  readonly lastTransitionTime?: string;
}

export interface Taint {
  readonly key: string;
  readonly effect: string;
  readonly value?: string;
  readonly timeAdded?: string;
}

export type NodeObject = KubeObject & { spec?: { taints?: Taint[]; unschedulable?: boolean }; status?: { conditions?: Condition[] } };

export const nodes = { group: '', version: 'v1', resource: 'nodes' } as const;
export const pods = { group: '', version: 'v1', resource: 'pods', namespace: 'default' } as const;
const leases = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: 'kube-node-lease' } as const;

const metaTime = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** The conditions a healthy kubelet posts. */
export function healthyConditions(at: number): Condition[] {
  const time = metaTime(at);
  const condition = (type: string, status: string, reason: string, message: string): Condition => ({
    type,
    status,
    reason,
    message,
    lastHeartbeatTime: time,
    lastTransitionTime: time,
  });
  return [
    condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
    condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
  ];
}

export interface SimulatedKubeletOptions {
  readonly labels?: Record<string, string>;
  /** How the kubelet says it is alive: by its Lease (the default) or by its Ready heartbeat. */
  readonly heartbeat?: 'lease' | 'status';
  readonly heartbeatMs?: number;
  /** Register without ever posting a status or a Lease. */
  readonly silent?: boolean;
}

export class SimulatedKubelet {
  readonly name: string;
  readonly #client: RestClient;
  readonly #options: SimulatedKubeletOptions;
  #timer: NodeJS.Timeout | undefined;
  #beat: Promise<void> = Promise.resolve();

  private constructor(client: RestClient, name: string, options: SimulatedKubeletOptions) {
    this.#client = client;
    this.name = name;
    this.#options = options;
  }

  static async register(client: RestClient, name: string, options: SimulatedKubeletOptions = {}): Promise<SimulatedKubelet> {
    const kubelet = new SimulatedKubelet(client, name, options);
    await client.create(nodes, { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...options.labels } } });
    if (options.silent === true) return kubelet;
    await kubelet.setConditions(healthyConditions(Date.now()));
    await client.create(leases, {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name },
      spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: microTime(Date.now()) },
    });
    kubelet.start();
    return kubelet;
  }

  get #target() {
    return { ...nodes, name: this.name };
  }

  async node(): Promise<NodeObject> {
    return this.#client.get<NodeObject>(this.#target);
  }

  /** Starts (again) the heartbeats. */
  start(): void {
    if (this.#timer !== undefined) return;
    const period = this.#options.heartbeatMs ?? (this.#options.heartbeat === 'status' ? 1000 : 300);
    this.#timer = setInterval(() => {
      this.#beat = this.#beat.then(() => this.heartbeat()).catch(() => {});
    }, period);
  }

  /** Stops the heartbeats; resolves once the last one sent has been answered. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#beat;
  }

  async heartbeat(): Promise<void> {
    if (this.#options.heartbeat === 'status') {
      await this.#changeConditions((conditions) => conditions.map((c) => ({ ...c, lastHeartbeatTime: metaTime(Date.now()) })));
      return;
    }
    const lease = await this.#client.get<KubeObject & { spec: Record<string, unknown> }>({ ...leases, name: this.name });
    await this.#client.update({ ...leases, name: this.name }, { ...lease, spec: { ...lease.spec, renewTime: microTime(Date.now()) } });
  }

  /** Posts conditions as the kubelet does: a changed status moves its lastTransitionTime. */
  async setCondition(type: string, status: string, reason: string, message: string): Promise<void> {
    const now = metaTime(Date.now());
    await this.#changeConditions((conditions) => {
      const others = conditions.filter((c) => c.type !== type);
      const old = conditions.find((c) => c.type === type);
      const lastTransitionTime = old?.status === status ? (old.lastTransitionTime ?? now) : now;
      return [...others, { type, status, reason, message, lastHeartbeatTime: now, lastTransitionTime }];
    });
  }

  async setConditions(conditions: Condition[]): Promise<void> {
    await this.#changeConditions(() => conditions);
  }

  async #changeConditions(change: (conditions: Condition[]) => Condition[]): Promise<void> {
    for (;;) {
      const node = await this.node();
      try {
        await this.#client.update({ ...this.#target, subresource: 'status' }, { ...node, status: { ...node.status, conditions: change(node.status?.conditions ?? []) } });
        return;
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
    }
  }
}

export function condition(node: NodeObject, type: string): Condition | undefined {
  return node.status?.conditions?.find((c) => c.type === type);
}

export function hasTaint(node: NodeObject, key: string, effect: string): boolean {
  return (node.spec?.taints ?? []).some((taint) => taint.key === key && taint.effect === effect);
}

/** "key:effect" of each taint, sorted. */
export function taintNames(node: NodeObject): string[] {
  return (node.spec?.taints ?? []).map((taint) => `${taint.key}:${taint.effect}`).sort();
}

export async function waitForNode(client: RestClient, name: string, what: string, test: (node: NodeObject) => boolean, timeoutMs = 20_000): Promise<NodeObject> {
  return eventually(
    `node ${name}: ${what}`,
    async () => {
      const node = await client.get<NodeObject>({ ...nodes, name });
      return test(node) ? node : undefined;
    },
    timeoutMs,
  );
}

export interface EventObject extends KubeObject {
  readonly involvedObject: { kind: string; name: string; namespace?: string; uid?: string; apiVersion?: string };
  readonly reason: string;
  readonly message: string;
  readonly type: string;
  readonly source?: { component?: string };
  readonly count?: number;
}

export async function events(client: RestClient, namespace = 'default'): Promise<EventObject[]> {
  return (await client.list<EventObject>({ group: '', version: 'v1', resource: 'events', namespace })).items;
}

/** Waits for an event of the reason about the named object and answers it. */
export async function waitForEvent(client: RestClient, kind: string, name: string, reason: string, namespace = 'default'): Promise<EventObject> {
  return eventually(`${reason} event of ${kind} ${name}`, async () =>
    (await events(client, namespace)).find((e) => e.involvedObject.kind === kind && e.involvedObject.name === name && e.reason === reason),
  );
}
