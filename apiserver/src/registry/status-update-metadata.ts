// The metadata a status write (PUT or PATCH of .../status) leaves on an object, as kube 1.35's
// status strategies leave it: most built-in kinds keep the request's labels, annotations,
// finalizers and owner references (their PrepareForUpdate resets the spec only; a Deployment's
// also resets labels, a Pod's owner references), while the kinds written since call
// ResetObjectMetaForStatus (or copy the old object, as custom resources and APIServices do) and
// keep all metadata as stored. System fields (uid, creation and deletion timestamps, generation)
// never change through status, as rest.BeforeUpdate keeps them.

import { fieldForbidden, fieldInvalid, newInvalid, type FieldError } from '@capstan/common';
import { metadataOf, type JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { objectMetaErrors } from './validation/object-meta-validation.ts';

/** What a status write may change of the metadata (a resource's `behaviour.statusKeeps`). */
export type MutableField = 'labels' | 'annotations' | 'finalizers' | 'ownerReferences';

export const allMetadataMutable: readonly MutableField[] = ['labels', 'annotations', 'finalizers', 'ownerReferences'];

/** The metadata of the object a status write stores: `old`'s, with what the kind lets the request change. */
export function statusUpdateMetadata(definition: ResourceDefinition, sent: JsonObject, old: JsonObject, name: string): JsonObject {
  const oldMeta = metadataOf(old) as JsonObject;
  const kept = definition.behaviour.statusKeeps;
  if (kept.length === 0) return oldMeta;
  const sentMeta = metadataOf(sent) as JsonObject;
  const metadata: JsonObject = { ...oldMeta };
  for (const field of kept) {
    if (sentMeta[field] === undefined) delete metadata[field];
    else metadata[field] = sentMeta[field];
  }
  // The kind's Canonicalize, which every update runs (a namespace names itself in a label).
  const canonical: JsonObject = { metadata };
  definition.behaviour.strategy.canonicalize?.(canonical);
  Object.assign(metadata, canonical.metadata);
  const errors: FieldError[] = objectMetaErrors({ metadata });
  const sentUid = sentMeta.uid;
  if (typeof sentUid === 'string' && sentUid !== '' && sentUid !== oldMeta.uid) errors.push(fieldInvalid('metadata.uid', sentUid, 'field is immutable'));
  if (oldMeta.deletionTimestamp !== undefined) {
    const before = (oldMeta.finalizers ?? []) as string[];
    const added = ((metadata.finalizers ?? []) as string[]).filter((finalizer) => !before.includes(finalizer));
    if (added.length > 0) {
      errors.push(
        fieldForbidden(
          'metadata.finalizers',
          `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
        ),
      );
    }
  }
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, name, errors);
  return metadata;
}
