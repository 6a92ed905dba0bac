// The managedFields of a scale subresource, as kube's ScaleHandler keeps them: a Scale shows the
// parent's entries that own spec.replicas (owning its spec.replicas, in autoscaling/v1), and an
// apply to the Scale gives spec.replicas back to the parent's entries: taken from every entry,
// then owned by the Scale's owners, under the parent's API version. A custom resource's replicas
// are at its CRD's specReplicasPath in the parent (`parentReplicas`, its field names).

import { FieldSet, fieldElement } from './field-set.ts';
import { decodeManagedFields, encodeManagedFields, identityOf, ManagedFieldsError, type ManagerEntry, type Managers } from './managed-fields.ts';

const builtinReplicas: readonly string[] = ['spec', 'replicas'];
const replicasPath = builtinReplicas.map(fieldElement);
const scaleApiVersion = 'autoscaling/v1';

function decodeOrEmpty(list: unknown): Managers {
  try {
    return decodeManagedFields(list);
  } catch (error) {
    if (error instanceof ManagedFieldsError) return new Map();
    throw error;
  }
}

const replicasOnly = (): FieldSet => FieldSet.fromPaths([replicasPath]);

/**
 * The Scale's managedFields, from its parent's. kube shows them in autoscaling/v1 but names their
 * managers by the parent's version in conflicts: an apply reads them with `apiVersion` the parent's.
 */
export function scaleManagedFields(parentList: unknown, apiVersion = scaleApiVersion, parentReplicas = builtinReplicas): Record<string, unknown>[] {
  const scale: Managers = new Map();
  const parentPath = parentReplicas.map(fieldElement);
  for (const entry of decodeOrEmpty(parentList).values()) {
    if (!entry.fields.has(parentPath)) continue;
    const scaled: ManagerEntry = { ...entry, apiVersion, fields: replicasOnly() };
    scale.set(identityOf(scaled), scaled);
  }
  return encodeManagedFields(scale);
}

/** The parent's managedFields once the Scale's owners (`scaleList`) own its replicas. */
export function parentManagedFields(parentList: unknown, scaleList: unknown, parentApiVersion: string, parentReplicas = builtinReplicas): Record<string, unknown>[] {
  const parent: Managers = new Map();
  const parentOnly = (): FieldSet => FieldSet.fromPaths([parentReplicas.map(fieldElement)]);
  for (const entry of decodeOrEmpty(parentList).values()) {
    const fields = entry.fields.difference(parentOnly());
    if (!fields.isEmpty) parent.set(identityOf(entry), { ...entry, fields });
  }
  for (const entry of decodeOrEmpty(scaleList).values()) {
    if (!entry.fields.has(replicasPath)) continue;
    const owner: ManagerEntry = { ...entry, apiVersion: parentApiVersion, fields: parentOnly() };
    const identity = identityOf(owner);
    const existing = parent.get(identity);
    parent.set(identity, existing === undefined ? owner : { ...existing, time: entry.time, fields: existing.fields.union(owner.fields) });
  }
  return encodeManagedFields(parent);
}
