// Which defaulting each kind gets: applied to what a create, update or patch would store, before
// the kind's own preparation, as kube-apiserver defaults every object it decodes.

import type { JsonObject } from '../object-meta.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import {
  defaultFlowSchema,
  defaultMutatingWebhookConfiguration,
  defaultPriorityLevelConfiguration,
  defaultValidatingAdmissionPolicy,
  defaultValidatingAdmissionPolicyBinding,
  defaultValidatingWebhookConfiguration,
} from './admission-defaults.ts';
import {
  defaultApiService,
  defaultCsiDriver,
  defaultEndpointSlice,
  defaultLimitRange,
  defaultNetworkPolicy,
  defaultNode,
  defaultPriorityClass,
  defaultRoleBinding,
  defaultStorageClass,
} from './cluster-defaults.ts';
import { defaultEndpoints, defaultPersistentVolume, defaultPersistentVolumeClaim, defaultSecret, defaultService } from './core-defaults.ts';
import { objectAt } from './json-fields.ts';
import { defaultPod, defaultPodTemplateSpec } from './pod-defaults.ts';
import {
  defaultCronJob,
  defaultDaemonSet,
  defaultDeployment,
  defaultHorizontalPodAutoscaler,
  defaultJob,
  defaultReplicaSet,
  defaultReplicationController,
  defaultStatefulSet,
} from './workload-defaults.ts';
import { defaultResourceClaim, defaultResourceClaimTemplate } from './resource-defaults.ts';
import { kindKeyOf, lookup, type BuiltinKindKey } from '../../resources/builtin-keys.ts';

export type Defaulter = (object: JsonObject) => void;

const defaulters: Readonly<Partial<Record<BuiltinKindKey, Defaulter>>> = {
  '/Pod': defaultPod,
  '/PodTemplate': (template) => defaultPodTemplateSpec(objectAt(template, 'template')),
  '/ReplicationController': defaultReplicationController,
  '/Service': defaultService,
  '/Secret': defaultSecret,
  '/PersistentVolume': defaultPersistentVolume,
  '/PersistentVolumeClaim': defaultPersistentVolumeClaim,
  '/Endpoints': defaultEndpoints,
  'apps/Deployment': defaultDeployment,
  'apps/ReplicaSet': defaultReplicaSet,
  'apps/StatefulSet': defaultStatefulSet,
  'apps/DaemonSet': defaultDaemonSet,
  'batch/Job': defaultJob,
  'batch/CronJob': defaultCronJob,
  'autoscaling/HorizontalPodAutoscaler': defaultHorizontalPodAutoscaler,
  '/Node': defaultNode,
  '/LimitRange': defaultLimitRange,
  'storage.k8s.io/StorageClass': defaultStorageClass,
  'storage.k8s.io/CSIDriver': defaultCsiDriver,
  'scheduling.k8s.io/PriorityClass': defaultPriorityClass,
  'networking.k8s.io/NetworkPolicy': defaultNetworkPolicy,
  'resource.k8s.io/ResourceClaim': defaultResourceClaim,
  'resource.k8s.io/ResourceClaimTemplate': defaultResourceClaimTemplate,
  'discovery.k8s.io/EndpointSlice': defaultEndpointSlice,
  'rbac.authorization.k8s.io/RoleBinding': defaultRoleBinding,
  'rbac.authorization.k8s.io/ClusterRoleBinding': defaultRoleBinding,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': defaultValidatingWebhookConfiguration,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': defaultMutatingWebhookConfiguration,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': defaultValidatingAdmissionPolicy,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': defaultValidatingAdmissionPolicyBinding,
  'flowcontrol.apiserver.k8s.io/FlowSchema': defaultFlowSchema,
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': defaultPriorityLevelConfiguration,
  'apiregistration.k8s.io/APIService': defaultApiService,
};

export const defaulterFor = (definition: Pick<ResourceDefinition, 'group' | 'kind'>): Defaulter | undefined => lookup(defaulters, kindKeyOf(definition));
