// kube's defaulting of the cluster-level kinds that have any: StorageClass, CSIDriver,
// PriorityClass, a Node's allocatable, LimitRange items, NetworkPolicy, EndpointSlice ports, the
// apiGroup of RBAC role references and user or group subjects, and an APIService's service port.

import type { JsonObject } from '../object-meta.ts';
import { defaultTo, defaultZeroTo, isObject, objectAt, objectOf, objectsAt } from './json-fields.ts';

const rbacGroup = 'rbac.authorization.k8s.io';

export function defaultStorageClass(storageClass: JsonObject): void {
  defaultTo(storageClass, 'reclaimPolicy', 'Delete');
  defaultTo(storageClass, 'volumeBindingMode', 'Immediate');
}

export function defaultCsiDriver(driver: JsonObject): void {
  const spec = objectAt(driver, 'spec');
  defaultTo(spec, 'attachRequired', true);
  defaultTo(spec, 'podInfoOnMount', false);
  defaultTo(spec, 'storageCapacity', false);
  defaultTo(spec, 'fsGroupPolicy', 'ReadWriteOnceWithFSType');
  defaultTo(spec, 'requiresRepublish', false);
  defaultTo(spec, 'volumeLifecycleModes', ['Persistent']);
  // SELinuxMountReadWriteOncePod is on by default in 1.35, and with it seLinuxMount defaults to false.
  defaultTo(spec, 'seLinuxMount', false);
}

export function defaultPriorityClass(priorityClass: JsonObject): void {
  defaultTo(priorityClass, 'preemptionPolicy', 'PreemptLowerPriority');
}

/** A Node that reports capacity but no allocatable has all of its capacity allocatable. */
export function defaultNode(node: JsonObject): void {
  if (!isObject(node.status) || !isObject(node.status.capacity)) return;
  defaultTo(node.status, 'allocatable', { ...node.status.capacity });
}

/**
 * A container item's default limit comes from its max, its default request from the default
 * limit, else from its min. (Maps left empty stay absent: kube omits them.)
 */
export function defaultLimitRange(limitRange: JsonObject): void {
  const spec = objectOf(limitRange.spec);
  for (const item of objectsAt(spec, 'limits')) {
    if (item.type !== 'Container') continue;
    const limits: JsonObject = objectOf(item.default);
    const requests: JsonObject = objectOf(item.defaultRequest);
    for (const [resource, value] of Object.entries(objectOf(item.max))) defaultTo(limits, resource, value);
    for (const [resource, value] of Object.entries(limits)) defaultTo(requests, resource, value);
    for (const [resource, value] of Object.entries(objectOf(item.min))) defaultTo(requests, resource, value);
    if (Object.keys(limits).length > 0) item.default = limits;
    if (Object.keys(requests).length > 0) item.defaultRequest = requests;
  }
}

export function defaultNetworkPolicy(policy: JsonObject): void {
  const spec = objectAt(policy, 'spec');
  for (const rule of [...objectsAt(spec, 'ingress'), ...objectsAt(spec, 'egress')]) {
    for (const port of objectsAt(rule, 'ports')) defaultTo(port, 'protocol', 'TCP');
  }
  if (!Array.isArray(spec.policyTypes) || spec.policyTypes.length === 0) {
    spec.policyTypes = Array.isArray(spec.egress) && spec.egress.length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
  }
}

export function defaultEndpointSlice(slice: JsonObject): void {
  for (const port of objectsAt(slice, 'ports')) {
    defaultTo(port, 'name', '');
    defaultTo(port, 'protocol', 'TCP');
  }
}

/** APIService (apiregistration.k8s.io/v1 SetDefaults_ServiceReference): the service's port is 443. */
export function defaultApiService(apiService: JsonObject): void {
  const spec = objectOf(apiService.spec);
  if (isObject(spec.service)) defaultTo(spec.service, 'port', 443);
}

/** RoleBinding and ClusterRoleBinding: the RBAC group on the role reference and on user and group subjects. */
export function defaultRoleBinding(binding: JsonObject): void {
  if (isObject(binding.roleRef)) defaultZeroTo(binding.roleRef, 'apiGroup', rbacGroup);
  for (const subject of objectsAt(binding, 'subjects')) {
    if (subject.kind === 'User' || subject.kind === 'Group') defaultZeroTo(subject, 'apiGroup', rbacGroup);
  }
}
