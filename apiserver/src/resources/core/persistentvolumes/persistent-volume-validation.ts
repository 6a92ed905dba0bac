// ValidatePersistentVolume and its update: access modes, capacity (storage only, above zero),
// reclaim policy, node affinity, exactly one volume source (each with its required fields), class
// and volume mode; on update the source, the volume mode and a set node affinity are fixed.

import { isDeepStrictEqual } from 'node:util';
import {
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  fieldTooLong,
  decodeQuantity,
  quantitySign,
  quantityString,
  quantityValue,
  type FieldError,
  goStruct,
} from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { nodeSelectorErrors } from '../../../registry/validation/node-selector-validation.ts';
import { resourceListBadValue } from '../../../registry/validation/quantity-values.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';
import { invalidEach } from '../../../registry/validation/value-formats.ts';
import { nodeSelectorTermsJson } from '../../../registry/validation/internal-type-values.ts';

/** Sorted, as kube lists them from a set. */
const accessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const reclaimPolicies = ['Delete', 'Recycle', 'Retain'];
const volumeModes = ['Block', 'Filesystem'];
const hostPathTypes = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];
const mountOptionAnnotation = 'volume.beta.kubernetes.io/mount-options';

const required = (source: JsonObject, path: string, fields: readonly string[]): FieldError[] =>
  fields.filter((field) => stringOf(source[field]) === '').map((field) => fieldRequired(`${path}.${field}`));

/** validatePathNoBacksteps. */
const backstepErrors = (path: string, field: string): FieldError[] => (path.split(/[\\/]/).includes('..') ? [fieldInvalid(field, path, "must not contain '..'")] : []);

function hostPathErrors(source: JsonObject, path: string): FieldError[] {
  const hostPath = stringOf(source.path);
  if (hostPath === '') return [fieldRequired(`${path}.path`)];
  const errors = backstepErrors(hostPath, `${path}.path`);
  if (typeof source.type === 'string' && !hostPathTypes.includes(source.type)) errors.push(fieldNotSupported(`${path}.type`, source.type, hostPathTypes));
  return errors;
}

function nfsErrors(source: JsonObject, path: string): FieldError[] {
  const errors = required(source, path, ['server', 'path']);
  if (!stringOf(source.path).startsWith('/')) errors.push(fieldInvalid(`${path}.path`, stringOf(source.path), 'must be an absolute path'));
  return errors;
}

const localErrors = (source: JsonObject, path: string): FieldError[] => {
  const localPath = stringOf(source.path);
  return localPath === '' ? [fieldRequired(`${path}.path`)] : backstepErrors(localPath, `${path}.path`);
};

/** validatePVSecretReference: a named secret in a namespace. */
function secretReferenceErrors(reference: JsonObject, path: string): FieldError[] {
  const name = stringOf(reference.name);
  const namespace = stringOf(reference.namespace);
  return [
    ...(name === '' ? [fieldRequired(`${path}.name`)] : invalidEach(`${path}.name`, name, isDNS1123Subdomain(name))),
    ...(namespace === '' ? [fieldRequired(`${path}.namespace`)] : invalidEach(`${path}.namespace`, namespace, isDNS1123Label(namespace))),
  ];
}

function csiErrors(source: JsonObject, path: string): FieldError[] {
  const driver = stringOf(source.driver);
  const errors: FieldError[] = [];
  if (driver === '') errors.push(fieldRequired(`${path}.driver`));
  if (driver.length > 63) errors.push(fieldTooLong(`${path}.driver`, 63));
  errors.push(...invalidEach(`${path}.driver`, driver, isDNS1123Subdomain(driver.toLowerCase())));
  if (stringOf(source.volumeHandle) === '') errors.push(fieldRequired(`${path}.volumeHandle`));
  for (const reference of ['controllerPublishSecretRef', 'controllerExpandSecretRef', 'nodePublishSecretRef', 'nodeExpandSecretRef']) {
    if (isObject(source[reference])) errors.push(...secretReferenceErrors(source[reference], `${path}.${reference}`));
  }
  return errors;
}

const partitionErrors = (source: JsonObject, path: string): FieldError[] => {
  const partition = source.partition;
  return typeof partition === 'number' && (partition < 0 || partition > 255) ? [fieldInvalid(`${path}.partition`, partition, 'must be between 1 and 255, inclusive')] : [];
};

type SourceValidator = (source: JsonObject, path: string) => FieldError[];

/**
 * The volume sources in kube's order: the JSON field, the path kube validates it at (a few differ
 * from the field) and its checks. The sources kube has dropped the plugins of keep their checks.
 */
const volumeSources: readonly (readonly [string, string, SourceValidator])[] = [
  ['hostPath', 'hostPath', hostPathErrors],
  ['gcePersistentDisk', 'persistentDisk', (source, path) => [...required(source, path, ['pdName']), ...partitionErrors(source, path)]],
  ['awsElasticBlockStore', 'awsElasticBlockStore', (source, path) => [...required(source, path, ['volumeID']), ...partitionErrors(source, path)]],
  ['glusterfs', 'glusterfs', (source, path) => required(source, path, ['endpoints', 'path'])],
  [
    'flocker',
    'flocker',
    (source, path) => (stringOf(source.datasetName) === '' && stringOf(source.datasetUUID) === '' ? [fieldRequired(path, 'one of datasetName and datasetUUID is required')] : []),
  ],
  ['nfs', 'nfs', nfsErrors],
  [
    'rbd',
    'rbd',
    (source, path) => [...(Array.isArray(source.monitors) && source.monitors.length > 0 ? [] : [fieldRequired(`${path}.monitors`)]), ...required(source, path, ['image'])],
  ],
  ['quobyte', 'quobyte', (source, path) => required(source, path, ['registry', 'volume'])],
  ['cephfs', 'cephfs', (source, path) => (Array.isArray(source.monitors) && source.monitors.length > 0 ? [] : [fieldRequired(`${path}.monitors`)])],
  ['iscsi', 'iscsi', (source, path) => required(source, path, ['targetPortal', 'iqn'])],
  ['cinder', 'cinder', (source, path) => required(source, path, ['volumeID'])],
  ['fc', 'fc', () => []],
  ['flexVolume', 'flexVolume', (source, path) => required(source, path, ['driver'])],
  ['azureFile', 'azureFile', (source, path) => required(source, path, ['secretName', 'shareName'])],
  ['vsphereVolume', 'vsphereVolume', (source, path) => required(source, path, ['volumePath'])],
  ['photonPersistentDisk', 'photonPersistentDisk', (source, path) => required(source, path, ['pdID'])],
  ['portworxVolume', 'portworxVolume', (source, path) => required(source, path, ['volumeID'])],
  ['azureDisk', 'azureDisk', (source, path) => required(source, path, ['diskName', 'diskURI'])],
  ['scaleIO', 'scaleIO', (source, path) => required(source, path, ['gateway', 'system', 'volumeName'])],
  ['local', 'local', localErrors],
  ['storageos', 'storageos', (source, path) => required(source, path, ['volumeName'])],
  ['csi', 'csi', csiErrors],
];

/** Kube lets these carry the mount options annotation; the others may not. */
const mountOptionSources = [
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'glusterfs',
  'nfs',
  'rbd',
  'quobyte',
  'iscsi',
  'cinder',
  'cephfs',
  'azureFile',
  'vsphereVolume',
  'azureDisk',
  'photonPersistentDisk',
];

function capacityErrors(spec: JsonObject): FieldError[] {
  const capacity = isObject(spec.capacity) ? spec.capacity : undefined;
  const names = Object.keys(capacity ?? {}).sort();
  const errors: FieldError[] = [];
  if (names.length === 0) errors.push(fieldRequired('spec.capacity'));
  if (!names.includes('storage') || names.length > 1) errors.push(fieldNotSupported('spec.capacity', resourceListBadValue(spec.capacity), ['storage']));
  for (const name of names) {
    const quantity = (capacity as JsonObject)[name];
    const value = decodeQuantity(quantity);
    if (value === undefined) continue;
    const path = `spec.capacity[${name}]`;
    // validateBasicResource quotes Value(), the quantity rounded away from zero to a whole number.
    const units = quantityValue(value);
    if (units < 0n) errors.push(fieldInvalid(path, Number(units), 'must be a valid resource quantity'));
    if (quantitySign(value) <= 0) errors.push(fieldInvalid(path, quantityString(value), 'must be greater than zero'));
  }
  return errors;
}

/** ValidatePersistentVolumeSpec, outside the inline-volume context. */
function persistentVolumeSpecErrors(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const modes = stringsOf(spec.accessModes);
  if (modes.length === 0) errors.push(fieldRequired('spec.accessModes'));
  for (const mode of modes) if (!accessModes.includes(mode)) errors.push(fieldNotSupported('spec.accessModes', mode, accessModes));
  if (modes.includes('ReadWriteOncePod') && modes.some((mode) => mode !== 'ReadWriteOncePod' && accessModes.includes(mode))) {
    errors.push(fieldForbidden('spec.accessModes', 'may not use ReadWriteOncePod with other access modes'));
  }
  errors.push(...capacityErrors(spec));
  const reclaimPolicy = stringOf(spec.persistentVolumeReclaimPolicy);
  if (reclaimPolicy !== '' && !reclaimPolicies.includes(reclaimPolicy)) errors.push(fieldNotSupported('spec.persistentVolumeReclaimPolicy', reclaimPolicy, reclaimPolicies));
  const affinity = isObject(spec.nodeAffinity) ? spec.nodeAffinity : undefined;
  if (affinity !== undefined) {
    if (isObject(affinity.required)) errors.push(...nodeSelectorErrors(affinity.required, 'spec.nodeAffinity.required'));
    else errors.push(fieldRequired('spec.nodeAffinity.required', 'must specify required node constraints'));
  }
  let sources = 0;
  for (const [field, checkedAt, check] of volumeSources) {
    const source = spec[field];
    if (!isObject(source)) continue;
    // kube never counted flexVolume against the others.
    if (sources > 0 && field !== 'flexVolume') {
      errors.push(fieldForbidden(`spec.${field === 'cephfs' ? 'cephFS' : field}`, 'may not specify more than 1 volume type'));
      continue;
    }
    sources++;
    errors.push(...check(source, `spec.${checkedAt}`));
    if (field === 'local' && affinity === undefined) errors.push(fieldRequired('spec.nodeAffinity', 'Local volume requires node affinity'));
  }
  if (sources === 0) errors.push(fieldRequired('spec', 'must specify a volume type'));
  const hostPath = isObject(spec.hostPath) ? stringOf(spec.hostPath.path) : undefined;
  if (hostPath !== undefined && /^\/+(\.\/*)*$/.test(hostPath) && reclaimPolicy === 'Recycle') {
    errors.push(fieldForbidden('spec.persistentVolumeReclaimPolicy', "may not be 'recycle' for a hostPath mount of '/'"));
  }
  const className = stringOf(spec.storageClassName);
  errors.push(...(className === '' ? [] : invalidEach('spec.storageClassName', className, isDNS1123Subdomain(className))));
  if (typeof spec.volumeMode === 'string' && !volumeModes.includes(spec.volumeMode)) errors.push(fieldNotSupported('spec.volumeMode', spec.volumeMode, volumeModes));
  if (typeof spec.volumeAttributesClassName === 'string') {
    const name = spec.volumeAttributesClassName;
    if (name === '') errors.push(fieldRequired('spec.volumeAttributesClassName', 'an empty string is disallowed'));
    else errors.push(...invalidEach('spec.volumeAttributesClassName', name, isDNS1123Subdomain(name)));
    if (!isObject(spec.csi)) errors.push(fieldRequired('spec.csi', 'has to be specified when using volumeAttributesClassName'));
  }
  return errors;
}

/** The volume plugins' own check: mount options only for the sources that take them. */
function mountOptionErrors(volume: JsonObject): FieldError[] {
  const spec = objectOf(volume.spec);
  if (mountOptionSources.some((field) => isObject(spec[field]))) return [];
  const annotations = objectOf(objectOf(volume.metadata).annotations);
  return mountOptionAnnotation in annotations ? [fieldForbidden(`metadata.annotations.${mountOptionAnnotation}`, 'may not specify mount options for this volume type')] : [];
}

const sourceOf = (spec: JsonObject): JsonObject => Object.fromEntries(volumeSources.map(([field]) => [field, spec[field]]).filter(([, source]) => source !== undefined));

/** kube follows the message with a cmp.Diff of the sources; we name the sources that changed. */
function updateErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const newSpec = objectOf(next.spec);
  const oldSpec = objectOf(old.spec);
  const errors: FieldError[] = [];
  const newSource = sourceOf(newSpec);
  const oldSource = sourceOf(oldSpec);
  // A CSI volume may gain the secret reference for expansion it did not have.
  if (isObject(newSource.csi) && isObject(oldSource.csi) && oldSource.csi.controllerExpandSecretRef === undefined) {
    const { controllerExpandSecretRef: _added, ...csi } = newSource.csi;
    newSource.csi = csi;
  }
  if (!isDeepStrictEqual(newSource, oldSource)) {
    const changed = [...new Set([...Object.keys(newSource), ...Object.keys(oldSource)])].filter((key) => !isDeepStrictEqual(newSource[key], oldSource[key])).sort();
    errors.push(
      fieldForbidden('spec.persistentvolumesource', `spec.persistentvolumesource is immutable after creation\n  changed: ${changed.map((key) => `spec.${key}`).join(', ')}`),
    );
  }
  if (newSpec.volumeMode !== oldSpec.volumeMode) errors.push(fieldInvalid('volumeMode', typeof newSpec.volumeMode === 'string' ? newSpec.volumeMode : null, 'field is immutable'));
  if (isObject(oldSpec.nodeAffinity) && !isDeepStrictEqual(newSpec.nodeAffinity, oldSpec.nodeAffinity)) {
    // kube quotes the internal VolumeNodeAffinity: its JSON with Go's field names.
    const required = objectOf(newSpec.nodeAffinity).required;
    const value = isObject(newSpec.nodeAffinity)
      ? { json: goStruct({ Required: isObject(required) ? goStruct({ NodeSelectorTerms: nodeSelectorTermsJson(required.nodeSelectorTerms) }) : null }) }
      : null;
    errors.push(fieldInvalid('nodeAffinity', value, 'field is immutable, except for updating from beta label to GA'));
  }
  if (typeof oldSpec.volumeAttributesClassName === 'string' && newSpec.volumeAttributesClassName === undefined) {
    errors.push(fieldForbidden('spec.volumeAttributesClassName', 'update from non-nil value to nil is forbidden'));
  }
  return errors;
}

export const persistentVolumeValidation: KindValidation = {
  validate: (volume) => [...persistentVolumeSpecErrors(objectOf(volume.spec)), ...mountOptionErrors(volume)],
  // kube's update validates the new volume twice over: once on its own, once in the update checks.
  validateUpdate: (next, old, objectErrors) => [...objectErrors, ...persistentVolumeSpecErrors(objectOf(next.spec)), ...updateErrors(next, old)],
};
