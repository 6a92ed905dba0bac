// ValidatePersistentVolumeClaimSpec: access modes, the storage request, class name, volume mode,
// the selector and the data source references, with kube's paths and messages.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, decodeQuantity, quantitySign, quantityString, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { labelSelectorErrors } from '../../../registry/validation/label-selector-validation.ts';

/** Sorted, as kube lists them from a set. */
const accessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'] as const;
const volumeModes = ['Block', 'Filesystem'] as const;

export function persistentVolumeClaimErrors(claim: JsonObject): FieldError[] {
  return persistentVolumeClaimSpecErrors(objectOf(claim.spec), 'spec');
}

export function persistentVolumeClaimSpecErrors(spec: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const modes = stringsOf(spec.accessModes);
  if (modes.length === 0) errors.push(fieldRequired(`${path}.accessModes`, 'at least 1 access mode is required'));
  errors.push(...labelSelectorErrors(spec.selector, `${path}.selector`));
  const supported = modes.filter((mode) => (accessModes as readonly string[]).includes(mode));
  for (const mode of modes) if (!supported.includes(mode)) errors.push(fieldNotSupported(`${path}.accessModes`, mode, accessModes));
  if (supported.includes('ReadWriteOncePod') && supported.some((mode) => mode !== 'ReadWriteOncePod')) {
    errors.push(fieldForbidden(`${path}.accessModes`, 'may not use ReadWriteOncePod with other access modes'));
  }
  errors.push(...storageRequestErrors(spec.resources, `${path}.resources[storage]`));
  if (typeof spec.storageClassName === 'string' && spec.storageClassName !== '') {
    for (const message of isDNS1123Subdomain(spec.storageClassName)) errors.push(fieldInvalid(`${path}.storageClassName`, spec.storageClassName, message));
  }
  if (typeof spec.volumeMode === 'string' && !(volumeModes as readonly string[]).includes(spec.volumeMode)) {
    errors.push(fieldNotSupported(`${path}.volumeMode`, spec.volumeMode, volumeModes));
  }
  if (isObject(spec.dataSource)) errors.push(...dataSourceErrors(spec.dataSource, `${path}.dataSource`));
  if (isObject(spec.dataSourceRef)) {
    errors.push(...dataSourceErrors(spec.dataSourceRef, `${path}.dataSourceRef`));
    const namespace = spec.dataSourceRef.namespace;
    if (typeof namespace === 'string' && namespace !== '') {
      for (const message of isDNS1123Label(namespace)) errors.push(fieldInvalid(`${path}.dataSourceRef.namespace`, namespace, message));
    }
  }
  return errors;
}

/** Only the first failing check speaks: missing, then not above zero. */
function storageRequestErrors(resources: unknown, path: string): FieldError[] {
  const requests = objectOf(objectOf(resources).requests);
  if (!('storage' in requests) || requests.storage === null) return [fieldRequired(path)];
  const value = decodeQuantity(requests.storage);
  // kube quotes the quantity's String().
  if (value !== undefined && quantitySign(value) <= 0) return [fieldInvalid(path, quantityString(value), 'must be greater than zero')];
  return [];
}

function dataSourceErrors(source: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const kind = stringOf(source.kind);
  const apiGroup = stringOf(source.apiGroup);
  if (typeof source.name !== 'string' || source.name === '') errors.push(fieldRequired(`${path}.name`));
  if (kind === '') errors.push(fieldRequired(`${path}.kind`));
  if (apiGroup === '' && kind !== 'PersistentVolumeClaim') {
    errors.push(fieldInvalid(path, kind, "must be 'PersistentVolumeClaim' when referencing the default apiGroup"));
  }
  for (const message of apiGroup === '' ? [] : isDNS1123Subdomain(apiGroup)) errors.push(fieldInvalid(`${path}.apiGroup`, apiGroup, message));
  return errors;
}
