// Object metadata as kube-apiserver fills it on create: name or generateName, namespace, uid,
// creationTimestamp and generation; what the client sent for the server-owned fields is dropped.

import { randomInt, randomUUID } from 'node:crypto';
import { newBadRequest, newInvalid, metaTime, type JsonObject } from '@capstan/common';
import { generationOnCreate } from './generation-policy.ts';
import { initialStatus } from './initial-status.ts';
import { objectNameErrors } from './name-validation.ts';
import { apiVersionOf, type ResourceDefinition } from '../resources/resource-definition.ts';

// One JSON object type for the whole API server; the registry's many importers take it from here.
export type { JsonObject };

export interface ObjectMeta extends JsonObject {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  generation?: number;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  finalizers?: string[];
}

// kube's generateName suffix: five characters from an alphabet without vowels and look-alikes.
const suffixAlphabet = 'bcdfghjklmnpqrstvwxz2456789';
const maxGenerateNameBase = 58;

export function metadataOf(object: JsonObject): ObjectMeta {
  const metadata = object.metadata;
  if (metadata === undefined) return {};
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw newBadRequest('metadata must be an object');
  }
  return metadata as ObjectMeta;
}

/** A meta/v1 Time as kube writes it: RFC 3339 in UTC, whole seconds. */
/** A body written to a named URL (PUT) must name the same object, or leave its name out. */
export function checkNameMatchesUrl(body: JsonObject, name: string): void {
  const sent = metadataOf(body).name;
  if (sent !== undefined && sent !== name) throw newBadRequest(`the name of the object (${sent}) does not match the name on the URL (${name})`);
}

export { metaTime };

export function generateNameSuffix(): string {
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += suffixAlphabet[randomInt(suffixAlphabet.length)];
  return suffix;
}

/** Whether the server is to make the object's name: a generateName and no name (kube's needsNameGeneration). */
export function needsNameGeneration(body: JsonObject): boolean {
  const metadata = metadataOf(body);
  return (metadata.name === undefined || metadata.name === '') && typeof metadata.generateName === 'string' && metadata.generateName !== '';
}

/** The object with its name generated from generateName when it has none (as kube's BeforeCreate does). */
export function withGeneratedName(body: JsonObject, suffix: () => string = generateNameSuffix): JsonObject {
  if (!needsNameGeneration(body)) return body;
  const metadata = metadataOf(body);
  // kube keeps generated names within 63 characters: the base is cut to 58.
  return { ...body, metadata: { ...metadata, name: `${(metadata.generateName as string).slice(0, maxGenerateNameBase)}${suffix()}` } };
}

/**
 * kube's EnsureObjectNamespaceMatchesRequestNamespace, which a create or update handler runs before
 * admission: a namespaced object that names another namespace than the request's is a 400.
 */
export function checkRequestNamespace(definition: ResourceDefinition, namespace: string | undefined, body: JsonObject): void {
  const sent = metadataOf(body).namespace;
  if (definition.namespaced && sent !== undefined && sent !== '' && sent !== namespace) {
    throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
}

/** The object to store for a create: server-owned fields set, the name settled. */
export function prepareForCreate(definition: ResourceDefinition, body: JsonObject, namespace: string | undefined, now: Date): JsonObject {
  const metadata: ObjectMeta = { ...metadataOf(withGeneratedName(body)) };
  delete metadata.resourceVersion;
  delete metadata.deletionTimestamp;
  delete metadata.deletionGracePeriodSeconds;
  const errors = objectNameErrors(definition, metadata, body);
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, metadata.name ?? '', errors);
  if (definition.namespaced) {
    checkRequestNamespace(definition, namespace, body);
    metadata.namespace = namespace;
  } else {
    delete metadata.namespace;
  }
  metadata.uid = randomUUID();
  metadata.creationTimestamp = metaTime(now);
  const generation = generationOnCreate(definition, metadata.generation);
  if (generation === undefined) delete metadata.generation;
  else metadata.generation = generation;
  const apiVersion = apiVersionOf(definition);
  const { kind: _kind, apiVersion: _apiVersion, metadata: _metadata, ...fields } = body;
  // kube's order: type meta, then metadata, then the kind's own fields.
  const object: JsonObject = { kind: definition.kind, apiVersion, metadata, ...fields };
  const status = initialStatus(definition, body.status);
  if (status === null) delete object.status;
  else if (status !== undefined) object.status = status;
  return object;
}

const omittedWhenEmpty = ['labels', 'annotations', 'finalizers', 'ownerReferences', 'managedFields'] as const;

/**
 * ObjectMeta's lists and maps are omitempty in kube's types: an empty one (left by a patch that
 * removed the last finalizer, or sent as []) is not stored or answered.
 */
export function omitEmptyMetadata(object: JsonObject): JsonObject {
  const metadata = object.metadata as Record<string, unknown> | undefined;
  if (metadata === undefined || metadata === null || typeof metadata !== 'object') return object;
  for (const field of omittedWhenEmpty) {
    const value = metadata[field];
    if (
      value === null ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)
    ) {
      delete metadata[field];
    }
  }
  return object;
}
