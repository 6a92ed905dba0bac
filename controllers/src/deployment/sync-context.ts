// What a Deployment sync works with: the controller's client and event recorder, its informers'
// ReplicaSets, the queue (to come back to a Deployment later) and the clock; and the writes it
// makes of the Deployment being synced, which keep its copy's resourceVersion current.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { ReadonlyObjectStore, RestClient } from '@capstan/common/client';
import { type EventRecorder, type EventType, involvedObjectOf } from '../event-recorder.ts';
import { deploymentKind, replicaSetKind } from '../workload/controller-ref.ts';
import type { Mutable } from './mutable.ts';

export interface SyncContext {
  readonly client: RestClient;
  readonly events: EventRecorder;
  readonly replicaSets: ReadonlyObjectStore<ReplicaSet>;
  /** Syncs the Deployment again after `delayMs`. */
  readonly requeueAfter: (deployment: Deployment, delayMs: number) => void;
  /** Syncs the Deployment again after its next backoff delay. */
  readonly requeueRateLimited: (deployment: Deployment) => void;
  readonly now: () => number;
}

/** The Deployment a sync changes as it goes (kube's DeepCopy of the informer's object). */
export type WorkingDeployment = Mutable<Deployment>;

export const deploymentsResource = deploymentKind.resource;
export const replicaSetsResource = replicaSetKind.resource;

export function recordEvent(context: SyncContext, deployment: Deployment, type: EventType, reason: string, message: string): void {
  void context.events.record(involvedObjectOf(deployment, deploymentKind.kind, deploymentKind.apiVersion), type, reason, message);
}

function deploymentTarget(deployment: Deployment, subresource?: string) {
  return { ...deploymentsResource, namespace: deployment.metadata?.namespace, name: deployment.metadata?.name, ...(subresource === undefined ? {} : { subresource }) };
}

/** Writes the working Deployment's status (and, as kube's status strategy allows, its annotations). */
export async function updateDeploymentStatus(context: SyncContext, deployment: WorkingDeployment): Promise<void> {
  const written = await context.client.update<Deployment>(deploymentTarget(deployment, 'status'), deployment as Deployment);
  (deployment.metadata ??= {}).resourceVersion = written.metadata?.resourceVersion;
}

/** Writes the working Deployment itself (a rollback changes its template and annotations). */
export async function updateDeployment(context: SyncContext, deployment: WorkingDeployment): Promise<void> {
  const written = await context.client.update<Deployment>(deploymentTarget(deployment), deployment as Deployment);
  (deployment.metadata ??= {}).resourceVersion = written.metadata?.resourceVersion;
}

export function updateReplicaSet(context: SyncContext, rs: Mutable<ReplicaSet>): Promise<ReplicaSet> {
  return context.client.update<ReplicaSet>({ ...replicaSetsResource, namespace: rs.metadata?.namespace, name: rs.metadata?.name }, rs as ReplicaSet);
}
