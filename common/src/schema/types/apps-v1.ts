// The types of apps/v1.

import { apiName, boolean, field, int32, int64, list, pointer, ref, string, struct, type FieldDeclaration, type TypeDeclaration } from '../schema.ts';
import { daemonSetUpdateStrategyTypes, deploymentStrategyTypes, podManagementPolicyTypes, statefulSetUpdateStrategyTypes } from './enum-values.ts';
import { intOrStringName, kinds, labelSelectorName, listKind, objectMetaField, rawExtensionName, timeName, typeMetaFields } from './meta-v1.ts';

const apps = (type: string): string => apiName('apps', 'v1', type);
const podTemplateSpecName = apiName('core', 'v1', 'PodTemplateSpec');

/** The conditions list of a workload's status: a map keyed by type. */
const conditionsField = (protobuf: number, conditionType: string, description: string): FieldDeclaration =>
  field(protobuf, list(ref(apps(conditionType), { default: {} })), description, {
    listType: 'map',
    listMapKeys: ['type'],
    patchStrategy: 'merge',
    patchMergeKey: 'type',
  });

/** A workload condition with the common type/status/lastTransitionTime/reason/message fields. */
const workloadCondition = (conditionType: string, what: string): TypeDeclaration =>
  struct(apps(conditionType), `One aspect of a ${what}'s state at a point in time.`, {
    type: field(1, string({ default: '' }), 'Which aspect of the state the condition is about.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastTransitionTime: field(3, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status last changed, in CamelCase, for programs.'),
    message: field(5, string(), 'Why the status last changed, for people.'),
  });

export const appsV1Types: readonly TypeDeclaration[] = [
  // ControllerRevision
  struct(
    apps('ControllerRevision'),
    "An immutable snapshot of a controller's state, used by DaemonSets and StatefulSets for rollouts and rollbacks.",
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      data: field(2, ref(rawExtensionName), 'The snapshotted state, serialized.'),
      revision: field(3, int64({ default: 0 }), 'The revision number of the snapshot.', { required: true }),
    },
    { groupVersionKinds: kinds('ControllerRevision', ['apps/v1']) },
  ),
  listKind(apps('ControllerRevision'), 'apps/v1', 'A list of ControllerRevisions.'),

  // DaemonSet
  struct(
    apps('DaemonSet'),
    'Runs a copy of a pod on every eligible node.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(apps('DaemonSetSpec'), { default: {} }), 'The desired behavior of the daemon set.'),
      status: field(3, ref(apps('DaemonSetStatus'), { default: {} }), 'The observed state of the daemon set, set by the system.'),
    },
    { groupVersionKinds: kinds('DaemonSet', ['apps/v1']) },
  ),
  workloadCondition('DaemonSetCondition', 'daemon set'),
  listKind(apps('DaemonSet'), 'apps/v1', 'A list of DaemonSets.'),
  struct(apps('DaemonSetSpec'), 'The desired behavior of a daemon set.', {
    selector: pointer(field(1, ref(labelSelectorName), "Selects the pods the daemon set manages; must match the template's labels.", { required: true })),
    template: field(2, ref(podTemplateSpecName, { default: {} }), 'The pod to run on every eligible node.', { required: true }),
    updateStrategy: field(3, ref(apps('DaemonSetUpdateStrategy'), { default: {} }), 'How existing pods are replaced by new ones on update.'),
    minReadySeconds: field(4, int32(), 'How long a new pod must be ready, without crashing, to count as available.'),
    revisionHistoryLimit: pointer(field(6, int32(), 'How many old revisions to keep for rollback; 10 when unset.')),
  }),
  struct(apps('DaemonSetStatus'), 'The observed state of a daemon set.', {
    currentNumberScheduled: field(1, int32({ default: 0 }), 'Nodes running at least one daemon pod that should run it.', { required: true }),
    numberMisscheduled: field(2, int32({ default: 0 }), 'Nodes running the daemon pod that should not run it.', { required: true }),
    desiredNumberScheduled: field(3, int32({ default: 0 }), 'Nodes that should run the daemon pod.', { required: true }),
    numberReady: field(4, int32({ default: 0 }), 'Nodes that should run the daemon pod and have a ready one.', { required: true }),
    observedGeneration: field(5, int64(), 'The latest generation the controller has acted on.'),
    updatedNumberScheduled: field(6, int32(), 'Nodes running the updated daemon pod.'),
    numberAvailable: field(7, int32(), 'Nodes that should run the daemon pod and have an available one.'),
    numberUnavailable: field(8, int32(), 'Nodes that should run the daemon pod and have no available one.'),
    collisionCount: pointer(field(9, int32(), 'Hash collisions met when naming the newest ControllerRevision.')),
    conditions: conditionsField(10, 'DaemonSetCondition', "The latest observations of the daemon set's state."),
  }),
  struct(apps('DaemonSetUpdateStrategy'), 'How a daemon set replaces its pods on update.', {
    type: field(1, string({ enum: daemonSetUpdateStrategyTypes }), 'RollingUpdate or OnDelete; RollingUpdate when unset.'),
    rollingUpdate: pointer(field(2, ref(apps('RollingUpdateDaemonSet')), 'The rolling update parameters, when type is RollingUpdate.')),
  }),

  // Deployment
  struct(
    apps('Deployment'),
    'Declarative updates for pods through replica sets.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(apps('DeploymentSpec'), { default: {} }), 'The desired behavior of the deployment.'),
      status: field(3, ref(apps('DeploymentStatus'), { default: {} }), 'The observed state of the deployment.'),
    },
    { groupVersionKinds: kinds('Deployment', ['apps/v1']) },
  ),
  struct(apps('DeploymentCondition'), "One aspect of a deployment's state at a point in time.", {
    type: field(1, string({ default: '' }), 'Which aspect of the state the condition is about.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastUpdateTime: field(6, ref(timeName), 'When the condition was last updated.'),
    lastTransitionTime: field(7, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status last changed, in CamelCase, for programs.'),
    message: field(5, string(), 'Why the status last changed, for people.'),
  }),
  listKind(apps('Deployment'), 'apps/v1', 'A list of Deployments.'),
  struct(apps('DeploymentSpec'), 'The desired behavior of a deployment.', {
    replicas: pointer(field(1, int32(), 'How many pods are wanted; 1 when unset.')),
    selector: pointer(field(2, ref(labelSelectorName), "Selects the pods the deployment manages; must match the template's labels.", { required: true })),
    template: field(3, ref(podTemplateSpecName, { default: {} }), 'The pods to create.', { required: true }),
    strategy: field(4, ref(apps('DeploymentStrategy'), { default: {} }), 'How existing pods are replaced by new ones.', { patchStrategy: 'retainKeys' }),
    minReadySeconds: field(5, int32(), 'How long a new pod must be ready, without crashing, to count as available.'),
    revisionHistoryLimit: pointer(field(6, int32(), 'How many old replica sets to keep for rollback; 10 when unset.')),
    paused: field(7, boolean(), 'Whether the deployment is paused.'),
    progressDeadlineSeconds: pointer(field(9, int32(), 'How many seconds a rollout may go without progress before it counts as failed.')),
  }),
  struct(apps('DeploymentStatus'), 'The observed state of a deployment.', {
    observedGeneration: field(1, int64(), 'The latest generation the controller has acted on.'),
    replicas: field(2, int32(), 'Non-terminating pods the deployment targets.'),
    updatedReplicas: field(3, int32(), 'Non-terminating pods that have the desired template.'),
    readyReplicas: field(7, int32(), 'Non-terminating pods that are ready.'),
    availableReplicas: field(4, int32(), 'Non-terminating pods ready for at least minReadySeconds.'),
    unavailableReplicas: field(5, int32(), 'Pods still needed for the deployment to be fully available.'),
    terminatingReplicas: pointer(field(9, int32(), 'Pods being terminated that the deployment targets.')),
    conditions: conditionsField(6, 'DeploymentCondition', "The latest observations of the deployment's state."),
    collisionCount: pointer(field(8, int32(), 'Hash collisions met when naming the newest ReplicaSet.')),
  }),
  struct(apps('DeploymentStrategy'), 'How a deployment replaces existing pods with new ones.', {
    type: field(1, string({ enum: deploymentStrategyTypes }), 'Recreate or RollingUpdate; RollingUpdate when unset.'),
    rollingUpdate: pointer(field(2, ref(apps('RollingUpdateDeployment')), 'The rolling update parameters, when type is RollingUpdate.')),
  }),

  // ReplicaSet
  struct(
    apps('ReplicaSet'),
    'Keeps a given number of pod replicas running.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(apps('ReplicaSetSpec'), { default: {} }), 'The desired behavior of the replica set.'),
      status: field(3, ref(apps('ReplicaSetStatus'), { default: {} }), 'The observed state of the replica set.'),
    },
    { groupVersionKinds: kinds('ReplicaSet', ['apps/v1']) },
  ),
  workloadCondition('ReplicaSetCondition', 'replica set'),
  listKind(apps('ReplicaSet'), 'apps/v1', 'A list of ReplicaSets.'),
  struct(apps('ReplicaSetSpec'), 'The desired behavior of a replica set.', {
    replicas: pointer(field(1, int32(), 'How many pods are wanted; 1 when unset.')),
    minReadySeconds: field(4, int32(), 'How long a new pod must be ready, without crashing, to count as available.'),
    selector: pointer(field(2, ref(labelSelectorName), "Selects the pods the replica set counts; must match the template's labels.", { required: true })),
    template: field(3, ref(podTemplateSpecName, { default: {} }), 'The pods to create when too few exist.'),
  }),
  struct(apps('ReplicaSetStatus'), 'The observed state of a replica set.', {
    replicas: field(1, int32({ default: 0 }), 'Non-terminating pods last observed.', { required: true }),
    fullyLabeledReplicas: field(2, int32(), "Non-terminating pods carrying all the template's labels."),
    readyReplicas: field(4, int32(), 'Non-terminating pods that are ready.'),
    availableReplicas: field(5, int32(), 'Non-terminating pods ready for at least minReadySeconds.'),
    terminatingReplicas: pointer(field(7, int32(), 'Pods of the replica set being terminated.')),
    observedGeneration: field(3, int64(), 'The latest generation the controller has acted on.'),
    conditions: conditionsField(6, 'ReplicaSetCondition', "The latest observations of the replica set's state."),
  }),

  // Rolling update parameters
  struct(apps('RollingUpdateDaemonSet'), 'The parameters of a daemon set rolling update.', {
    maxUnavailable: pointer(field(1, ref(intOrStringName), 'How many daemon pods (or what percentage) may be unavailable during the update.')),
    maxSurge: pointer(field(2, ref(intOrStringName), 'How many nodes (or what percentage) may run an updated pod beside the old one during the update.')),
  }),
  struct(apps('RollingUpdateDeployment'), 'The parameters of a deployment rolling update.', {
    maxUnavailable: pointer(field(1, ref(intOrStringName), 'How many pods (or what percentage) may be unavailable during the update.')),
    maxSurge: pointer(field(2, ref(intOrStringName), 'How many pods (or what percentage) may exist above the desired number during the update.')),
  }),
  struct(apps('RollingUpdateStatefulSetStrategy'), 'The parameters of a stateful set rolling update.', {
    partition: pointer(field(1, int32(), 'The ordinal from which pods are updated; lower ordinals keep the old revision.')),
    maxUnavailable: pointer(field(2, ref(intOrStringName), 'How many pods (or what percentage) may be unavailable during the update.')),
  }),

  // StatefulSet
  struct(
    apps('StatefulSet'),
    'A set of pods with stable network and storage identities.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(apps('StatefulSetSpec'), { default: {} }), 'The desired identities of the pods in the set.'),
      status: field(3, ref(apps('StatefulSetStatus'), { default: {} }), 'The observed state of the pods in the set.'),
    },
    { groupVersionKinds: kinds('StatefulSet', ['apps/v1']) },
  ),
  workloadCondition('StatefulSetCondition', 'stateful set'),
  listKind(apps('StatefulSet'), 'apps/v1', 'A list of StatefulSets.'),
  struct(apps('StatefulSetOrdinals'), 'How the replicas of a stateful set are numbered.', {
    start: field(1, int32({ default: 0 }), 'The index of the first replica; 0 when unset.'),
  }),
  struct(apps('StatefulSetPersistentVolumeClaimRetentionPolicy'), 'What happens to the claims made from volume claim templates.', {
    whenDeleted: field(1, string(), 'Retain or Delete: what happens to the claims when the stateful set is deleted.'),
    whenScaled: field(2, string(), 'Retain or Delete: what happens to the claims of replicas removed by a scale down.'),
  }),
  struct(apps('StatefulSetSpec'), 'The desired behavior of a stateful set.', {
    replicas: pointer(field(1, int32(), 'How many replicas are wanted; 1 when unset.')),
    selector: pointer(field(2, ref(labelSelectorName), "Selects the pods the stateful set counts; must match the template's labels.", { required: true })),
    template: field(3, ref(podTemplateSpecName, { default: {} }), 'The pods to create, each with its own identity.', { required: true }),
    volumeClaimTemplates: field(4, list(ref(apiName('core', 'v1', 'PersistentVolumeClaim'), { default: {} })), 'Claims made for each pod, by name.', {
      listType: 'atomic',
    }),
    serviceName: field(5, string({ default: '' }), 'The service that gives the pods their network identity.'),
    podManagementPolicy: field(6, string({ enum: podManagementPolicyTypes }), 'OrderedReady or Parallel: how pods are created and removed.'),
    updateStrategy: field(7, ref(apps('StatefulSetUpdateStrategy'), { default: {} }), 'How pods are updated when the template changes.'),
    revisionHistoryLimit: pointer(field(8, int32(), 'How many old revisions to keep; 10 when unset.')),
    minReadySeconds: field(9, int32(), 'How long a new pod must be ready, without crashing, to count as available.'),
    persistentVolumeClaimRetentionPolicy: pointer(
      field(10, ref(apps('StatefulSetPersistentVolumeClaimRetentionPolicy')), 'What happens to the claims made from volume claim templates on deletion and scale down.'),
    ),
    ordinals: pointer(field(11, ref(apps('StatefulSetOrdinals')), 'How the replicas are numbered.')),
  }),
  struct(apps('StatefulSetStatus'), 'The observed state of a stateful set.', {
    observedGeneration: field(1, int64(), 'The latest generation the controller has acted on.'),
    replicas: field(2, int32({ default: 0 }), 'Pods the controller has created.', { required: true }),
    readyReplicas: field(3, int32(), 'Pods that are ready.'),
    currentReplicas: field(4, int32(), 'Pods created from the current revision.'),
    updatedReplicas: field(5, int32(), 'Pods created from the update revision.'),
    currentRevision: field(6, string(), 'The revision of the pods in [0, currentReplicas).'),
    updateRevision: field(7, string(), 'The revision of the pods in [replicas - updatedReplicas, replicas).'),
    collisionCount: pointer(field(9, int32(), 'Hash collisions met when naming the newest ControllerRevision.')),
    conditions: conditionsField(10, 'StatefulSetCondition', "The latest observations of the stateful set's state."),
    availableReplicas: field(11, int32({ default: 0 }), 'Pods ready for at least minReadySeconds.'),
  }),
  struct(apps('StatefulSetUpdateStrategy'), 'How a stateful set updates its pods.', {
    type: field(1, string({ enum: statefulSetUpdateStrategyTypes }), 'RollingUpdate or OnDelete; RollingUpdate when unset.'),
    rollingUpdate: pointer(field(2, ref(apps('RollingUpdateStatefulSetStrategy')), 'The rolling update parameters, when type is RollingUpdate.')),
  }),
];
