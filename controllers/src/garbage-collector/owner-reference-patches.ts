// The patches the garbage collector sends: a strategic merge patch first (its metadata.uid makes
// sure it reaches the object the graph knows), and for resources that take no strategic merge
// patch (custom resources), a JSON merge patch of the whole list guarded by the resourceVersion.

import type { KubeObject } from '@capstan/common/client';
import { ownerReferencesOf, type OwnerReference } from './graph.ts';

export function deleteOwnerReferencesStrategicPatch(dependentUid: string, ownerUids: readonly string[]): unknown {
  return { metadata: { ownerReferences: ownerUids.map((uid) => ({ $patch: 'delete', uid })), uid: dependentUid } };
}

export function deleteOwnerReferencesMergePatch(current: KubeObject, ownerUids: readonly string[]): unknown {
  const kept = ownerReferencesOf(current).filter((reference) => !ownerUids.includes(reference.uid));
  return { metadata: { resourceVersion: current.metadata?.resourceVersion ?? '', ownerReferences: kept.length === 0 ? null : kept } };
}

/** Makes every blocking reference of the dependent non-blocking. */
export function unblockOwnerReferencesStrategicPatch(dependentUid: string, owners: readonly OwnerReference[]): unknown {
  const blocking = owners.filter((reference) => reference.blockOwnerDeletion === true).map((reference) => ({ ...reference, blockOwnerDeletion: false }));
  return { metadata: { ownerReferences: blocking, uid: dependentUid } };
}

export function unblockOwnerReferencesMergePatch(current: KubeObject, owners: readonly OwnerReference[]): unknown {
  const unblocked = owners.map((reference) => ({ ...reference, blockOwnerDeletion: false }));
  return { metadata: { resourceVersion: current.metadata?.resourceVersion ?? '', ownerReferences: unblocked.length === 0 ? null : unblocked } };
}

export function finalizersMergePatch(current: KubeObject, finalizers: readonly string[]): unknown {
  return { metadata: { resourceVersion: current.metadata?.resourceVersion ?? '', finalizers: finalizers.length === 0 ? null : finalizers } };
}
