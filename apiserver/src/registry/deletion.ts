// What a delete does to an object (kube-apiserver's BeforeDelete, graceful deletion and the
// garbage collector's finalizers): go at once, be marked and stay, or stay as it is.

import { newConflict } from '@capstan/common';
import type { DeleteOptions } from './delete-options.ts';
import { generationOnDeletion } from './generation-policy.ts';
import { metadataOf, metaTime, type JsonObject, type ObjectMeta } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { ResourceStrategy } from './strategy.ts';

export type DeletionPlan =
  /** Remove the object now. */
  | { readonly action: 'remove' }
  /** Write the object marked for deletion; it stays until its finalizers or its grace period end. */
  | { readonly action: 'mark'; readonly object: JsonObject }
  /** A deletion is already under way; nothing changes. */
  | { readonly action: 'pending' };

const orphanFinalizer = 'orphan';
const foregroundFinalizer = 'foregroundDeletion';

/** `current` carries its resourceVersion (for the preconditions). */
export function planDeletion(definition: ResourceDefinition, strategy: ResourceStrategy, current: JsonObject, options: DeleteOptions, now: Date): DeletionPlan {
  const metadata = metadataOf(current);
  checkPreconditions(definition, metadata, options);
  const begun = strategy.beginDeletion?.(current, options, now);
  if (begun !== undefined) return { action: 'mark', object: begun };
  const blocker = strategy.finalDeletionBlocker?.(current);
  if (blocker !== undefined) throw newConflict({ group: definition.group, resource: definition.resource }, metadata.name ?? '', blocker);

  // A negative grace period counts as one second, as in kube.
  const requested = options.gracePeriodSeconds === undefined ? undefined : options.gracePeriodSeconds < 0 ? 1 : options.gracePeriodSeconds;
  const next: ObjectMeta = { ...metadata };
  let graceful = false;
  if (strategy.gracePeriodSeconds !== undefined) {
    const period = metadata.deletionGracePeriodSeconds;
    if (metadata.deletionTimestamp !== undefined && period !== undefined && period > 0) {
      // Already going gracefully: only a shorter grace period changes anything.
      if (requested === undefined || requested >= period) return { action: 'pending' };
      const due = Date.parse(metadata.deletionTimestamp) - period * 1000 + requested * 1000;
      next.deletionTimestamp = metaTime(new Date(due));
      next.deletionGracePeriodSeconds = requested;
      graceful = true;
    } else if (metadata.deletionTimestamp === undefined) {
      const grace = strategy.gracePeriodSeconds(current, requested);
      next.deletionTimestamp = metaTime(new Date(now.getTime() + grace * 1000));
      next.deletionGracePeriodSeconds = grace;
      if (next.generation !== undefined) next.generation = generationOnDeletion(next.generation);
      graceful = true;
    }
  }
  const finalizers = finalizersForGarbageCollection(metadata.finalizers ?? [], options, definition.behaviour.garbageCollection);
  if (finalizers.length > 0) next.finalizers = finalizers;
  else delete next.finalizers;
  if (!graceful) {
    if (finalizers.length === 0) return { action: 'remove' };
    // Held by finalizers: marked now, removed when the last one goes.
    if (next.deletionTimestamp === undefined && next.generation !== undefined) next.generation = generationOnDeletion(next.generation);
    if (next.deletionTimestamp === undefined || Date.parse(next.deletionTimestamp) > now.getTime()) next.deletionTimestamp = metaTime(now);
    next.deletionGracePeriodSeconds = 0;
    return { action: 'mark', object: { ...current, metadata: next } };
  }
  if (finalizers.length === 0 && next.deletionGracePeriodSeconds === 0) return { action: 'remove' };
  return { action: 'mark', object: { ...current, metadata: next } };
}

/**
 * Whether an update leaves an object that is being deleted with nothing holding it: no
 * finalizers, and no grace period still running.
 */
export function shouldDeleteDuringUpdate(strategy: ResourceStrategy, next: JsonObject, old: JsonObject): boolean {
  const oldMeta = metadataOf(old);
  if ((metadataOf(next).finalizers ?? []).length > 0) return false;
  if (oldMeta.deletionTimestamp === undefined) return false;
  if (oldMeta.deletionGracePeriodSeconds !== undefined && oldMeta.deletionGracePeriodSeconds !== 0) return false;
  return strategy.finalDeletionBlocker?.(next) === undefined;
}

function checkPreconditions(definition: ResourceDefinition, metadata: ObjectMeta, options: DeleteOptions): void {
  // kube names the kind, not the resource, in these conflicts.
  const subject = { group: definition.group, resource: definition.kind };
  const name = metadata.name ?? '';
  const { uid, resourceVersion } = options.preconditions ?? {};
  if (uid !== undefined && uid !== metadata.uid) {
    throw newConflict(
      subject,
      name,
      `the UID in the precondition (${uid}) does not match the UID in record (${metadata.uid ?? ''}). The object might have been deleted and then recreated`,
    );
  }
  if (resourceVersion !== undefined && resourceVersion !== metadata.resourceVersion) {
    throw newConflict(
      subject,
      name,
      `the ResourceVersion in the precondition (${resourceVersion}) does not match the ResourceVersion in record (${metadata.resourceVersion ?? ''}). The object might have been modified`,
    );
  }
}

/**
 * What a delete that names no propagation policy does to the dependents (kube's
 * DefaultGarbageCollectionPolicy, a resource's `behaviour.garbageCollection`): core/v1
 * ReplicationControllers and batch/v1 Jobs orphan them, for compatibility with clients older than
 * the garbage collector; Events have no dependents, and their deletes never carry the garbage
 * collector's finalizers; every other kind has them deleted in the background.
 */
export type GarbageCollectionPolicy = 'DeleteDependents' | 'OrphanDependents' | 'Unsupported';

/**
 * The orphan and foregroundDeletion finalizers the options ask for: an explicit option wins, then
 * what the object already carries, then the kind's default policy (kube's shouldOrphanDependents
 * and shouldDeleteDependents). A kind without garbage collection loses both.
 */
function finalizersForGarbageCollection(current: readonly string[], options: DeleteOptions, policy: GarbageCollectionPolicy): string[] {
  let orphan = false;
  let foreground = false;
  if (policy !== 'Unsupported') {
    if (options.orphanDependents !== undefined) {
      orphan = options.orphanDependents;
    } else if (options.propagationPolicy !== undefined) {
      orphan = options.propagationPolicy === 'Orphan';
      foreground = options.propagationPolicy === 'Foreground';
    } else {
      // The first of the two finalizers the object carries decides; neither leaves it to the kind.
      const first = current.find((f) => f === orphanFinalizer || f === foregroundFinalizer);
      orphan = first === undefined ? policy === 'OrphanDependents' : first === orphanFinalizer;
      foreground = current.includes(foregroundFinalizer);
    }
  }
  const kept = current.filter((f) => f !== orphanFinalizer && f !== foregroundFinalizer);
  const next = [...kept, ...(orphan ? [orphanFinalizer] : []), ...(foreground ? [foregroundFinalizer] : [])];
  // Unchanged sets keep their order.
  const same = next.length === current.length && next.every((f) => current.includes(f));
  return same ? [...current] : next;
}
