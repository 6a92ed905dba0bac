// kube's GraphBuilder: turns the informers' events (and the collector's own "virtual" deletes of
// owners the API server does not have) into the ownerReferences graph, and queues what may need
// work: attemptToDelete for objects that may have lost their owners (and owners waiting for their
// dependents), attemptToOrphan for owners deleted with the orphan finalizer. Changes are applied
// as they come, in order, in one thread: nothing else writes the graph.

import { isDeepStrictEqual } from 'node:util';
import type { KubeObject } from '@capstan/common/client';
import { WorkQueue } from '../work-queue.ts';
import { AbsentOwnerCache } from './absent-owner-cache.ts';
import {
  finalizersOf,
  foregroundFinalizer,
  GraphNode,
  identityOfReference,
  isBeingDeleted,
  orphanFinalizer,
  ownerReferencesOf,
  referenceMatches,
  sameIdentity,
  type ObjectIdentity,
  type OwnerReference,
} from './graph.ts';

export interface GraphChange {
  readonly type: 'add' | 'update' | 'delete';
  /** Made by the collector once the API server said the object is gone, not seen by an informer. */
  readonly virtual?: boolean;
  readonly object: KubeObject;
  readonly oldObject?: KubeObject;
  /** Of the resource the informer watches (a metadata-only object does not carry its own). */
  readonly apiVersion: string;
  readonly kind: string;
}

/** Told of a dependent whose owner reference names an object in another namespace. */
export type InvalidNamespaceReporter = (dependent: GraphNode, owner: OwnerReference) => void;

/** kube's DefaultControllerRateLimiter goes up to 1000 s between retries of one item. */
const queueOptions = { maxDelayMs: 1_000_000 };

export class GraphBuilder {
  readonly #nodes = new Map<string, GraphNode>();
  readonly #reportInvalidNamespace: InvalidNamespaceReporter;
  /** Keys from attemptToDeleteKey. */
  readonly attemptToDelete = new WorkQueue({ name: 'garbage_collector_attempt_to_delete', ...queueOptions });
  /** Keys are uids. */
  readonly attemptToOrphan = new WorkQueue({ name: 'garbage_collector_attempt_to_orphan', ...queueOptions });
  readonly absentOwnerCache = new AbsentOwnerCache();

  constructor(reportInvalidNamespace: InvalidNamespaceReporter) {
    this.#reportInvalidNamespace = reportInvalidNamespace;
  }

  node(uid: string): GraphNode | undefined {
    return this.#nodes.get(uid);
  }

  enqueueAttemptToDelete(node: GraphNode): void {
    this.attemptToDelete.add(attemptToDeleteKey(node));
  }

  /** The API server has no object with this identity: the graph forgets it. */
  enqueueVirtualDelete(identity: ObjectIdentity): void {
    this.process({
      type: 'delete',
      virtual: true,
      object: { metadata: { name: identity.name, uid: identity.uid, ...(identity.namespace === '' ? {} : { namespace: identity.namespace }) } },
      apiVersion: identity.apiVersion,
      kind: identity.kind,
    });
  }

  process(change: GraphChange): void {
    const uid = change.object.metadata?.uid;
    if (typeof uid !== 'string' || uid === '') return;
    const existing = this.#nodes.get(uid);
    if (existing !== undefined && change.virtual !== true && existing.virtual) this.#observe(existing, identityOf(change));
    if (change.type === 'delete') {
      if (existing !== undefined) this.#processDelete(existing, change);
      return;
    }
    const object = change.object;
    if (existing === undefined) {
      const node = new GraphNode(identityOf(change), {
        owners: ownerReferencesOf(object),
        beingDeleted: isBeingDeleted(object),
        deletingDependents: isBeingDeleted(object) && finalizersOf(object).includes(foregroundFinalizer),
      });
      this.#nodes.set(uid, node);
      this.#addDependentToOwners(node, node.owners);
      // An informer may fold a creation and a deletion into one event: look at it as a transition too.
      this.#processTransitions(change.oldObject, object, node);
      return;
    }
    if (change.virtual !== true && (existing.identity.apiVersion !== change.apiVersion || existing.identity.kind !== change.kind)) {
      existing.identity = { ...existing.identity, apiVersion: change.apiVersion, kind: change.kind };
    }
    const owners = ownerReferencesOf(object);
    const { added, removed, changed } = referencesDiffs(existing.owners, owners);
    if (added.length > 0 || removed.length > 0 || changed.length > 0) {
      this.#addUnblockedOwnersToDeleteQueue(removed, changed);
      existing.owners = owners;
      this.#addDependentToOwners(existing, added);
      for (const owner of removed) this.#nodes.get(owner.uid)?.dependents.delete(existing);
    }
    if (isBeingDeleted(object)) existing.beingDeleted = true;
    this.#processTransitions(change.oldObject, object, existing);
  }

  /**
   * A virtual node's object is seen at last. Dependents that named it with other coordinates (kind,
   * name, or a namespace it is not in) may point at nothing: they are checked again.
   */
  #observe(node: GraphNode, observed: ObjectIdentity): void {
    if (!sameIdentity(observed, node.identity)) {
      const { nonMatching } = partitionDependents([...node.dependents], observed);
      for (const dependent of nonMatching) {
        if (observed.namespace !== '' && dependent.identity.namespace !== observed.namespace) this.#reportInvalid(dependent, observed.uid);
        this.enqueueAttemptToDelete(dependent);
      }
      node.identity = observed;
    }
    node.virtual = false;
  }

  #processDelete(existing: GraphNode, change: GraphChange): void {
    let remove = true;
    if (change.virtual === true) {
      const deleted = identityOf(change);
      if (existing.virtual) {
        // Not sure of its coordinates: dependents naming it otherwise keep the node alive under another identity.
        const { matching, nonMatching } = partitionDependents([...existing.dependents], deleted);
        if (nonMatching.length > 0) {
          remove = false;
          this.#collectDependents(deleted, matching);
          if (sameIdentity(existing.identity, deleted)) {
            const replacement = alternateOwnerIdentity(nonMatching, deleted);
            if (replacement !== undefined) {
              existing.identity = replacement;
              this.attemptToDelete.addRateLimited(attemptToDeleteKey(existing));
            }
          }
        }
      } else if (!sameIdentity(existing.identity, deleted)) {
        // The object is there under other coordinates: only the dependents that named the absent ones lost their owner.
        remove = false;
        this.#collectDependents(deleted, partitionDependents([...existing.dependents], deleted).matching);
      }
    }
    if (!remove) return;
    this.#nodes.delete(existing.identity.uid);
    for (const owner of existing.owners) this.#nodes.get(owner.uid)?.dependents.delete(existing);
    if (existing.dependents.size > 0) this.absentOwnerCache.add(identityOf(change));
    for (const dependent of existing.dependents) this.enqueueAttemptToDelete(dependent);
    for (const owner of existing.owners) {
      const ownerNode = this.#nodes.get(owner.uid);
      // An owner deleting in the foreground may be waiting for this very dependent.
      if (ownerNode?.deletingDependents === true) this.enqueueAttemptToDelete(ownerNode);
    }
  }

  #collectDependents(absent: ObjectIdentity, dependents: readonly GraphNode[]): void {
    if (dependents.length === 0) return;
    this.absentOwnerCache.add(absent);
    for (const dependent of dependents) this.enqueueAttemptToDelete(dependent);
  }

  /**
   * Adds the node to its owners' dependents; an owner not in the graph gets a virtual node, queued
   * so that the API server is asked whether it exists.
   */
  #addDependentToOwners(node: GraphNode, owners: readonly OwnerReference[]): void {
    let potentiallyInvalid = false;
    for (const owner of owners) {
      const ownerNode = this.#nodes.get(owner.uid);
      if (ownerNode === undefined) {
        const virtual = new GraphNode(identityOfReference(owner, node.identity.namespace), { virtual: true });
        virtual.dependents.add(node);
        this.#nodes.set(owner.uid, virtual);
        this.enqueueAttemptToDelete(virtual);
        continue;
      }
      ownerNode.dependents.add(node);
      if (potentiallyInvalid) continue;
      const ownerNamespace = ownerNode.identity.namespace;
      if (ownerNamespace !== '' && ownerNamespace !== node.identity.namespace) {
        // A namespaced owner can only own objects of its own namespace; a cluster-scoped one, anything.
        if (!ownerNode.virtual) this.#reportInvalid(node, owner.uid);
        potentiallyInvalid = true;
      } else if (!referenceMatches(owner, ownerNode.identity)) {
        potentiallyInvalid = true;
      } else if (ownerNamespace === '' && node.identity.namespace !== '' && ownerNode.virtual) {
        // Perhaps a namespaced owner a cluster-scoped object named first: check this dependent's owners.
        potentiallyInvalid = true;
      }
    }
    if (potentiallyInvalid) this.enqueueAttemptToDelete(node);
  }

  #reportInvalid(dependent: GraphNode, ownerUid: string): void {
    const owner = dependent.owners.find((reference) => reference.uid === ownerUid);
    if (owner !== undefined) this.#reportInvalidNamespace(dependent, owner);
  }

  /** A blocking reference removed or made non-blocking may be what a foreground deletion waited for. */
  #addUnblockedOwnersToDeleteQueue(removed: readonly OwnerReference[], changed: readonly ChangedReference[]): void {
    for (const reference of removed) {
      const owner = this.#nodes.get(reference.uid);
      if (reference.blockOwnerDeletion === true && owner !== undefined) this.enqueueAttemptToDelete(owner);
    }
    for (const { before, after } of changed) {
      const owner = this.#nodes.get(after.uid);
      if (before.blockOwnerDeletion === true && after.blockOwnerDeletion !== true && owner !== undefined) this.enqueueAttemptToDelete(owner);
    }
  }

  #processTransitions(oldObject: KubeObject | undefined, object: KubeObject, node: GraphNode): void {
    if (deletionStartsWithFinalizer(oldObject, object, orphanFinalizer)) {
      this.attemptToOrphan.add(node.identity.uid);
      return;
    }
    if (deletionStartsWithFinalizer(oldObject, object, foregroundFinalizer)) {
      // A node made virtual never knew it deletes in the foreground: it does now.
      node.deletingDependents = true;
      for (const dependent of node.dependents) this.enqueueAttemptToDelete(dependent);
      this.enqueueAttemptToDelete(node);
    }
  }
}

/**
 * A node queued while virtual keeps a key of its own (kube queues the node itself): once the object
 * is seen, or found gone, that entry has nothing left to do, while the object's own entry does.
 */
export function attemptToDeleteKey(node: GraphNode): string {
  return node.virtual ? `virtual/${node.identity.uid}` : node.identity.uid;
}

export function parseAttemptToDeleteKey(key: string): { readonly uid: string; readonly virtual: boolean } {
  return key.startsWith('virtual/') ? { uid: key.slice('virtual/'.length), virtual: true } : { uid: key, virtual: false };
}

function identityOf(change: GraphChange): ObjectIdentity {
  const metadata = change.object.metadata ?? {};
  return { apiVersion: change.apiVersion, kind: change.kind, name: metadata.name ?? '', uid: metadata.uid ?? '', namespace: metadata.namespace ?? '' };
}

/** The object now has a deletionTimestamp and the finalizer, and did not have both before. */
function deletionStartsWithFinalizer(oldObject: KubeObject | undefined, object: KubeObject, finalizer: string): boolean {
  if (!isBeingDeleted(object) || !finalizersOf(object).includes(finalizer)) return false;
  if (oldObject === undefined) return true;
  return !isBeingDeleted(oldObject) || !finalizersOf(oldObject).includes(finalizer);
}

interface ChangedReference {
  readonly before: OwnerReference;
  readonly after: OwnerReference;
}

function referencesDiffs(before: readonly OwnerReference[], after: readonly OwnerReference[]): { added: OwnerReference[]; removed: OwnerReference[]; changed: ChangedReference[] } {
  const old = new Map(before.map((reference) => [reference.uid, reference]));
  const added: OwnerReference[] = [];
  const changed: ChangedReference[] = [];
  for (const reference of after) {
    const previous = old.get(reference.uid);
    if (previous === undefined) {
      added.push(reference);
      continue;
    }
    if (!isDeepStrictEqual(previous, reference)) changed.push({ before: previous, after: reference });
    old.delete(reference.uid);
  }
  return { added, removed: [...old.values()], changed };
}

/**
 * Dependents that name the identity with all its coordinates, and those that name its uid
 * otherwise (a dependent naming it both ways is in both).
 */
function partitionDependents(dependents: readonly GraphNode[], identity: ObjectIdentity): { matching: GraphNode[]; nonMatching: GraphNode[] } {
  const matching: GraphNode[] = [];
  const nonMatching: GraphNode[] = [];
  for (const dependent of dependents) {
    let match = false;
    let mismatch = false;
    if (identity.namespace !== '' && identity.namespace !== dependent.identity.namespace) {
      mismatch = true;
    } else {
      for (const reference of dependent.owners) {
        if (reference.uid !== identity.uid) continue;
        if (referenceMatches(reference, identity)) match = true;
        else mismatch = true;
      }
    }
    if (match) matching.push(dependent);
    if (mismatch) nonMatching.push(dependent);
  }
  return { matching, nonMatching };
}

/** kube's order of identities: kind, apiVersion, namespace, name, uid. */
function compareIdentities(a: ObjectIdentity, b: ObjectIdentity): number {
  for (const field of ['kind', 'apiVersion', 'namespace', 'name', 'uid'] as const) {
    if (a[field] !== b[field]) return a[field] < b[field] ? -1 : 1;
  }
  return 0;
}

/**
 * Another identity the dependents give the absent owner's uid: the first after it in kube's order,
 * else the first of all, so that every candidate gets its turn to be checked.
 */
function alternateOwnerIdentity(dependents: readonly GraphNode[], absent: ObjectIdentity): ObjectIdentity | undefined {
  const absentIsClusterScoped = absent.namespace === '';
  let first: ObjectIdentity | undefined;
  let firstFollowing: ObjectIdentity | undefined;
  for (const dependent of dependents) {
    for (const reference of dependent.owners) {
      if (reference.uid !== absent.uid) continue;
      if (referenceMatches(reference, absent) && (absentIsClusterScoped || absent.namespace === dependent.identity.namespace)) continue;
      let candidate = identityOfReference(reference, dependent.identity.namespace);
      // That apiVersion and kind are known to be cluster-scoped.
      if (absentIsClusterScoped && candidate.apiVersion === absent.apiVersion && candidate.kind === absent.kind) candidate = { ...candidate, namespace: '' };
      if (sameIdentity(candidate, absent)) continue;
      if (first === undefined || compareIdentities(candidate, first) < 0) first = candidate;
      if (compareIdentities(absent, candidate) < 0 && (firstFollowing === undefined || compareIdentities(candidate, firstFollowing) < 0)) firstFollowing = candidate;
    }
  }
  return firstFollowing ?? first;
}
