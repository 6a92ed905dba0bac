// What tells a ReplicaSet from a ReplicationController to the one controller that runs both (kube
// runs its ReplicaSet controller over ReplicationControllers converted to ReplicaSets): the kind,
// the events' component, the selector's shape, and whether status.terminatingReplicas is kept.

import type { PodTemplateSpec, ReplicationController } from '@capstan/common/api-types/core-v1';
import type { LabelSelector } from '@capstan/common/api-types/meta-v1';
import type { ReplicaSet, ReplicaSetStatus } from '@capstan/common/api-types/apps-v1';
import type { KubeObject } from '@capstan/common/client';
import { type ControllerKind, replicaSetKind, replicationControllerKind } from '../workload/controller-ref.ts';

/** A ReplicaSet or a ReplicationController, as far as the controller reads them. */
export interface ReplicatedSet extends KubeObject {
  readonly spec?: { readonly replicas?: number; readonly minReadySeconds?: number; readonly template?: PodTemplateSpec };
  /** A ReplicaSet's status (a ReplicationController's is the same without terminatingReplicas). */
  readonly status?: ReplicaSetStatus;
}

export interface ReplicatedKind {
  readonly kind: ControllerKind;
  /** The component of the events the controller records (the source kube gives its recorder). */
  readonly component: string;
  /** kube's name of the controller's work queue. */
  readonly queueName: string;
  /** The set's selector as a metav1 selector (a ReplicationController's map is its matchLabels). */
  selectorOf(set: ReplicatedSet): LabelSelector | undefined;
  /** Whether status.terminatingReplicas is kept (DeploymentReplicaSetTerminatingReplicas, beta and on in 1.35, for ReplicaSets only). */
  readonly countsTerminating: boolean;
}

export const replicaSets: ReplicatedKind = {
  kind: replicaSetKind,
  component: 'replicaset-controller',
  queueName: 'replicaset',
  selectorOf: (set) => (set as ReplicaSet).spec?.selector,
  countsTerminating: true,
};

export const replicationControllers: ReplicatedKind = {
  kind: replicationControllerKind,
  component: 'replication-controller',
  queueName: 'replicationmanager',
  selectorOf: (set) => {
    const selector = (set as ReplicationController).spec?.selector;
    return selector === undefined || selector === null ? undefined : { matchLabels: { ...selector } };
  },
  countsTerminating: false,
};
