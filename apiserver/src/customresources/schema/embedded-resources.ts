// The rules kube-apiserver applies to the embedded resources of a custom object
// (x-kubernetes-embedded-resource; apiextensions-apiserver's schema/objectmeta Validate): an
// apiVersion and a kind, both well formed, and metadata that ObjectMeta's rules accept.

import { fieldInvalid, fieldRequired, fieldTooLong, isDNS1035Label, isDNS1123Label, type FieldError } from '@capstan/common';
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
  const own = (fields: JsonMap): FieldError[] => objectMetaErrors({ metadata: fields }).map((error) => ({ ...error, field: `${path}${error.field.slice('metadata'.length)}` }));
  errors.push(...own({ labels: metadata.labels, annotations: metadata.annotations }));
  errors.push(...ownerReferenceErrors(metadata.ownerReferences, `${path}.ownerReferences`));
  errors.push(...own({ finalizers: metadata.finalizers }));
  errors.push(...managedFieldsErrors(metadata.managedFields, `${path}.managedFields`));
  return errors;
}

/** Go's json.Marshal of an OwnerReference: its fields in the struct's order, the pointers left out when unset. */
function ownerReferenceJson(reference: JsonMap): string {
  const ordered: JsonMap = {};
  for (const key of ['apiVersion', 'kind', 'name', 'uid']) ordered[key] = typeof reference[key] === 'string' ? reference[key] : '';
  for (const key of ['controller', 'blockOwnerDeletion']) if (typeof reference[key] === 'boolean') ordered[key] = reference[key];
  return JSON.stringify(ordered).replace(/[<>&]/g, (ch) => `\\u00${ch.charCodeAt(0).toString(16)}`);
}

/** apimachinery's ValidateOwnerReferences: each reference complete, no banned owner, one controller at most. */
function ownerReferenceErrors(references: unknown, path: string): FieldError[] {
  if (!Array.isArray(references)) return [];
  const errors: FieldError[] = [];
  let firstController = '';
  const all = references.filter(isJsonMap);
  for (const reference of all) {
    const text = (key: string): string => (typeof reference[key] === 'string' ? (reference[key] as string) : '');
    const apiVersion = text('apiVersion');
    const parts = apiVersion.split('/');
    const version = parts.length > 2 || apiVersion === '/' ? '' : (parts[parts.length - 1] as string);
    const group = parts.length === 2 && apiVersion !== '/' ? (parts[0] as string) : '';
    if (version === '') errors.push(fieldInvalid(`${path}.apiVersion`, apiVersion, 'version must not be empty'));
    if (text('kind') === '') errors.push(fieldInvalid(`${path}.kind`, text('kind'), 'must not be empty'));
    if (text('name') === '') errors.push(fieldInvalid(`${path}.name`, text('name'), 'must not be empty'));
    if (text('uid') === '') errors.push(fieldInvalid(`${path}.uid`, text('uid'), 'must not be empty'));
    if (group === '' && version === 'v1' && text('kind') === 'Event') {
      errors.push(fieldInvalid(path, { goSyntax: ownerReferenceJson(reference) }, '/v1, Kind=Event is disallowed from being an owner'));
    }
    if (reference.controller === true) {
      const controller = `${text('kind')}/${text('name')}`;
      if (firstController === '') firstController = controller;
      else {
        const shown = { goSyntax: `[${all.map(ownerReferenceJson).join(',')}]` };
        const why = `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${controller}`;
        errors.push(fieldInvalid(path, shown, why));
      }
    }
  }
  return errors;
}

/** apimachinery's ValidateManagedFields: the operation, the fields type, the manager (ValidateFieldManager), the subresource's length. */
function managedFieldsErrors(entries: unknown, path: string): FieldError[] {
  if (!Array.isArray(entries)) return [];
  const errors: FieldError[] = [];
  entries.forEach((entry, i) => {
    const fields = isJsonMap(entry) ? entry : {};
    const text = (key: string): string => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
    const at = `${path}[${i}]`;
    if (text('operation') !== 'Apply' && text('operation') !== 'Update') errors.push(fieldInvalid(`${at}.operation`, text('operation'), 'must be `Apply` or `Update`'));
    if (text('fieldsType') !== '' && text('fieldsType') !== 'FieldsV1') errors.push(fieldInvalid(`${at}.fieldsType`, text('fieldsType'), 'must be `FieldsV1`'));
    const manager = text('manager');
    if (Buffer.byteLength(manager) > 128) errors.push(fieldTooLong(`${at}.manager`, 128));
    // Each rune Go's unicode.IsPrint refuses, with its byte position.
    let position = 0;
    for (const ch of manager) {
      if (/[\p{C}\p{Z}]/u.test(ch) && ch !== ' ') {
        const point = (ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
        errors.push(fieldInvalid(`${at}.manager`, manager, `invalid character U+${point} (at position ${position})`));
      }
      position += Buffer.byteLength(ch);
    }
    if (text('subresource').length > 256) errors.push(fieldTooLong(`${at}.subresource`, 256));
  });
  return errors;
}
