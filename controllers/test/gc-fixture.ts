// Test support for the garbage collector's tests: one API server and garbage collector shared by a
// file's tests (each test works in a namespace of its own), objects with ownerReferences, and a way
// to know the collector has seen everything created so far in a resource.

import type { ExecutionContext } from 'ava';
import { isNotFound, type KubeObject, type ResourceTarget } from '@capstan/common/client';
import type { ControllerDefinition } from '../src/controller.ts';
import type { OwnerReference } from '../src/garbage-collector/graph.ts';
import { runControllers, startCluster, type TestCluster } from './controller-fixture.ts';
import { eventually } from './controller-fixture.ts';

export { eventually };

export type Meta = {
  name: string;
  namespace?: string;
  uid: string;
  resourceVersion: string;
  deletionTimestamp?: string;
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
};
export type Obj = KubeObject & { metadata: Meta };

export interface SharedCluster {
  /** Starts the cluster and the controllers (in test.before). */
  start(controllers: readonly ControllerDefinition[]): Promise<TestCluster>;
  /** Stops them (in test.after.always). */
  stop(): Promise<void>;
}

/** One cluster for all the tests of a file: ava runs a hook's teardowns as soon as the hook ends. */
export function sharedCluster(): SharedCluster {
  const teardowns: (() => unknown)[] = [];
  const hookContext = { teardown: (fn: () => unknown) => void teardowns.push(fn) } as unknown as ExecutionContext;
  return {
    async start(controllers) {
      const cluster = await startCluster(hookContext);
      runControllers(hookContext, cluster, controllers, { concurrentGcSyncs: 5 });
      return cluster;
    },
    async stop() {
      for (const teardown of teardowns.reverse()) await teardown();
    },
  };
}

export const configMaps = (namespace: string): ResourceTarget => ({ group: '', version: 'v1', resource: 'configmaps', namespace });
export const secrets = (namespace: string): ResourceTarget => ({ group: '', version: 'v1', resource: 'secrets', namespace });

export async function createNamespace(cluster: TestCluster, name: string): Promise<void> {
  await cluster.client.create({ group: '', version: 'v1', resource: 'namespaces' }, { metadata: { name } });
}

export function ownerReference(owner: Obj, kind: string, apiVersion: string, blockOwnerDeletion?: boolean): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name, uid: owner.metadata.uid, ...(blockOwnerDeletion === undefined ? {} : { blockOwnerDeletion }) };
}

export async function create(cluster: TestCluster, target: ResourceTarget, name: string, metadata: Partial<Meta> = {}): Promise<Obj> {
  return cluster.client.create<Obj>(target, { metadata: { name, ...metadata } });
}

/** The object, or undefined once it is gone. */
export async function read(cluster: TestCluster, target: ResourceTarget, name: string): Promise<Obj | undefined> {
  try {
    return await cluster.client.get<Obj>({ ...target, name });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export function gone(cluster: TestCluster, target: ResourceTarget, name: string, timeoutMs?: number): Promise<true> {
  return eventually(`${target.resource} ${name} to be gone`, async () => ((await read(cluster, target, name)) === undefined ? true : undefined), timeoutMs);
}

/**
 * Resolves once the collector has seen every object created so far in the resource: a sentinel
 * owned by an owner that never existed is created after them and collected, and an informer
 * delivers a resource's events in order.
 */
export async function collectorHasSeen(cluster: TestCluster, target: ResourceTarget): Promise<void> {
  const name = `sentinel-${Math.random().toString(36).slice(2, 10)}`;
  await create(cluster, target, name, { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'never-existed', uid: `never-${name}` }] });
  await gone(cluster, target, name);
}
