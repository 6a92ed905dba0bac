// The rules kube-apiserver applies to the embedded resources of a custom object
// (x-kubernetes-embedded-resource; apiextensions-apiserver's schema/objectmeta Validate): an
// apiVersion and a kind, both well formed, and metadata that ObjectMeta's rules accept.

import { fieldInvalid, fieldRequired, isDNS1035Label, isDNS1123Label, type FieldError } from '@capstan/common';
import { objectMetaErrors } from '../../registry/validation/object-meta-validation.ts';
import { fieldErrorValue } from './value-formats.ts';
import { isJsonMap, type JsonMap, type Structural } from './structural-schema.ts';

/** The embedded resources' errors of a custom object, with kube's paths (map values as `[key]`). */
export function embeddedResourceErrors(object: unknown, schema: Structural | undefined): FieldError[] {
  const errors: FieldError[] = [];
  visit(object, schema, '', errors);
  return errors;
}

const child = (path: string, name: string): string => (path === '' ? name : `${path}.${name}`);

function visit(value: unknown, schema: Structural | undefined, path: string, errors: FieldError[]): void {
  if (schema === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => visit(item, schema.items, `${path}[${i}]`, errors));
    return;
  }
  if (!isJsonMap(value)) return;
  if (schema.embeddedResource) errors.push(...embeddedResourceOwnErrors(value, path));
  for (const key of Object.keys(value)) {
    const property = schema.properties?.get(key);
    if (property !== undefined) visit(value[key], property, child(path, key), errors);
    else if (typeof schema.additionalProperties === 'object') visit(value[key], schema.additionalProperties, `${path}[${key}]`, errors);
  }
}

/** apimachinery's ParseGroupVersion: at most one slash. */
const groupVersionError = (text: string): string | undefined => (text.split('/').length > 2 ? `unexpected GroupVersion string: ${text}` : undefined);

function embeddedResourceOwnErrors(object: JsonMap, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!Object.hasOwn(object, 'apiVersion')) errors.push(fieldRequired(child(path, 'apiVersion')));
  if (!Object.hasOwn(object, 'kind')) errors.push(fieldRequired(child(path, 'kind')));
  if (Object.hasOwn(object, 'apiVersion')) {
    const apiVersion = object.apiVersion;
    const field = child(path, 'apiVersion');
    if (typeof apiVersion !== 'string') errors.push(fieldInvalid(field, fieldErrorValue(apiVersion), 'must be a string'));
    else if (apiVersion === '') errors.push(fieldInvalid(field, apiVersion, 'must not be empty'));
    else {
      const why = groupVersionError(apiVersion);
      if (why !== undefined) errors.push(fieldInvalid(field, apiVersion, why));
    }
  }
  if (Object.hasOwn(object, 'kind')) {
    const kind = object.kind;
    const field = child(path, 'kind');
    if (typeof kind !== 'string') errors.push(fieldInvalid(field, fieldErrorValue(kind), 'must be a string'));
    else if (kind === '') errors.push(fieldInvalid(field, kind, 'must not be empty'));
    else {
      const why = isDNS1035Label(kind.toLowerCase());
      if (why.length > 0) errors.push(fieldInvalid(field, kind, `may have mixed case, but should otherwise match: ${why.join(',')}`));
    }
  }
  if (isJsonMap(object.metadata)) errors.push(...embeddedObjectMetaErrors(object.metadata, child(path, 'metadata')));
  return errors;
}

/** apimachinery's IsValidPathSegmentName (and, for a prefix, IsValidPathSegmentPrefix). */
function pathSegmentNameErrors(name: string, prefix: boolean): string[] {
  if (!prefix && (name === '.' || name === '..')) return [`may not be '${name}'`];
  return ['/', '%'].filter((text) => name.includes(text)).map((text) => `may not contain '${text}'`);
}

/**
 * ValidateObjectMeta of an embedded resource's metadata, as kube calls it: names checked only as
 * path segments, a missing name allowed, the namespace checked when set; then generation, labels,
 * annotations and finalizers as an object's own.
 */
function embeddedObjectMetaErrors(metadata: JsonMap, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const text = (key: string): string => (typeof metadata[key] === 'string' ? (metadata[key] as string) : '');
  const generateName = text('generateName');
  if (generateName !== '') for (const why of pathSegmentNameErrors(generateName, true)) errors.push(fieldInvalid(`${path}.generateName`, generateName, why));
  const name = text('name') === '' ? 'fakename' : text('name');
  for (const why of pathSegmentNameErrors(name, false)) errors.push(fieldInvalid(`${path}.name`, name, why));
  const namespace = text('namespace');
  if (namespace !== '') for (const why of isDNS1123Label(namespace)) errors.push(fieldInvalid(`${path}.namespace`, namespace, why));
  if (typeof metadata.generation === 'number' && metadata.generation < 0) {
    errors.push(fieldInvalid(`${path}.generation`, metadata.generation, 'must be greater than or equal to 0'));
  }
  for (const error of objectMetaErrors({ metadata })) errors.push({ ...error, field: `${path}${error.field.slice('metadata'.length)}` });
  return errors;
}
