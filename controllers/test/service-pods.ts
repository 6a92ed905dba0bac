// Test support for the Service endpoint controllers: Nodes, pods bound to them, and the status a
// kubelet posts for a running pod (its IP, phase Running and the Ready condition) written through
// the status subresource, as a kubelet writes it.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { isConflict, type RestClient } from '@capstan/common/client';
import { metaTime } from '@capstan/common';

export const podsOf = (namespace = 'default') => ({ group: '', version: 'v1', resource: 'pods', namespace }) as const;
export const servicesOf = (namespace = 'default') => ({ group: '', version: 'v1', resource: 'services', namespace }) as const;
export const endpointSlicesOf = (namespace = 'default') => ({ group: 'discovery.k8s.io', version: 'v1', resource: 'endpointslices', namespace }) as const;
export const endpointsOf = (namespace = 'default') => ({ group: '', version: 'v1', resource: 'endpoints', namespace }) as const;
const nodes = { group: '', version: 'v1', resource: 'nodes' } as const;

export async function createNode(client: RestClient, name: string, labels: Record<string, string> = {}): Promise<void> {
  await client.create(nodes, { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } } });
}

export interface PodShape {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly nodeName?: string;
  /** Container ports by name. */
  readonly ports?: Record<string, number>;
  readonly hostname?: string;
  readonly subdomain?: string;
  readonly ownerReferences?: readonly unknown[];
  readonly namespace?: string;
}

export async function createPod(client: RestClient, shape: PodShape): Promise<Pod> {
  const ports = Object.entries(shape.ports ?? {}).map(([name, containerPort]) => ({ name, containerPort }));
  return client.create<Pod>(podsOf(shape.namespace), {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: shape.name, labels: shape.labels, ...(shape.ownerReferences ? { ownerReferences: shape.ownerReferences } : {}) },
    spec: {
      ...(shape.nodeName ? { nodeName: shape.nodeName } : {}),
      ...(shape.hostname ? { hostname: shape.hostname } : {}),
      ...(shape.subdomain ? { subdomain: shape.subdomain } : {}),
      containers: [{ name: 'c', image: 'nginx', ports }],
    },
  });
}

/** Posts the status of a running pod with this IP, Ready or not (the condition's time moves only when it changes). */
export async function setPodRunning(client: RestClient, name: string, ip: string, ready: boolean, namespace = 'default'): Promise<void> {
  const target = { ...podsOf(namespace), name };
  for (;;) {
    const pod = await client.get<Pod>(target);
    const now = metaTime(new Date());
    const old = pod.status?.conditions?.find((c) => c.type === 'Ready');
    const status = ready ? 'True' : 'False';
    const readyCondition = { type: 'Ready', status, lastTransitionTime: old?.status === status ? old.lastTransitionTime : now };
    try {
      await client.update({ ...target, subresource: 'status' }, { ...pod, status: { ...pod.status, phase: 'Running', podIP: ip, podIPs: [{ ip }], conditions: [readyCondition] } });
      return;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}
