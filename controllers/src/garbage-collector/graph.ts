// The garbage collector's ownerReferences graph: one node per object uid, pointing at the nodes of
// its dependents. A node is "virtual" while it stands for an owner that some dependent names but no
// informer has shown yet (it may never have existed).

import type { KubeObject } from '@capstan/common/client';

export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller?: boolean;
  readonly blockOwnerDeletion?: boolean;
}

/** Where an object is: an owner reference's coordinates and the namespace ("" when cluster-scoped or unknown). */
export interface ObjectIdentity {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly namespace: string;
}

export class GraphNode {
  identity: ObjectIdentity;
  owners: readonly OwnerReference[];
  readonly dependents = new Set<GraphNode>();
  /** Being deleted with the foregroundDeletion finalizer: waits for its blocking dependents. */
  deletingDependents: boolean;
  /** Has a deletionTimestamp: on its way out. */
  beingDeleted: boolean;
  virtual: boolean;

  constructor(identity: ObjectIdentity, init: { owners?: readonly OwnerReference[]; deletingDependents?: boolean; beingDeleted?: boolean; virtual?: boolean } = {}) {
    this.identity = identity;
    this.owners = init.owners ?? [];
    this.deletingDependents = init.deletingDependents ?? false;
    this.beingDeleted = init.beingDeleted ?? false;
    this.virtual = init.virtual ?? false;
  }

  /** The dependents whose reference to this node has blockOwnerDeletion set. */
  blockingDependents(): GraphNode[] {
    return [...this.dependents].filter((dependent) => dependent.owners.some((owner) => owner.uid === this.identity.uid && owner.blockOwnerDeletion === true));
  }
}

export const foregroundFinalizer = 'foregroundDeletion';
export const orphanFinalizer = 'orphan';

/** The identity an owner reference names, seen from a dependent in `namespace`. */
export function identityOfReference(reference: OwnerReference, namespace: string): ObjectIdentity {
  return { apiVersion: reference.apiVersion, kind: reference.kind, name: reference.name, uid: reference.uid, namespace };
}

export function sameIdentity(a: ObjectIdentity, b: ObjectIdentity): boolean {
  return a.uid === b.uid && a.name === b.name && a.kind === b.kind && a.apiVersion === b.apiVersion && a.namespace === b.namespace;
}

/** Whether a reference names the identity's uid, name, kind and apiVersion (the namespace aside). */
export function referenceMatches(reference: OwnerReference, identity: ObjectIdentity): boolean {
  return reference.uid === identity.uid && reference.name === identity.name && reference.kind === identity.kind && reference.apiVersion === identity.apiVersion;
}

/** kube's objectReference.String(), which its events and logs show. */
export function describeIdentity(identity: ObjectIdentity): string {
  return `[${identity.apiVersion}/${identity.kind}, namespace: ${identity.namespace}, name: ${identity.name}, uid: ${identity.uid}]`;
}

/** The object's ownerReferences; entries that are not references are left out. */
export function ownerReferencesOf(object: KubeObject): OwnerReference[] {
  const references = object.metadata?.ownerReferences;
  if (!Array.isArray(references)) return [];
  return references.filter((reference) => typeof reference === 'object' && reference !== null && typeof reference.uid === 'string' && typeof reference.name === 'string');
}

export function finalizersOf(object: KubeObject): string[] {
  const finalizers = object.metadata?.finalizers;
  return Array.isArray(finalizers) ? finalizers.filter((finalizer): finalizer is string => typeof finalizer === 'string') : [];
}

export function isBeingDeleted(object: KubeObject): boolean {
  return object.metadata?.deletionTimestamp !== undefined && object.metadata.deletionTimestamp !== null;
}
