// The controller reference a workload sets on what it manages (the one ownerReference with
// controller: true), and the kinds of the workload controllers that set them.

import type { OwnerReference } from '@capstan/common/api-types/meta-v1';
import type { KubeObject, ResourceTarget } from '@capstan/common/client';

/** A workload kind: what its controller references are written with, and where it lives in the API. */
export interface ControllerKind {
  readonly apiVersion: string;
  readonly kind: string;
  readonly resource: ResourceTarget;
}

export const replicaSetKind: ControllerKind = { apiVersion: 'apps/v1', kind: 'ReplicaSet', resource: { group: 'apps', version: 'v1', resource: 'replicasets' } };
export const deploymentKind: ControllerKind = { apiVersion: 'apps/v1', kind: 'Deployment', resource: { group: 'apps', version: 'v1', resource: 'deployments' } };
export const statefulSetKind: ControllerKind = { apiVersion: 'apps/v1', kind: 'StatefulSet', resource: { group: 'apps', version: 'v1', resource: 'statefulsets' } };
export const daemonSetKind: ControllerKind = { apiVersion: 'apps/v1', kind: 'DaemonSet', resource: { group: 'apps', version: 'v1', resource: 'daemonsets' } };
export const replicationControllerKind: ControllerKind = {
  apiVersion: 'v1',
  kind: 'ReplicationController',
  resource: { group: '', version: 'v1', resource: 'replicationcontrollers' },
};
export const jobKind: ControllerKind = { apiVersion: 'batch/v1', kind: 'Job', resource: { group: 'batch', version: 'v1', resource: 'jobs' } };
export const cronJobKind: ControllerKind = { apiVersion: 'batch/v1', kind: 'CronJob', resource: { group: 'batch', version: 'v1', resource: 'cronjobs' } };

/** metav1.GetControllerOf: the ownerReference with controller: true, if any. */
export function controllerRefOf(object: KubeObject): OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find((reference) => reference.controller === true);
}

/** metav1.NewControllerRef: a reference to `owner` that marks it the controller and blocks its foreground deletion. */
export function newControllerRef(owner: KubeObject, kind: ControllerKind): OwnerReference {
  return {
    apiVersion: kind.apiVersion,
    kind: kind.kind,
    name: owner.metadata?.name ?? '',
    uid: owner.metadata?.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** "namespace/name", the key workload controllers queue and track objects by. */
export function namespacedKey(object: KubeObject): string {
  return `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;
}

/**
 * The owner of `object` of this kind named by its controller reference, if the owner is in the
 * store and is the same object (same uid): kube's resolveControllerRef.
 */
export function resolveControllerRef<O extends KubeObject>(object: KubeObject, kind: ControllerKind, get: (namespace: string, name: string) => O | undefined): O | undefined {
  const reference = controllerRefOf(object);
  if (reference === undefined || reference.kind !== kind.kind) return undefined;
  const owner = get(object.metadata?.namespace ?? '', reference.name);
  return owner?.metadata?.uid === reference.uid ? owner : undefined;
}
