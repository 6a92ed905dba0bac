// The scale subresource (autoscaling/v1 Scale) of the kinds with replicas: spec.replicas read and
// written through a Scale, status.replicas and the selector as a label selector string. A custom
// resource's are where its CRD's scale paths say (custom-resource-scale.ts).

import { fieldAt, fieldInvalid, newInvalid, labelSelectorString, numberAt, optionalNumberAt } from '@capstan/common';
import { customScaleOf, scalePathsOf, withCustomReplicas } from './custom-resource-scale.ts';
import { objectOf } from './defaulting/json-fields.ts';
import type { GenericStore, ReplaceOptions } from './generic-store.ts';
import { generationOnUpdate } from './generation-policy.ts';
import { metadataOf, type JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { scaleManagedFields } from '../apply/scale-managed-fields.ts';
import { scaleObject } from './scale-object.ts';

/** spec.replicas' default for every kind with a scale subresource. */
const defaultReplicas = 1;

/**
 * The Scale of an object. `reading`: for a GET, where a custom resource without its spec replicas
 * is kube's 500 (a write through the Scale reads them as 0).
 */
export function scaleOf(definition: ResourceDefinition, object: JsonObject, reading = false): JsonObject {
  const paths = scalePathsOf(definition);
  if (paths !== undefined) return customScaleOf(paths, object, reading);
  const replicas = optionalNumberAt(object, 'spec', 'replicas') ?? defaultReplicas;
  const selector = selectorString(definition, fieldAt(object, 'spec', 'selector'));
  const metadata = metadataOf(object);
  return scaleObject(metadata, { replicas, statusReplicas: numberAt(object, 'status', 'replicas'), selector, managedFields: scaleManagedFields(metadata.managedFields) });
}

/** PUT of a Scale: only spec.replicas changes (and generation with it). */
export async function updateScale(store: GenericStore, namespace: string | undefined, name: string, scale: JsonObject, options: ReplaceOptions = {}): Promise<JsonObject> {
  const replicas = fieldAt(scale, 'spec', 'replicas') ?? 0;
  if (typeof replicas !== 'number' || !Number.isSafeInteger(replicas) || replicas < 0) {
    const shown = typeof replicas === 'number' ? replicas : String(replicas);
    throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, name, [fieldInvalid('spec.replicas', shown, 'must be greater than or equal to 0')]);
  }
  const updated = await store.replaceWith(
    namespace,
    name,
    scale,
    (old) => {
      const paths = scalePathsOf(store.definition);
      if (paths === undefined && (fieldAt(old, 'spec', 'replicas') ?? defaultReplicas) === replicas) return old;
      const next = paths === undefined ? { ...old, spec: { ...objectOf(old.spec), replicas } } : withCustomReplicas(paths, old, replicas);
      const generation = generationOnUpdate(store.definition, old, next, 'scale');
      return generation === undefined ? next : { ...next, metadata: { ...metadataOf(old), generation } };
    },
    options,
  );
  return scaleOf(store.definition, updated);
}

/** The selector as labels.Selector prints it; ReplicationControllers select with a plain map. */
function selectorString(definition: ResourceDefinition, selector: unknown): string {
  const asLabelSelector = definition.kind === 'ReplicationController' ? { matchLabels: selector } : selector;
  return labelSelectorString(asLabelSelector) ?? '';
}
