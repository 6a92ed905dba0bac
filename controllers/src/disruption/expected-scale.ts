// How many pods a PodDisruptionBudget expects when it counts in percent or by maxUnavailable: the
// sum of the scales of the pods' controllers (kube's getExpectedScale). Each controller is found as
// kube's finders find it: a ReplicationController, a Deployment through its ReplicaSet, a bare
// ReplicaSet, a StatefulSet (all read from informers), else any kind with a scale subresource.

import type { Pod } from '@capstan/common/api-types/core-v1';
import type { OwnerReference } from '@capstan/common/api-types/meta-v1';
import { isNotFound, type Informer, type KubeObject, type RestClient } from '@capstan/common/client';
import { controllerRefOf } from '../workload/controller-ref.ts';

type Scalable = KubeObject & { spec?: { replicas?: number } };

export interface ScaleSources {
  readonly client: RestClient;
  readonly replicationControllers: Informer<Scalable>;
  readonly replicaSets: Informer<Scalable>;
  readonly deployments: Informer<Scalable>;
  readonly statefulSets: Informer<Scalable>;
}

interface ControllerAndScale {
  readonly uid: string;
  readonly scale: number;
}

const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? (apiVersion.split('/')[0] as string) : '');

function isKind(reference: OwnerReference, kind: string, groups: readonly string[]): boolean {
  return reference.kind === kind && groups.includes(groupOf(reference.apiVersion));
}

/** The object of the informer named by the reference, if it is the same object (same uid). */
function resolve(informer: Informer<Scalable>, reference: OwnerReference, namespace: string): Scalable | undefined {
  const object = informer.store.get(namespace, reference.name);
  return object?.metadata?.uid === reference.uid ? object : undefined;
}

const scaleOf = (object: Scalable): ControllerAndScale => ({ uid: object.metadata?.uid ?? '', scale: object.spec?.replicas ?? 1 });

type Finder = (sources: ScaleSources, reference: OwnerReference, namespace: string) => Promise<ControllerAndScale | undefined> | ControllerAndScale | undefined;

const replicationControllerFinder: Finder = (sources, reference, namespace) => {
  if (!isKind(reference, 'ReplicationController', [''])) return undefined;
  const rc = resolve(sources.replicationControllers, reference, namespace);
  return rc === undefined ? undefined : scaleOf(rc);
};

const deploymentFinder: Finder = (sources, reference, namespace) => {
  if (!isKind(reference, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
  const rs = resolve(sources.replicaSets, reference, namespace);
  const owner = rs === undefined ? undefined : controllerRefOf(rs);
  if (owner === undefined || !isKind(owner, 'Deployment', ['apps', 'extensions'])) return undefined;
  const deployment = resolve(sources.deployments, owner, namespace);
  return deployment === undefined ? undefined : scaleOf(deployment);
};

const replicaSetFinder: Finder = (sources, reference, namespace) => {
  if (!isKind(reference, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
  const rs = resolve(sources.replicaSets, reference, namespace);
  if (rs === undefined || controllerRefOf(rs)?.kind === 'Deployment') return undefined;
  return scaleOf(rs);
};

const statefulSetFinder: Finder = (sources, reference, namespace) => {
  if (!isKind(reference, 'StatefulSet', ['apps'])) return undefined;
  const set = resolve(sources.statefulSets, reference, namespace);
  return set === undefined ? undefined : scaleOf(set);
};

interface ResourceList {
  readonly resources?: readonly { readonly name: string; readonly kind?: string }[];
}

/** Any other kind: its scale subresource, found through discovery (kube's RESTMapper). */
const scaleSubresourceFinder: Finder = async (sources, reference, namespace) => {
  const group = groupOf(reference.apiVersion);
  const version = reference.apiVersion.includes('/') ? (reference.apiVersion.split('/')[1] as string) : reference.apiVersion;
  const path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  let list: ResourceList;
  try {
    list = JSON.parse((await sources.client.request({ method: 'GET', path, accept: 'application/json' })).body.toString('utf8')) as ResourceList;
  } catch (error) {
    if (isNotFound(error)) throw new Error(`no matches for kind "${reference.kind}" in version "${reference.apiVersion}"`);
    throw error;
  }
  const resource = (list.resources ?? []).find((r) => r.kind === reference.kind && !r.name.includes('/'))?.name;
  if (resource === undefined) throw new Error(`no matches for kind "${reference.kind}" in version "${reference.apiVersion}"`);
  try {
    const scale = await sources.client.get<KubeObject & { spec?: { replicas?: number } }>({ group, version, resource, namespace, name: reference.name, subresource: 'scale' });
    return scale.metadata?.uid === reference.uid ? { uid: reference.uid, scale: scale.spec?.replicas ?? 0 } : undefined;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const implementsScale = (list.resources ?? []).some((r) => r.name === `${resource}/scale` && r.kind === 'Scale');
    if (!implementsScale) throw new Error(`${group === '' ? resource : `${resource}.${group}`} does not implement the scale subresource`);
    return undefined;
  }
};

const finders: readonly Finder[] = [replicationControllerFinder, deploymentFinder, replicaSetFinder, statefulSetFinder, scaleSubresourceFinder];

/** The expected count and the pods without a controller (which make a percentage meaningless). */
export async function expectedScale(sources: ScaleSources, pods: readonly Pod[]): Promise<{ expected: number; unmanaged: string[] }> {
  const scales = new Map<string, number>();
  const unmanaged: string[] = [];
  for (const pod of pods) {
    const reference = controllerRefOf(pod);
    if (reference === undefined) {
      unmanaged.push(pod.metadata?.name ?? '');
      continue;
    }
    if (scales.has(reference.uid)) continue;
    let found: ControllerAndScale | undefined;
    for (const finder of finders) {
      found = await finder(sources, reference, pod.metadata?.namespace ?? '');
      if (found !== undefined) break;
    }
    if (found === undefined) throw new Error(`found no controllers for pod "${pod.metadata?.name}"`);
    scales.set(found.uid, found.scale);
  }
  let expected = 0;
  for (const scale of scales.values()) expected += scale;
  return { expected, unmanaged };
}
