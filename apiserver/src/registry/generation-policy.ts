// metadata.generation as kube-apiserver 1.35 keeps it per kind. Strategies that track it set 1 in
// PrepareForCreate and bump it in PrepareForUpdate when the desired state changes; rest.BeforeUpdate
// first copies the stored generation over whatever the client sent, and rest.BeforeCreate leaves it
// alone, so a kind that does not track generation keeps the value its creator sent.

import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

/** What an update must change for the strategy to bump generation, named after the comparison kube makes. */
export type GenerationBump =
  | 'never' // no strategy code touches generation
  | 'spec' // most kinds: !DeepEqual(old.Spec, new.Spec)
  | 'specOrAnnotations' // deployments: annotations are copied to their ReplicaSets
  | 'template' // podtemplates
  | 'webhooks' // webhook configurations have no spec
  | 'allButMetadataOrLabels' // endpointslices: anything outside metadata, or the labels
  | 'allButMetadata'; // custom resources: anything outside metadata (a status subresource's status is the stored one)

export interface GenerationPolicy {
  /** PrepareForCreate sets generation to 1 (otherwise the client's value, if any, is stored). */
  readonly setOnCreate: boolean;
  readonly bump: GenerationBump;
}

/** Kinds whose strategy never touches generation (configmaps, secrets, namespaces, services, nodes, HPAs, ...). */
export const untrackedGeneration: GenerationPolicy = { setOnCreate: false, bump: 'never' };
/** Most kinds that track it: 1 on create, bumped when the spec changes. */
export const specGeneration: GenerationPolicy = { setOnCreate: true, bump: 'spec' };

/** metadata.generation of a new object: 1 for tracking kinds, otherwise what the client sent. */
export function generationOnCreate(definition: ResourceDefinition, sent: unknown): number | undefined {
  if (definition.behaviour.generation.setOnCreate) return 1;
  return typeof sent === 'number' ? sent : undefined;
}

/**
 * metadata.generation after an update of the resource or of one of its subresources. The client's
 * value never counts; the status subresource never bumps (its strategies restore the spec). Other
 * subresources that write the desired state (scale, pods' ephemeralcontainers and resize) go through
 * the same comparison as the main resource.
 */
export function generationOnUpdate(definition: ResourceDefinition, oldObject: JsonObject, newObject: JsonObject, subresource = ''): number | undefined {
  const old = generationOf(oldObject);
  if (subresource === 'status') return old;
  const { bump } = definition.behaviour.generation;
  return changed(bump, oldObject, newObject) ? (old ?? 0) + 1 : old;
}

/**
 * When deletion first sets deletionTimestamp (a graceful delete, or finalizers holding the object),
 * kube bumps a generation that is set (> 0), for every kind: the object's controllers must notice.
 */
export function generationOnDeletion(generation: number | undefined): number | undefined {
  return generation !== undefined && generation > 0 ? generation + 1 : generation;
}

function generationOf(object: JsonObject): number | undefined {
  const metadata = object.metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const generation = (metadata as JsonObject).generation;
  return typeof generation === 'number' ? generation : undefined;
}

function changed(bump: GenerationBump, oldObject: JsonObject, newObject: JsonObject): boolean {
  switch (bump) {
    case 'never':
      return false;
    case 'spec':
      return !semanticEqual(oldObject.spec, newObject.spec);
    case 'specOrAnnotations':
      return !semanticEqual(oldObject.spec, newObject.spec) || !semanticEqual(metadataField(oldObject, 'annotations'), metadataField(newObject, 'annotations'));
    case 'template':
      return !semanticEqual(oldObject.template, newObject.template);
    case 'webhooks':
      return !semanticEqual(oldObject.webhooks, newObject.webhooks);
    case 'allButMetadata':
      return !semanticEqual(withoutMeta(oldObject), withoutMeta(newObject));
    case 'allButMetadataOrLabels':
      return !semanticEqual(withoutMeta(oldObject), withoutMeta(newObject)) || !semanticEqual(metadataField(oldObject, 'labels'), metadataField(newObject, 'labels'));
  }
}

function metadataField(object: JsonObject, key: string): unknown {
  const metadata = object.metadata;
  return typeof metadata === 'object' && metadata !== null ? (metadata as JsonObject)[key] : undefined;
}

// The Go struct kube compares has no apiVersion or kind, so they do not count either.
function withoutMeta(object: JsonObject): JsonObject {
  const { metadata: _metadata, apiVersion: _apiVersion, kind: _kind, ...rest } = object;
  return rest;
}

/**
 * apiequality.Semantic.DeepEqual over JSON: key order does not matter, and, as for Go's nil and empty
 * slices and maps, an absent value, null, [] and {} are all equal. Scalars are not: without the Go
 * types we cannot tell an absent string field ("" in Go) from an absent pointer.
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => semanticEqual(item, b[i]));
  }
  // Objects compare field by field, so {a: []} equals {} as a Go struct with a nil field would.
  if (isObject(a) || isObject(b)) {
    if (!(isObject(a) || isEmpty(a)) || !(isObject(b) || isEmpty(b))) return false;
    const left = isObject(a) ? a : {};
    const right = isObject(b) ? b : {};
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) if (!semanticEqual(left[key], right[key])) return false;
    return true;
  }
  return a === b;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}
