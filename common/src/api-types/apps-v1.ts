// The types of io.k8s.api.apps.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { PersistentVolumeClaim, PodTemplateSpec } from './core-v1.ts';
import type { LabelSelector, ListMeta, ObjectMeta, Time } from './meta-v1.ts';
import type { RawExtension } from './runtime.ts';
import type { IntOrString } from './util-intstr.ts';

/** An immutable snapshot of a controller's state, used by DaemonSets and StatefulSets for rollouts and rollbacks. */
export interface ControllerRevision {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The snapshotted state, serialized. */
  readonly data?: RawExtension;
  /** The revision number of the snapshot. */
  readonly revision: number;
}

/** A list of ControllerRevisions. */
export interface ControllerRevisionList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ControllerRevision objects of this page. */
  readonly items: readonly ControllerRevision[];
}

/** Runs a copy of a pod on every eligible node. */
export interface DaemonSet {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired behavior of the daemon set. */
  readonly spec?: DaemonSetSpec;
  /** The observed state of the daemon set, set by the system. */
  readonly status?: DaemonSetStatus;
}

/** One aspect of a daemon set's state at a point in time. */
export interface DaemonSetCondition {
  /** Which aspect of the state the condition is about. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase, for programs. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** A list of DaemonSets. */
export interface DaemonSetList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The DaemonSet objects of this page. */
  readonly items: readonly DaemonSet[];
}

/** The desired behavior of a daemon set. */
export interface DaemonSetSpec {
  /** Selects the pods the daemon set manages; must match the template's labels. */
  readonly selector: LabelSelector;
  /** The pod to run on every eligible node. */
  readonly template: PodTemplateSpec;
  /** How existing pods are replaced by new ones on update. */
  readonly updateStrategy?: DaemonSetUpdateStrategy;
  /** How long a new pod must be ready, without crashing, to count as available. */
  readonly minReadySeconds?: number;
  /** How many old revisions to keep for rollback; 10 when unset. */
  readonly revisionHistoryLimit?: number;
}

/** The observed state of a daemon set. */
export interface DaemonSetStatus {
  /** Nodes running at least one daemon pod that should run it. */
  readonly currentNumberScheduled: number;
  /** Nodes running the daemon pod that should not run it. */
  readonly numberMisscheduled: number;
  /** Nodes that should run the daemon pod. */
  readonly desiredNumberScheduled: number;
  /** Nodes that should run the daemon pod and have a ready one. */
  readonly numberReady: number;
  /** The latest generation the controller has acted on. */
  readonly observedGeneration?: number;
  /** Nodes running the updated daemon pod. */
  readonly updatedNumberScheduled?: number;
  /** Nodes that should run the daemon pod and have an available one. */
  readonly numberAvailable?: number;
  /** Nodes that should run the daemon pod and have no available one. */
  readonly numberUnavailable?: number;
  /** Hash collisions met when naming the newest ControllerRevision. */
  readonly collisionCount?: number;
  /** The latest observations of the daemon set's state. */
  readonly conditions?: readonly DaemonSetCondition[];
}

/** How a daemon set replaces its pods on update. */
export interface DaemonSetUpdateStrategy {
  /** RollingUpdate or OnDelete; RollingUpdate when unset. */
  readonly type?: string;
  /** The rolling update parameters, when type is RollingUpdate. */
  readonly rollingUpdate?: RollingUpdateDaemonSet;
}

/** Declarative updates for pods through replica sets. */
export interface Deployment {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired behavior of the deployment. */
  readonly spec?: DeploymentSpec;
  /** The observed state of the deployment. */
  readonly status?: DeploymentStatus;
}

/** One aspect of a deployment's state at a point in time. */
export interface DeploymentCondition {
  /** Which aspect of the state the condition is about. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the condition was last updated. */
  readonly lastUpdateTime?: Time | null;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase, for programs. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** A list of Deployments. */
export interface DeploymentList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Deployment objects of this page. */
  readonly items: readonly Deployment[];
}

/** The desired behavior of a deployment. */
export interface DeploymentSpec {
  /** How many pods are wanted; 1 when unset. */
  readonly replicas?: number;
  /** Selects the pods the deployment manages; must match the template's labels. */
  readonly selector: LabelSelector;
  /** The pods to create. */
  readonly template: PodTemplateSpec;
  /** How existing pods are replaced by new ones. */
  readonly strategy?: DeploymentStrategy;
  /** How long a new pod must be ready, without crashing, to count as available. */
  readonly minReadySeconds?: number;
  /** How many old replica sets to keep for rollback; 10 when unset. */
  readonly revisionHistoryLimit?: number;
  /** Whether the deployment is paused. */
  readonly paused?: boolean;
  /** How many seconds a rollout may go without progress before it counts as failed. */
  readonly progressDeadlineSeconds?: number;
}

/** The observed state of a deployment. */
export interface DeploymentStatus {
  /** The latest generation the controller has acted on. */
  readonly observedGeneration?: number;
  /** Non-terminating pods the deployment targets. */
  readonly replicas?: number;
  /** Non-terminating pods that have the desired template. */
  readonly updatedReplicas?: number;
  /** Non-terminating pods that are ready. */
  readonly readyReplicas?: number;
  /** Non-terminating pods ready for at least minReadySeconds. */
  readonly availableReplicas?: number;
  /** Pods still needed for the deployment to be fully available. */
  readonly unavailableReplicas?: number;
  /** Pods being terminated that the deployment targets. */
  readonly terminatingReplicas?: number;
  /** The latest observations of the deployment's state. */
  readonly conditions?: readonly DeploymentCondition[];
  /** Hash collisions met when naming the newest ReplicaSet. */
  readonly collisionCount?: number;
}

/** How a deployment replaces existing pods with new ones. */
export interface DeploymentStrategy {
  /** Recreate or RollingUpdate; RollingUpdate when unset. */
  readonly type?: string;
  /** The rolling update parameters, when type is RollingUpdate. */
  readonly rollingUpdate?: RollingUpdateDeployment;
}

/** Keeps a given number of pod replicas running. */
export interface ReplicaSet {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired behavior of the replica set. */
  readonly spec?: ReplicaSetSpec;
  /** The observed state of the replica set. */
  readonly status?: ReplicaSetStatus;
}

/** One aspect of a replica set's state at a point in time. */
export interface ReplicaSetCondition {
  /** Which aspect of the state the condition is about. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase, for programs. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** A list of ReplicaSets. */
export interface ReplicaSetList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ReplicaSet objects of this page. */
  readonly items: readonly ReplicaSet[];
}

/** The desired behavior of a replica set. */
export interface ReplicaSetSpec {
  /** How many pods are wanted; 1 when unset. */
  readonly replicas?: number;
  /** How long a new pod must be ready, without crashing, to count as available. */
  readonly minReadySeconds?: number;
  /** Selects the pods the replica set counts; must match the template's labels. */
  readonly selector: LabelSelector;
  /** The pods to create when too few exist. */
  readonly template?: PodTemplateSpec;
}

/** The observed state of a replica set. */
export interface ReplicaSetStatus {
  /** Non-terminating pods last observed. */
  readonly replicas: number;
  /** Non-terminating pods carrying all the template's labels. */
  readonly fullyLabeledReplicas?: number;
  /** Non-terminating pods that are ready. */
  readonly readyReplicas?: number;
  /** Non-terminating pods ready for at least minReadySeconds. */
  readonly availableReplicas?: number;
  /** Pods of the replica set being terminated. */
  readonly terminatingReplicas?: number;
  /** The latest generation the controller has acted on. */
  readonly observedGeneration?: number;
  /** The latest observations of the replica set's state. */
  readonly conditions?: readonly ReplicaSetCondition[];
}

/** The parameters of a daemon set rolling update. */
export interface RollingUpdateDaemonSet {
  /** How many daemon pods (or what percentage) may be unavailable during the update. */
  readonly maxUnavailable?: IntOrString;
  /** How many nodes (or what percentage) may run an updated pod beside the old one during the update. */
  readonly maxSurge?: IntOrString;
}

/** The parameters of a deployment rolling update. */
export interface RollingUpdateDeployment {
  /** How many pods (or what percentage) may be unavailable during the update. */
  readonly maxUnavailable?: IntOrString;
  /** How many pods (or what percentage) may exist above the desired number during the update. */
  readonly maxSurge?: IntOrString;
}

/** The parameters of a stateful set rolling update. */
export interface RollingUpdateStatefulSetStrategy {
  /** The ordinal from which pods are updated; lower ordinals keep the old revision. */
  readonly partition?: number;
  /** How many pods (or what percentage) may be unavailable during the update. */
  readonly maxUnavailable?: IntOrString;
}

/** A set of pods with stable network and storage identities. */
export interface StatefulSet {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired identities of the pods in the set. */
  readonly spec?: StatefulSetSpec;
  /** The observed state of the pods in the set. */
  readonly status?: StatefulSetStatus;
}

/** One aspect of a stateful set's state at a point in time. */
export interface StatefulSetCondition {
  /** Which aspect of the state the condition is about. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase, for programs. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** A list of StatefulSets. */
export interface StatefulSetList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The StatefulSet objects of this page. */
  readonly items: readonly StatefulSet[];
}

/** How the replicas of a stateful set are numbered. */
export interface StatefulSetOrdinals {
  /** The index of the first replica; 0 when unset. */
  readonly start?: number;
}

/** What happens to the claims made from volume claim templates. */
export interface StatefulSetPersistentVolumeClaimRetentionPolicy {
  /** Retain or Delete: what happens to the claims when the stateful set is deleted. */
  readonly whenDeleted?: string;
  /** Retain or Delete: what happens to the claims of replicas removed by a scale down. */
  readonly whenScaled?: string;
}

/** The desired behavior of a stateful set. */
export interface StatefulSetSpec {
  /** How many replicas are wanted; 1 when unset. */
  readonly replicas?: number;
  /** Selects the pods the stateful set counts; must match the template's labels. */
  readonly selector: LabelSelector;
  /** The pods to create, each with its own identity. */
  readonly template: PodTemplateSpec;
  /** Claims made for each pod, by name. */
  readonly volumeClaimTemplates?: readonly PersistentVolumeClaim[];
  /** The service that gives the pods their network identity. */
  readonly serviceName?: string;
  /** OrderedReady or Parallel: how pods are created and removed. */
  readonly podManagementPolicy?: string;
  /** How pods are updated when the template changes. */
  readonly updateStrategy?: StatefulSetUpdateStrategy;
  /** How many old revisions to keep; 10 when unset. */
  readonly revisionHistoryLimit?: number;
  /** How long a new pod must be ready, without crashing, to count as available. */
  readonly minReadySeconds?: number;
  /** What happens to the claims made from volume claim templates on deletion and scale down. */
  readonly persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;
  /** How the replicas are numbered. */
  readonly ordinals?: StatefulSetOrdinals;
}

/** The observed state of a stateful set. */
export interface StatefulSetStatus {
  /** The latest generation the controller has acted on. */
  readonly observedGeneration?: number;
  /** Pods the controller has created. */
  readonly replicas: number;
  /** Pods that are ready. */
  readonly readyReplicas?: number;
  /** Pods created from the current revision. */
  readonly currentReplicas?: number;
  /** Pods created from the update revision. */
  readonly updatedReplicas?: number;
  /** The revision of the pods in [0, currentReplicas). */
  readonly currentRevision?: string;
  /** The revision of the pods in [replicas - updatedReplicas, replicas). */
  readonly updateRevision?: string;
  /** Hash collisions met when naming the newest ControllerRevision. */
  readonly collisionCount?: number;
  /** The latest observations of the stateful set's state. */
  readonly conditions?: readonly StatefulSetCondition[];
  /** Pods ready for at least minReadySeconds. */
  readonly availableReplicas?: number;
}

/** How a stateful set updates its pods. */
export interface StatefulSetUpdateStrategy {
  /** RollingUpdate or OnDelete; RollingUpdate when unset. */
  readonly type?: string;
  /** The rolling update parameters, when type is RollingUpdate. */
  readonly rollingUpdate?: RollingUpdateStatefulSetStrategy;
}
