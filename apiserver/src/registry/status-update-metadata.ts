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
import { lookup, resourceKeyOf, type BuiltinResourceKey } from '../resources/builtin-keys.ts';

type MutableField = 'labels' | 'annotations' | 'finalizers' | 'ownerReferences';

const allMutable: readonly MutableField[] = ['labels', 'annotations', 'finalizers', 'ownerReferences'];

/** The kinds whose status writes keep metadata changes, and which of them. */
const keptByStatus: Readonly<Partial<Record<BuiltinResourceKey, readonly MutableField[]>>> = {
  '/namespaces': allMutable,
  '/nodes': allMutable,
  '/persistentvolumes': allMutable,
  '/persistentvolumeclaims': allMutable,
  '/pods': ['labels', 'annotations', 'finalizers'],
  '/replicationcontrollers': allMutable,
  '/resourcequotas': allMutable,
  '/services': allMutable,
  'apps/daemonsets': allMutable,
  'apps/deployments': ['annotations', 'finalizers', 'ownerReferences'],
  'apps/replicasets': allMutable,
  'apps/statefulsets': allMutable,
  'autoscaling/horizontalpodautoscalers': allMutable,
  'batch/cronjobs': allMutable,
  'batch/jobs': allMutable,
  'certificates.k8s.io/certificatesigningrequests': allMutable,
  'networking.k8s.io/ingresses': allMutable,
  'policy/poddisruptionbudgets': allMutable,
  // Its status strategy resets the new metadata to itself, which changes nothing.
  'apiextensions.k8s.io/customresourcedefinitions': allMutable,
};

/** The metadata of the object a status write stores: `old`'s, with what the kind lets the request change. */
export function statusUpdateMetadata(definition: ResourceDefinition, sent: JsonObject, old: JsonObject, name: string): JsonObject {
  const oldMeta = metadataOf(old) as JsonObject;
  const kept = lookup(keptByStatus, resourceKeyOf(definition));
  if (kept === undefined) return oldMeta;
  const sentMeta = metadataOf(sent) as JsonObject;
  const metadata: JsonObject = { ...oldMeta };
  for (const field of kept) {
    if (sentMeta[field] === undefined) delete metadata[field];
    else metadata[field] = sentMeta[field];
  }
  // A namespace's Canonicalize, which every update runs, names it in a label.
  if (definition.group === '' && definition.resource === 'namespaces') metadata.labels = { ...((metadata.labels ?? {}) as JsonObject), 'kubernetes.io/metadata.name': name };
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
