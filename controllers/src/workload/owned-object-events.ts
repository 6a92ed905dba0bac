// The informer handlers kube's workload controllers put on what their workloads own (pods,
// ControllerRevisions): a change to an object with a controller reference wakes that owner (the
// old one too when the reference changed); an orphan wakes every workload whose selector matches
// it, so that one may adopt it, but only when its labels or reference changed.

import type { KubeObject, ResourceEventHandler } from '@capstan/common/client';
import { type ControllerKind, controllerRefOf, resolveControllerRef } from './controller-ref.ts';

export interface OwnedObjectEvents<W extends KubeObject, O extends KubeObject> {
  readonly kind: ControllerKind;
  /** The workload of the kind by namespace and name, from its informer. */
  readonly owner: (namespace: string, name: string) => W | undefined;
  /** The workloads of the object's namespace whose selector matches it. */
  readonly selecting: (object: O) => readonly W[];
  readonly enqueue: (owner: W) => void;
  /** An owned object appeared (the creation expectation). */
  readonly created?: (owner: W, object: O) => void;
  /** An owned object went (the deletion expectation). */
  readonly deleted?: (owner: W, object: O) => void;
  /** An owned object changed (after the owner was enqueued). */
  readonly updated?: (owner: W, old: O, object: O) => void;
  /** An update that sets deletionTimestamp counts as the deletion (pods of DaemonSets and ReplicaSets). */
  readonly deletingIsDeleted?: boolean;
}

function sameReference(a: KubeObject, b: KubeObject): boolean {
  return JSON.stringify(controllerRefOf(a) ?? null) === JSON.stringify(controllerRefOf(b) ?? null);
}

function sameLabels(a: KubeObject, b: KubeObject): boolean {
  const la = a.metadata?.labels ?? {};
  const lb = b.metadata?.labels ?? {};
  const keys = Object.keys(la);
  return keys.length === Object.keys(lb).length && keys.every((key) => la[key] === lb[key]);
}

export function ownedObjectEvents<W extends KubeObject, O extends KubeObject>(spec: OwnedObjectEvents<W, O>): ResourceEventHandler<O> {
  const ownerOf = (object: O): W | undefined => resolveControllerRef(object, spec.kind, spec.owner);
  const onDelete = (object: O): void => {
    const owner = ownerOf(object);
    if (owner === undefined) return;
    spec.deleted?.(owner, object);
    spec.enqueue(owner);
  };
  return {
    onAdd(object) {
      // Already being deleted when first seen (a restart): no creation to observe.
      if (object.metadata?.deletionTimestamp) return onDelete(object);
      if (controllerRefOf(object) !== undefined) {
        const owner = ownerOf(object);
        if (owner === undefined) return;
        spec.created?.(owner, object);
        spec.enqueue(owner);
        return;
      }
      for (const owner of spec.selecting(object)) spec.enqueue(owner);
    },
    onUpdate(old, object) {
      if (old.metadata?.resourceVersion === object.metadata?.resourceVersion) return;
      if (spec.deletingIsDeleted && object.metadata?.deletionTimestamp) return onDelete(object);
      const referenceChanged = !sameReference(old, object);
      if (referenceChanged && controllerRefOf(old) !== undefined) {
        const previous = ownerOf(old);
        if (previous !== undefined) spec.enqueue(previous);
      }
      if (controllerRefOf(object) !== undefined) {
        const owner = ownerOf(object);
        if (owner === undefined) return;
        spec.enqueue(owner);
        spec.updated?.(owner, old, object);
        return;
      }
      if (referenceChanged || !sameLabels(old, object)) for (const owner of spec.selecting(object)) spec.enqueue(owner);
    },
    onDelete,
  };
}
