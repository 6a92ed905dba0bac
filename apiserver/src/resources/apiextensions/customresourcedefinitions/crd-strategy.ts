// A CustomResourceDefinition's strategy, as kube's apiextensions-apiserver has it: a new CRD starts
// with no conditions and no accepted names (the CRD controllers fill them) and records its storage
// version; an update adds a new storage version to status.storedVersions; a delete marks the CRD
// Terminating behind the customresourcecleanup finalizer until its custom resources are gone.

import { objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { metadataOf, metaTime, type JsonObject } from '../../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../../registry/strategy.ts';

/** What holds a deleted CRD until the CRD controller has deleted its custom resources. */
export const customResourceCleanupFinalizer = 'customresourcecleanup.apiextensions.k8s.io';

/** status.storedVersions with the spec's storage version added when it is new. */
function withStorageVersion(crd: JsonObject, stored: readonly string[]): string[] {
  const storage = objectsAt(objectOf(crd.spec), 'versions').find((version) => version.storage === true);
  const name = stringOf(storage?.name);
  return name === '' || stored.includes(name) ? [...stored] : [...stored, name];
}

/** A CRD condition set (or replaced) the way kube's SetCRDCondition does: the transition time moves only when the status changes. */
export function withCondition(crd: JsonObject, condition: { type: string; status: string; reason: string; message: string }, now: Date): JsonObject {
  const status = objectOf(crd.status);
  const conditions = objectsAt(status, 'conditions');
  const existing = conditions.find((c) => c.type === condition.type);
  const lastTransitionTime = existing !== undefined && existing.status === condition.status ? existing.lastTransitionTime : metaTime(now);
  const next = { type: condition.type, status: condition.status, lastTransitionTime, reason: condition.reason, message: condition.message };
  const updated = existing === undefined ? [...conditions, next] : conditions.map((c) => (c === existing ? next : c));
  return { ...crd, status: { ...status, conditions: updated } };
}

export const customResourceDefinitionStrategy: ResourceStrategy = {
  prepareForCreate(crd) {
    // kube's empty status struct: null conditions, accepted names with their two required fields.
    // Without a storage version (which its validation refuses) there is no stored version: null, as Go's nil slice.
    const storedVersions = withStorageVersion(crd, []);
    crd.status = { conditions: null, acceptedNames: { plural: '', kind: '' }, ...(storedVersions.length === 0 ? {} : { storedVersions }) };
  },
  prepareForUpdate(crd, old) {
    const status = objectOf(old.status);
    crd.status = { ...status, storedVersions: withStorageVersion(crd, stringsOf(status.storedVersions)) };
  },
  beginDeletion(crd, _options, now) {
    const metadata = metadataOf(crd);
    const finalizers = metadata.finalizers ?? [];
    if (metadata.deletionTimestamp !== undefined && finalizers.includes(customResourceCleanupFinalizer)) return undefined;
    const marked: JsonObject = {
      ...crd,
      metadata: {
        ...metadata,
        deletionTimestamp: metadata.deletionTimestamp ?? metaTime(now),
        finalizers: finalizers.includes(customResourceCleanupFinalizer) ? finalizers : [...finalizers, customResourceCleanupFinalizer],
      },
    };
    const reason = 'InstanceDeletionPending';
    return withCondition(
      marked,
      { type: 'Terminating', status: 'True', reason, message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' },
      now,
    );
  },
};
