// Object metadata as kube-apiserver fills it on create: name or generateName, namespace, uid,
// creationTimestamp and generation; what the client sent for the server-owned fields is dropped.

import { randomInt, randomUUID } from 'node:crypto';
import { fieldInvalid, fieldRequired, newBadRequest, newInvalid, type FieldError } from '@capstan/common';
import { initialStatus } from './initial-status.ts';
import { apiVersionOf, type ResourceDefinition } from './resource-definition.ts';

export type JsonObject = Record<string, unknown>;

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

const dns1123Subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const dns1123SubdomainMessage =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
// kube's generateName suffix: five characters from an alphabet without vowels and look-alikes.
const suffixAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

export function metadataOf(object: JsonObject): ObjectMeta {
  const metadata = object.metadata;
  if (metadata === undefined) return {};
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw newBadRequest('metadata must be an object');
  }
  return metadata as ObjectMeta;
}

/** The name, checked as a DNS subdomain (what most kinds require). */
export function nameErrors(name: string): FieldError[] {
  if (name.length > 253) return [fieldInvalid('metadata.name', name, 'must be no more than 253 characters')];
  return dns1123Subdomain.test(name) ? [] : [fieldInvalid('metadata.name', name, dns1123SubdomainMessage)];
}

/** A meta/v1 Time as kube writes it: RFC 3339 in UTC, whole seconds. */
export const metaTime = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function generateNameSuffix(): string {
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += suffixAlphabet[randomInt(suffixAlphabet.length)];
  return suffix;
}

/** The object to store for a create: server-owned fields set, the name settled. */
export function prepareForCreate(definition: ResourceDefinition, body: JsonObject, namespace: string | undefined, now: Date): JsonObject {
  const metadata: ObjectMeta = { ...metadataOf(body) };
  delete metadata.resourceVersion;
  delete metadata.deletionTimestamp;
  delete metadata.deletionGracePeriodSeconds;
  if ((metadata.name === undefined || metadata.name === '') && typeof metadata.generateName === 'string' && metadata.generateName !== '') {
    metadata.name = `${metadata.generateName}${generateNameSuffix()}`;
  }
  const kind = { group: definition.group, kind: definition.kind };
  if (typeof metadata.name !== 'string' || metadata.name === '') {
    throw newInvalid(kind, '', [fieldRequired('metadata.name', 'name or generateName is required')]);
  }
  const errors = nameErrors(metadata.name);
  if (errors.length > 0) throw newInvalid(kind, metadata.name, errors);
  if (definition.namespaced) {
    if (metadata.namespace !== undefined && metadata.namespace !== '' && metadata.namespace !== namespace) {
      throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    metadata.namespace = namespace;
  } else {
    delete metadata.namespace;
  }
  metadata.uid = randomUUID();
  metadata.creationTimestamp = metaTime(now);
  // Kinds with a spec count its changes in generation (a per-kind strategy will say so exactly).
  if ('spec' in body) metadata.generation = 1;
  else delete metadata.generation;
  const apiVersion = apiVersionOf(definition);
  const object: JsonObject = { ...body, apiVersion, kind: definition.kind, metadata };
  const status = initialStatus(definition);
  if (status === null) delete object.status;
  else if (status !== undefined) object.status = status;
  return object;
}
