// Which validation each kind gets besides its name: the metadata checks every kind has, and the
// kind's own where Capstan knows them. A create or update with any error answers kube's 422.

import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import { builtinResources } from '../../resources/builtin-resources.ts';
import { configMapErrors, secretErrors } from './config-validation.ts';
import { coreEventErrors, eventsV1CreateErrors, eventsV1EventErrors } from './event-validation.ts';
import { cronJobErrors } from './cron-job-validation.ts';
import { horizontalPodAutoscalerErrors } from './hpa-validation.ts';
import { ingressErrors } from './ingress-validation.ts';
import { networkPolicyErrors } from './network-policy-validation.ts';
import { clusterRoleBindingErrors, clusterRoleErrors, roleBindingErrors, roleErrors } from './rbac-validation.ts';
import { kubeFinalizerErrors, objectMetaErrors } from './object-meta-validation.ts';
import { podDisruptionBudgetErrors } from './pdb-validation.ts';
import { priorityClassErrors } from './priority-class-validation.ts';
import { persistentVolumeClaimErrors } from './pvc-validation.ts';
import { storageClassErrors } from './storage-class-validation.ts';
import { podSpecErrors } from './pod-validation.ts';
import { serviceErrors } from './service-validation.ts';
import { deploymentCountErrors, emptySelectorErrors, jobErrors, longRunningTemplateErrors, selectedWorkloadErrors, templatedWorkloadErrors } from './workload-validation.ts';
import type { KindValidation, KindValidator } from './kind-validation.ts';
import { apiControlKinds } from './api-control-kinds.ts';
import { coreClusterKinds } from './core-cluster-kinds.ts';
import { infrastructureKinds } from './infrastructure-kinds.ts';
import { resourceKinds } from './resource-kinds.ts';
import { kindKeyOf, lookup, type BuiltinKindKey } from '../../resources/builtin-keys.ts';

/**
 * The built-in groups whose kinds check metadata with apimachinery's ValidateObjectMeta alone
 * (admission, CRDs, the aggregator), or not at all (the reviews); the others, and not custom
 * resources, get core's ValidateObjectMeta with its standard finalizer rule.
 */
const genericMetadataGroups = new Set(['admissionregistration.k8s.io', 'apiextensions.k8s.io', 'apiregistration.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io']);
const coreMetadataKinds: ReadonlySet<string> = new Set(builtinResources.filter((resource) => !genericMetadataGroups.has(resource.group)).map(kindKeyOf));

const kindValidators: Readonly<Partial<Record<BuiltinKindKey, KindValidator>>> = {
  '/Pod': (pod) => podSpecErrors(pod.spec, 'spec'),
  '/ConfigMap': configMapErrors,
  '/Secret': secretErrors,
  '/Service': serviceErrors,
  '/ReplicationController': (rc) => [...templatedWorkloadErrors(rc), ...longRunningTemplateErrors(rc, 'ReplicationController')],
  'apps/Deployment': (deployment) => [
    ...emptySelectorErrors(deployment, 'deployment'),
    ...selectedWorkloadErrors(deployment),
    ...longRunningTemplateErrors(deployment, 'ReplicaSet'),
    ...deploymentCountErrors(deployment),
  ],
  'apps/ReplicaSet': (replicaSet) => [
    ...emptySelectorErrors(replicaSet, 'deployment'),
    ...selectedWorkloadErrors(replicaSet),
    ...longRunningTemplateErrors(replicaSet, 'ReplicaSet'),
  ],
  'apps/StatefulSet': (statefulSet) => [
    ...emptySelectorErrors(statefulSet, 'statefulset'),
    ...selectedWorkloadErrors(statefulSet),
    ...longRunningTemplateErrors(statefulSet, 'StatefulSet'),
  ],
  'apps/DaemonSet': (daemonSet) => [...emptySelectorErrors(daemonSet, 'daemonset'), ...selectedWorkloadErrors(daemonSet), ...longRunningTemplateErrors(daemonSet, 'DaemonSet')],
  'batch/Job': jobErrors,
  '/Event': coreEventErrors,
  '/PersistentVolumeClaim': persistentVolumeClaimErrors,
  'storage.k8s.io/StorageClass': storageClassErrors,
  'policy/PodDisruptionBudget': podDisruptionBudgetErrors,
  // Both autoscaling versions: the checks they share read the same fields.
  'autoscaling/HorizontalPodAutoscaler': horizontalPodAutoscalerErrors,
  'batch/CronJob': cronJobErrors,
  'rbac.authorization.k8s.io/Role': roleErrors,
  'rbac.authorization.k8s.io/ClusterRole': clusterRoleErrors,
  'rbac.authorization.k8s.io/RoleBinding': roleBindingErrors,
  'rbac.authorization.k8s.io/ClusterRoleBinding': clusterRoleBindingErrors,
  'networking.k8s.io/Ingress': ingressErrors,
  'networking.k8s.io/NetworkPolicy': networkPolicyErrors,
  'scheduling.k8s.io/PriorityClass': priorityClassErrors,
  'events.k8s.io/Event': eventsV1EventErrors,
};

/** What kube checks of a new object only, not of an updated one. */
const createValidators: Readonly<Partial<Record<BuiltinKindKey, KindValidator>>> = {
  'events.k8s.io/Event': eventsV1CreateErrors,
};

/** The kinds whose validation is registered by group, in their own tables. */
const groupedKinds: ReadonlyMap<string, KindValidation> = new Map<string, KindValidation>(
  [coreClusterKinds, infrastructureKinds, apiControlKinds, resourceKinds].flatMap((kinds) => Object.entries(kinds)),
);

/** A kind's update checks when its group's table has them. */
export const groupedUpdateValidator = (kindKey: string) => groupedKinds.get(kindKey)?.validateUpdate;

export function validationErrors(definition: Pick<ResourceDefinition, 'group' | 'kind'>, object: JsonObject, creating = false): FieldError[] {
  const key = kindKeyOf(definition);
  const grouped = groupedKinds.get(key);
  const own = lookup(kindValidators, key) ?? grouped?.validate;
  const onCreate = creating ? (lookup(createValidators, key) ?? grouped?.validateCreate) : undefined;
  return [
    ...objectMetaErrors(object),
    ...(coreMetadataKinds.has(key) ? kubeFinalizerErrors(object) : []),
    ...(own === undefined ? [] : own(object)),
    ...(onCreate === undefined ? [] : onCreate(object)),
  ];
}
