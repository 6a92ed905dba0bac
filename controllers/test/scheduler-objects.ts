// Test support for the scheduler's tests: Nodes created through the API with their status written
// through nodes/{name}/status (as a kubelet registers and reports), pods, and reading back where a
// pod went and what the scheduler said about it.

import type { KubeObject, RestClient } from '@capstan/common/client';
import { eventually } from './controller-fixture.ts';

export const pods = { group: '', version: 'v1', resource: 'pods', namespace: 'default' } as const;
const nodes = { group: '', version: 'v1', resource: 'nodes' } as const;
const events = { group: '', version: 'v1', resource: 'events', namespace: 'default' } as const;

export interface NodeShape {
  readonly cpu?: string;
  readonly memory?: string;
  readonly pods?: string;
  readonly labels?: Record<string, string>;
  readonly taints?: readonly { key: string; value?: string; effect: string }[];
  readonly unschedulable?: boolean;
  readonly extra?: Record<string, string>;
}

export async function createNode(client: RestClient, name: string, shape: NodeShape = {}): Promise<void> {
  await client.create(nodes, {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...shape.labels } },
    spec: { ...(shape.taints ? { taints: shape.taints } : {}), ...(shape.unschedulable ? { unschedulable: true } : {}) },
  });
  const resources = { cpu: shape.cpu ?? '4', memory: shape.memory ?? '8Gi', pods: shape.pods ?? '110', 'ephemeral-storage': '100Gi', ...shape.extra };
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  await client.patch(
    { ...nodes, name, subresource: 'status' },
    {
      status: {
        capacity: resources,
        allocatable: resources,
        conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: now, lastTransitionTime: now }],
      },
    },
    { type: 'merge' },
  );
  // The API server creates Nodes tainted not-ready (NodeTaint admission); the node lifecycle
  // controller, not run here, lifts the taint once the node is Ready, as this does.
  await client.patch({ ...nodes, name }, { spec: { taints: shape.taints ?? null } }, { type: 'merge' });
}

export interface PodCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
}

export interface PodObject extends KubeObject {
  spec: { nodeName?: string; [field: string]: unknown };
  status?: { conditions?: PodCondition[] };
}

/**
 * A pod of one container (pause image) with `requests`, plus any spec fields. Extended resources
 * cannot be overcommitted: kube wants their limit, equal to the request, so they get one.
 */
export async function createPod(client: RestClient, name: string, requests: Record<string, string> = {}, spec: Record<string, unknown> = {}): Promise<void> {
  const limits = Object.fromEntries(Object.entries(requests).filter(([resource]) => resource.includes('/') || resource.startsWith('hugepages-')));
  const resources = Object.keys(limits).length === 0 ? { requests } : { requests, limits };
  await client.create(pods, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.10', resources }], ...spec },
  });
}

export function getPod(client: RestClient, name: string): Promise<PodObject> {
  return client.get<PodObject>({ ...pods, name });
}

export function boundNode(client: RestClient, name: string, timeoutMs?: number): Promise<string> {
  return eventually(`pod ${name} bound`, async () => (await getPod(client, name)).spec.nodeName || undefined, timeoutMs);
}

/** The pod's PodScheduled condition once it is False. */
export function podScheduledFalse(client: RestClient, name: string): Promise<PodCondition> {
  return eventually(`pod ${name} PodScheduled=False`, async () => {
    const conditions = (await getPod(client, name)).status?.conditions ?? [];
    return conditions.find((c) => c.type === 'PodScheduled' && c.status === 'False');
  });
}

export interface EventObject extends KubeObject {
  type: string;
  reason: string;
  message: string;
  count: number;
  source?: { component?: string };
  reportingComponent?: string;
  involvedObject: { kind: string; name: string; namespace?: string; uid?: string };
}

export async function eventsOf(client: RestClient, pod: string, reason: string): Promise<EventObject[]> {
  const list = await client.list<EventObject>(events, { fieldSelector: `involvedObject.name=${pod}` });
  return list.items.filter((event) => event.reason === reason);
}

export function eventOf(client: RestClient, pod: string, reason: string): Promise<EventObject> {
  return eventually(`a ${reason} event of pod ${pod}`, async () => (await eventsOf(client, pod, reason))[0]);
}
