// persistentVolumeClaimRetentionPolicy as owner references on a pod's claims, as kube sets them:
// Retain/Retain no reference; whenDeleted Delete a controller reference to the set; whenScaled
// Delete a controller reference to the pod once it is scaled away (out of the ordinal range), so
// that the garbage collector deletes the claim with its owner. A claim referenced by a set or pod
// of the same name but another uid, or controlled by someone else, is left alone.

import type { StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim, Pod } from '@capstan/common/api-types/core-v1';
import type { OwnerReference } from '@capstan/common/api-types/meta-v1';
import type { KubeObject } from '@capstan/common/client';
import { type ControllerKind, newControllerRef, statefulSetKind } from '../workload/controller-ref.ts';
import { podInOrdinalRange } from './stateful-pod-identity.ts';

const podKind: ControllerKind = { apiVersion: 'v1', kind: 'Pod', resource: { group: '', version: 'v1', resource: 'pods' } };

export interface RetentionPolicy {
  readonly whenDeleted: 'Retain' | 'Delete';
  readonly whenScaled: 'Retain' | 'Delete';
}

export function retentionPolicy(set: StatefulSet): RetentionPolicy {
  const policy = set.spec?.persistentVolumeClaimRetentionPolicy;
  return { whenDeleted: policy?.whenDeleted === 'Delete' ? 'Delete' : 'Retain', whenScaled: policy?.whenScaled === 'Delete' ? 'Delete' : 'Retain' };
}

function matchesRef(reference: OwnerReference, object: KubeObject, kind: ControllerKind): boolean {
  return reference.apiVersion === kind.apiVersion && reference.kind === kind.kind && reference.name === object.metadata?.name;
}

function references(claim: PersistentVolumeClaim): readonly OwnerReference[] {
  return claim.metadata?.ownerReferences ?? [];
}

function hasOwnerRef(claim: PersistentVolumeClaim, owner: KubeObject): boolean {
  return references(claim).some((reference) => reference.uid === owner.metadata?.uid);
}

/** A reference naming the object (by kind and name) with another uid: left by an earlier object of the name. */
export function hasStaleOwnerRef(claim: PersistentVolumeClaim, object: KubeObject, kind: ControllerKind): boolean {
  const reference = references(claim).find((r) => matchesRef(r, object, kind));
  return reference !== undefined && reference.uid !== object.metadata?.uid;
}

export function hasStalePodRef(claim: PersistentVolumeClaim, pod: Pod): boolean {
  return hasStaleOwnerRef(claim, pod, podKind);
}

/** hasUnexpectedController: under a Delete policy, a controller other than this set or pod (or a stale one). */
export function hasUnexpectedController(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  const policy = retentionPolicy(set);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Retain') return false;
  for (const reference of references(claim)) {
    if (matchesRef(reference, set, statefulSetKind)) {
      if (reference.uid !== set.metadata?.uid) return true;
      continue;
    }
    if (matchesRef(reference, pod, podKind)) {
      if (reference.uid !== pod.metadata?.uid) return true;
      continue;
    }
    if (reference.controller === true) return true;
  }
  return false;
}

function hasNonControllerOwner(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  return references(claim).some((reference) => (reference.uid === set.metadata?.uid || reference.uid === pod.metadata?.uid) && reference.controller !== true);
}

/** isClaimOwnerUpToDate: the claim's references already say what the policy wants (or must not be touched). */
export function isClaimOwnerUpToDate(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  if (hasStaleOwnerRef(claim, set, statefulSetKind) || hasStaleOwnerRef(claim, pod, podKind)) return true;
  if (hasUnexpectedController(claim, set, pod)) return !(hasOwnerRef(claim, set) || hasOwnerRef(claim, pod));
  if (hasNonControllerOwner(claim, set, pod)) return false;
  const policy = retentionPolicy(set);
  const scaledDown = !podInOrdinalRange(pod, set);
  const wantSet = policy.whenDeleted === 'Delete' && !(policy.whenScaled === 'Delete' && scaledDown);
  const wantPod = policy.whenScaled === 'Delete' && scaledDown;
  return hasOwnerRef(claim, set) === wantSet && hasOwnerRef(claim, pod) === wantPod;
}

/** updateClaimOwnerRefForSetAndPod: the claim's references as the policy wants them. */
export function claimOwnerReferences(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): OwnerReference[] {
  const unexpected = hasUnexpectedController(claim, set, pod);
  let refs = references(claim).filter((reference) => !matchesRef(reference, set, statefulSetKind) && !matchesRef(reference, pod, podKind));
  if (unexpected) return refs;
  const policy = retentionPolicy(set);
  const scaledDown = !podInOrdinalRange(pod, set);
  const add = (owner: KubeObject, kind: ControllerKind): void => {
    if (!refs.some((reference) => reference.uid === owner.metadata?.uid)) refs = [...refs, newControllerRef(owner, kind)];
  };
  if (policy.whenScaled === 'Delete' && scaledDown) add(pod, podKind);
  else if (policy.whenDeleted === 'Delete') add(set, statefulSetKind);
  return refs;
}
