// Test support for the ReplicaSet and ReplicationController tests: sets of a busybox-like
// template, their pods and events as read back from the API, and pods put on a node and made
// Running (ready or not) as the kubelet would post them, since no kubelet runs in these tests.

import type { ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Pod, ReplicationController } from '@capstan/common/api-types/core-v1';
import { metaTime } from '@capstan/common';
import { isConflict, type RestClient } from '@capstan/common/client';
import type { ReplicatedSet } from '../src/replicaset/replicated-kind.ts';
import { controllerRefOf } from '../src/workload/controller-ref.ts';
import { eventually } from './controller-fixture.ts';
import { events } from './simulated-kubelet.ts';

export { eventually, events };

export const namespace = 'default';
export const replicaSetsResource = { group: 'apps', version: 'v1', resource: 'replicasets', namespace } as const;
export const replicationControllersResource = { group: '', version: 'v1', resource: 'replicationcontrollers', namespace } as const;
export const podsResource = { group: '', version: 'v1', resource: 'pods', namespace } as const;

const template = (labels: Record<string, string>) => ({ metadata: { labels }, spec: { containers: [{ name: 'c', image: 'busybox', command: ['sleep', '3600'] }] } });

export function replicaSet(name: string, replicas: number, extra: { minReadySeconds?: number } = {}): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name },
    spec: { replicas, ...extra, selector: { matchLabels: { app: name } }, template: template({ app: name }) },
  };
}

export function replicationController(name: string, replicas: number): ReplicationController {
  return { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name }, spec: { replicas, selector: { app: name }, template: template({ app: name }) } };
}

/** The active pods the set with this uid controls, oldest first. */
export async function podsOf(client: RestClient, uid: string | undefined): Promise<Pod[]> {
  const { items } = await client.list<Pod>(podsResource);
  return items.filter((pod) => controllerRefOf(pod)?.uid === uid && !pod.metadata?.deletionTimestamp);
}

/** Waits until the set with this uid controls `count` active pods; answers them. */
export function waitForPods(client: RestClient, uid: string | undefined, count: number): Promise<Pod[]> {
  return eventually(`${count} pods of ${uid}`, async () => {
    const pods = await podsOf(client, uid);
    return pods.length === count ? pods : undefined;
  });
}

/** Waits until the set's status satisfies `test`; answers the set. */
export function waitForStatus(
  client: RestClient,
  resource: typeof replicaSetsResource | typeof replicationControllersResource,
  name: string,
  what: string,
  test: (set: ReplicatedSet) => boolean,
): Promise<ReplicatedSet> {
  return eventually(`${name}: ${what}`, async () => {
    const set = await client.get<ReplicatedSet>({ ...resource, name });
    return test(set) ? set : undefined;
  });
}

/** The (reason, message) of the events about the object, in the order they were first recorded. */
export async function eventsOf(client: RestClient, kind: string, name: string): Promise<{ reason: string; message: string; component: string | undefined }[]> {
  return (await events(client, namespace))
    .filter((event) => event.involvedObject.kind === kind && event.involvedObject.name === name)
    .sort((a, b) => String(a.metadata?.creationTimestamp).localeCompare(String(b.metadata?.creationTimestamp)))
    .map((event) => ({ reason: event.reason, message: event.message, component: event.source?.component }));
}

/** Binds the pod to `node` (as the scheduler does) and posts a Running status, Ready or not, as a kubelet would. */
export async function runPod(client: RestClient, pod: Pod, ready: boolean, node = 'node-a'): Promise<void> {
  const name = pod.metadata?.name ?? '';
  if (!pod.spec?.nodeName) {
    await client.create({ ...podsResource, name, subresource: 'binding' }, { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { kind: 'Node', name: node } });
  }
  await setReady(client, name, ready);
}

/** Posts the pod's Ready condition (and phase Running), moving its lastTransitionTime when it changes. */
export async function setReady(client: RestClient, name: string, ready: boolean): Promise<void> {
  for (;;) {
    const current = await client.get<Pod>({ ...podsResource, name });
    const now = metaTime(Date.now());
    const status = ready ? 'True' : 'False';
    const old = current.status?.conditions?.find((condition) => condition.type === 'Ready');
    const lastTransitionTime = old?.status === status ? old.lastTransitionTime : now;
    const conditions = ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready'].map((type) => ({
      type,
      status: type === 'PodScheduled' || type === 'Initialized' ? 'True' : status,
      lastTransitionTime: type === 'Ready' ? lastTransitionTime : now,
    }));
    try {
      await client.update(
        { ...podsResource, name, subresource: 'status' },
        { ...current, status: { ...current.status, phase: 'Running', conditions, startTime: current.status?.startTime ?? now } },
      );
      return;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}
