// The objects of an admission request in the group-version a rule matched it by (kube's
// VersionedAttributes): with matchPolicy Equivalent, a policy's CEL or a webhook sees the object
// as the version its rule named, e.g. an autoscaling/v2 HorizontalPodAutoscaler as autoscaling/v1.
// Objects go through the storage version, as every read of another version does.

import type { JsonObject } from '../../registry/object-meta.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { MatchedRequest } from './match-request.ts';

export interface VersionedObjects {
  readonly object: JsonObject | undefined;
  readonly oldObject: JsonObject | undefined;
}

type DefinitionOf = (group: string, version: string, resource: string) => ResourceDefinition | undefined;

async function converted(object: JsonObject | undefined, from: ResourceDefinition, to: ResourceDefinition): Promise<JsonObject | undefined> {
  if (object === undefined) return undefined;
  const stored = from.behaviour.conversion === undefined ? object : await from.behaviour.conversion.toStorage(object);
  return to.behaviour.conversion === undefined ? stored : to.behaviour.conversion.fromStorage(stored);
}

/**
 * The request's object and old object in the matched version: as they are when the request is of
 * that version already, or when a subresource's kind is not the resource's own (a Scale, a
 * binding), which has one version only.
 */
export async function versionedObjects(definitionOf: DefinitionOf, attributes: AdmissionAttributes, matched: MatchedRequest): Promise<VersionedObjects> {
  const same = { object: attributes.object, oldObject: attributes.oldObject };
  const { kind } = attributes;
  if (matched.kind.group === kind.group && matched.kind.version === kind.version && matched.kind.kind === kind.kind) return same;
  const from = definitionOf(attributes.resource.group, attributes.resource.version, attributes.resource.resource);
  const to = definitionOf(matched.resource.group, matched.resource.version, matched.resource.resource);
  if (from === undefined || to === undefined || from.kind !== kind.kind || to.kind !== matched.kind.kind) return same;
  return { object: await converted(attributes.object, from, to), oldObject: await converted(attributes.oldObject, from, to) };
}

/**
 * Replaces the request's object (in place: it is the request's own) with `changed`, an object of
 * the matched version a webhook or policy returned: converted back to the request's version and
 * defaulted as a decoded object is.
 */
export async function replaceRequestObject(
  definitionOf: DefinitionOf,
  attributes: AdmissionAttributes,
  matched: Pick<MatchedRequest, 'resource' | 'kind'>,
  changed: JsonObject,
): Promise<void> {
  const object = attributes.object;
  if (object === undefined) throw new Error('a request without an object has none to replace');
  const { object: result = changed } = await versionedObjects(
    definitionOf,
    { ...attributes, resource: matched.resource, kind: matched.kind, object: changed, oldObject: undefined },
    { resource: attributes.resource, kind: attributes.kind },
  );
  const { group, version, resource } = attributes.resource;
  definitionOf(group, version, resource)?.behaviour.defaults?.(result);
  for (const key of Object.keys(object)) delete object[key];
  Object.assign(object, result);
}
