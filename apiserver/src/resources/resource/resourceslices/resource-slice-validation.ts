// ResourceSlice (resource.k8s.io/v1): its driver, its pool, which nodes reach it (exactly one of
// nodeName, nodeSelector and allNodes) and its devices, their attributes and capacities. The
// driver, pool name and node name are fixed once created.
//
// Fields of gates off in 1.35 are left alone, as kube drops them before validating:
// perDeviceNodeSelection, sharedCounters and the devices' consumesCounters and node fields
// (DRAPartitionableDevices), taints (DRADeviceTaints), binding conditions
// (DRADeviceBindingConditions), allowMultipleAllocations and capacity request policies
// (DRAConsumableCapacity). With no taints or counters, a slice may hold 128 devices.

import { fieldInvalid, fieldRequired, fieldTooLong, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, numberOf, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { boundedSetErrors, listAt } from '../../../registry/validation/bounded-list-validation.ts';
import { csiDriverNameErrors } from '../../storage/csidrivers/csi-driver-validation.ts';
import { deviceAttributeErrors, qualifiedNameErrors } from '../../../registry/validation/device-attribute-validation.ts';
import { nodeSelectorErrors } from '../../../registry/validation/node-selector-validation.ts';
import { withoutSpecErrors } from '../../../registry/validation/resource-update-order.ts';
import { invalidEach } from '../../../registry/validation/value-formats.ts';
import { nodeSelectorTermsJson } from '../../../registry/validation/internal-type-values.ts';

const maxDevices = 128;
const maxPoolNameLength = 253;
const maxAttributesAndCapacities = 32;
/** A domain of 63 characters, a slash and an identifier of 32: longer keys are shortened in paths. */
const maxAttributeKeyLength = 63 + 1 + 32;
const immutable = 'field is immutable';
const nodeFieldsRequired = 'exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required';

function poolErrors(pool: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(pool.name);
  if (name === '') errors.push(fieldRequired(`${path}.name`));
  else {
    if (name.length > maxPoolNameLength) errors.push(fieldTooLong(`${path}.name`, maxPoolNameLength));
    for (const part of name.split('/')) errors.push(...invalidEach(`${path}.name`, part, isDNS1123Subdomain(part)));
  }
  const count = numberOf(pool.resourceSliceCount);
  if (count <= 0) errors.push(fieldInvalid(`${path}.resourceSliceCount`, count, 'must be greater than zero'));
  const generation = numberOf(pool.generation);
  if (generation < 0) errors.push(fieldInvalid(`${path}.generation`, generation, 'must be greater than or equal to zero'));
  return errors;
}

/** Exactly one of nodeName, nodeSelector and allNodes; an empty name or a false allNodes is an error of its own. */
function nodeSelectionErrors(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const set: string[] = [];
  if (typeof spec.nodeName === 'string') {
    if (spec.nodeName === '') errors.push(fieldInvalid('spec.nodeName', '', 'must be either unset or set to a non-empty string'));
    else {
      set.push('`nodeName`');
      errors.push(...invalidEach('spec.nodeName', spec.nodeName, isDNS1123Subdomain(spec.nodeName)));
    }
  }
  if (isObject(spec.nodeSelector)) {
    set.push('`nodeSelector`');
    errors.push(...nodeSelectorErrors(spec.nodeSelector, 'spec.nodeSelector'));
    const terms = spec.nodeSelector.nodeSelectorTerms;
    if (!Array.isArray(terms) || terms.length !== 1) {
      errors.push(fieldInvalid('spec.nodeSelector.nodeSelectorTerms', { json: nodeSelectorTermsJson(terms) }, 'must have exactly one node selector term'));
    }
  }
  if (spec.allNodes === true) set.push('`allNodes`');
  else if (spec.allNodes === false) errors.push(fieldInvalid('spec.allNodes', false, 'must be either unset or set to true'));
  if (set.length === 0) errors.push(fieldRequired('spec', nodeFieldsRequired));
  else if (set.length > 1) errors.push(fieldInvalid('spec', `{${set.join(', ')}}`, `${nodeFieldsRequired}, but multiple fields are set`));
  return errors;
}

/** kube shortens a long map key in the middle for the path (the key's own errors still quote it whole). */
function keyInPath(key: string): string {
  if (key.length <= maxAttributeKeyLength) return key;
  const kept = maxAttributeKeyLength - 3;
  return `${key.slice(0, Math.ceil(kept / 2))}...${key.slice(key.length - Math.floor(kept / 2))}`;
}

function deviceErrors(item: unknown, path: string): FieldError[] {
  const device = objectOf(item);
  const name = stringOf(device.name);
  const errors = invalidEach(`${path}.name`, name, isDNS1123Label(name));
  const attributes = objectOf(device.attributes);
  const capacity = objectOf(device.capacity);
  const total = Object.keys(attributes).length + Object.keys(capacity).length;
  if (total > maxAttributesAndCapacities) {
    errors.push(fieldInvalid(path, total, `the total number of attributes and capacities must not exceed ${maxAttributesAndCapacities}`));
  }
  for (const [key, attribute] of Object.entries(attributes)) {
    const keyPath = `${path}.attributes[${keyInPath(key)}]`;
    errors.push(...qualifiedNameErrors(key, keyPath), ...deviceAttributeErrors(objectOf(attribute), keyPath));
  }
  for (const key of Object.keys(capacity)) errors.push(...qualifiedNameErrors(key, `${path}.capacity[${keyInPath(key)}]`));
  return errors;
}

/** `old`, on update: the driver, pool name and node name must be as they were. */
function resourceSliceSpecErrors(spec: JsonObject, old: JsonObject | undefined): FieldError[] {
  const pool = objectOf(spec.pool);
  const errors = [...csiDriverNameErrors(stringOf(spec.driver), 'spec.driver'), ...poolErrors(pool, 'spec.pool')];
  if (old !== undefined) {
    const oldPool = objectOf(old.pool);
    if (stringOf(pool.name) !== stringOf(oldPool.name)) errors.push(fieldInvalid('spec.pool.name', stringOf(pool.name), immutable));
    if (stringOf(spec.driver) !== stringOf(old.driver)) errors.push(fieldInvalid('spec.driver', stringOf(spec.driver), immutable));
    const nodeName = typeof spec.nodeName === 'string' ? spec.nodeName : null;
    if (nodeName !== (typeof old.nodeName === 'string' ? old.nodeName : null)) errors.push(fieldInvalid('spec.nodeName', nodeName, immutable));
  }
  errors.push(...nodeSelectionErrors(spec));
  errors.push(...boundedSetErrors(listAt(spec.devices), maxDevices, 'spec.devices', deviceErrors, (device) => stringOf(objectOf(device).name)));
  return errors;
}

export const resourceSliceErrors = (slice: JsonObject): FieldError[] => resourceSliceSpecErrors(objectOf(slice.spec), undefined);

export const resourceSliceUpdateErrors = (next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] => [
  ...withoutSpecErrors(objectErrors),
  ...resourceSliceSpecErrors(objectOf(next.spec), objectOf(old.spec)),
];
