// What a Deployment reads of its ReplicaSets (kube's deploymentutil and controller helpers): which
// is the new one (same template) and which are old, the orders kube sorts them in, and the sums
// of their replicas.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { equalIgnoreHash } from './pod-template-hash.ts';
import { revisionOf } from './replica-set-annotations.ts';

/** spec.replicas of a ReplicaSet (defaulted to 1 by the API server). */
export function replicasOf(rs: ReplicaSet): number {
  return rs.spec?.replicas ?? 1;
}

function createdAt(rs: ReplicaSet): number {
  const time = Date.parse(rs.metadata?.creationTimestamp ?? '');
  return Number.isNaN(time) ? 0 : time;
}

/** ReplicaSetsByCreationTimestamp: older first, then by name. */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const difference = createdAt(a) - createdAt(b);
  if (difference !== 0) return difference;
  const nameA = a.metadata?.name ?? '';
  const nameB = b.metadata?.name ?? '';
  return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
}

/** ReplicaSetsBySizeOlder: larger first, older first among equals (scaling down). */
export function bySizeOlder(a: ReplicaSet, b: ReplicaSet): number {
  return replicasOf(b) - replicasOf(a) || byCreation(a, b);
}

/** ReplicaSetsBySizeNewer: larger first, newer first among equals (scaling up). */
export function bySizeNewer(a: ReplicaSet, b: ReplicaSet): number {
  return replicasOf(b) - replicasOf(a) || byCreation(b, a);
}

/** ReplicaSetsByRevision: lower revision first, by creation when revisions tie or cannot be read. */
export function byRevision(a: ReplicaSet, b: ReplicaSet): number {
  const revisionA = revisionOf(a);
  const revisionB = revisionOf(b);
  if (revisionA === undefined || revisionB === undefined || revisionA === revisionB) return byCreation(a, b);
  return revisionA < revisionB ? -1 : 1;
}

/** FilterActiveReplicaSets: those asked for at least one pod. */
export function activeReplicaSets(replicaSets: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return replicaSets.filter((rs): rs is ReplicaSet => rs !== undefined && replicasOf(rs) > 0);
}

/** FindNewReplicaSet: the oldest ReplicaSet whose template is the Deployment's (ignoring the hash label). */
export function findNewReplicaSet(deployment: Deployment, replicaSets: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...replicaSets].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, deployment.spec?.template));
}

/** FindOldReplicaSets (the second list): every ReplicaSet but the new one. */
export function findOldReplicaSets(deployment: Deployment, replicaSets: readonly ReplicaSet[]): ReplicaSet[] {
  const newUid = findNewReplicaSet(deployment, replicaSets)?.metadata?.uid;
  return replicaSets.filter((rs) => newUid === undefined || rs.metadata?.uid !== newUid);
}

/** FindActiveOrLatest: the only active ReplicaSet, or the newest when none is active; undefined when several are. */
export function findActiveOrLatest(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ReplicaSet | undefined {
  if (newRS === undefined && oldRSs.length === 0) return undefined;
  const newestFirst = [...oldRSs].sort((a, b) => byCreation(b, a));
  const active = activeReplicaSets([...newestFirst, newRS]);
  if (active.length === 0) return newRS ?? newestFirst[0];
  return active.length === 1 ? active[0] : undefined;
}

type Counted = readonly (ReplicaSet | undefined)[];

const sum = (replicaSets: Counted, count: (rs: ReplicaSet) => number): number => replicaSets.reduce((total, rs) => total + (rs === undefined ? 0 : count(rs)), 0);

/** GetReplicaCountForReplicaSets: the pods asked for. */
export const specReplicas = (replicaSets: Counted): number => sum(replicaSets, replicasOf);
/** GetActualReplicaCountForReplicaSets: the pods there are. */
export const actualReplicas = (replicaSets: Counted): number => sum(replicaSets, (rs) => rs.status?.replicas ?? 0);
export const readyReplicas = (replicaSets: Counted): number => sum(replicaSets, (rs) => rs.status?.readyReplicas ?? 0);
export const availableReplicas = (replicaSets: Counted): number => sum(replicaSets, (rs) => rs.status?.availableReplicas ?? 0);

/**
 * GetTerminatingReplicaCountForReplicaSets: the pods being deleted, or undefined when a ReplicaSet
 * its controller has synced does not say (a controller without the feature).
 */
export function terminatingReplicas(replicaSets: Counted): number | undefined {
  let total = 0;
  for (const rs of replicaSets) {
    if (rs === undefined) continue;
    const terminating = rs.status?.terminatingReplicas;
    if (terminating === undefined || terminating === null) {
      if ((rs.status?.observedGeneration ?? 0) === 0) continue;
      return undefined;
    }
    total += terminating;
  }
  return total;
}
