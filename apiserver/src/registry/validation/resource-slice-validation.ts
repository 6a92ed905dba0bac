// ResourceSlice (resource.k8s.io/v1): its driver, its pool, which nodes reach it (exactly one of
// nodeName, nodeSelector and allNodes) and its devices, their attributes and capacities. The
// driver, pool name and node name are fixed once created.
//
// Fields of gates off in 1.35 are left alone, as kube drops them before validating:
// perDeviceNodeSelection, sharedCounters and the devices' consumesCounters and node fields
// (DRAPartitionableDevices), taints (DRADeviceTaints), binding conditions
// (DRADeviceBindingConditions), allowMultipleAllocations and capacity request policies
// (DRAConsumableCapacity). With no taints or counters, a slice may hold 128 devices.

import { fieldInvalid, fieldRequired, fieldTooLong, goQuote, type FieldBadValue, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject } from '../defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../name-validation.ts';
import { boundedSetErrors, listAt } from './bounded-list-validation.ts';
import { csiDriverNameErrors } from './csi-driver-validation.ts';
import { deviceAttributeErrors, qualifiedNameErrors } from './device-attribute-validation.ts';
import { nodeSelectorErrors } from './node-selector-validation.ts';
import { withoutSpecErrors } from './resource-update-order.ts';

const maxDevices = 128;
const maxPoolNameLength = 253;
const maxAttributesAndCapacities = 32;
/** A domain of 63 characters, a slash and an identifier of 32: longer keys are shortened in paths. */
const maxAttributeKeyLength = 63 + 1 + 32;
const immutable = 'field is immutable';
const nodeFieldsRequired = 'exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const specOf = (slice: JsonObject): JsonObject => (isObject(slice.spec) ? slice.spec : {});
const invalidEach = (path: string, value: string, messages: readonly string[]): FieldError[] => messages.map((message) => fieldInvalid(path, value, message));

function poolErrors(pool: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = text(pool.name);
  if (name === '') errors.push(fieldRequired(`${path}.name`));
  else {
    if (name.length > maxPoolNameLength) errors.push(fieldTooLong(`${path}.name`, maxPoolNameLength));
    for (const part of name.split('/')) errors.push(...invalidEach(`${path}.name`, part, isDNS1123Subdomain(part)));
  }
  const count = typeof pool.resourceSliceCount === 'number' ? pool.resourceSliceCount : 0;
  if (count <= 0) errors.push(fieldInvalid(`${path}.resourceSliceCount`, count, 'must be greater than zero'));
  const generation = typeof pool.generation === 'number' ? pool.generation : 0;
  if (generation < 0) errors.push(fieldInvalid(`${path}.generation`, generation, 'must be greater than or equal to zero'));
  return errors;
}

/** Go's %#v of a list of internal NodeSelectorRequirements. */
function requirementsGoSyntax(requirements: unknown): string {
  if (!Array.isArray(requirements)) return '[]core.NodeSelectorRequirement(nil)';
  const items = requirements.filter(isObject).map((requirement) => {
    const values = Array.isArray(requirement.values) ? `[]string{${requirement.values.map((value) => goQuote(String(value))).join(', ')}}` : '[]string(nil)';
    return `core.NodeSelectorRequirement{Key:${goQuote(text(requirement.key))}, Operator:${goQuote(text(requirement.operator))}, Values:${values}}`;
  });
  return `[]core.NodeSelectorRequirement{${items.join(', ')}}`;
}

function nodeSelectorTermsGoSyntax(terms: unknown): FieldBadValue {
  if (!Array.isArray(terms)) return { goSyntax: '[]core.NodeSelectorTerm(nil)' };
  const items = terms
    .filter(isObject)
    .map((term) => `core.NodeSelectorTerm{MatchExpressions:${requirementsGoSyntax(term.matchExpressions)}, MatchFields:${requirementsGoSyntax(term.matchFields)}}`);
  return { goSyntax: `[]core.NodeSelectorTerm{${items.join(', ')}}` };
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
      errors.push(fieldInvalid('spec.nodeSelector.nodeSelectorTerms', nodeSelectorTermsGoSyntax(terms), 'must have exactly one node selector term'));
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
  const device = isObject(item) ? item : {};
  const name = text(device.name);
  const errors = invalidEach(`${path}.name`, name, isDNS1123Label(name));
  const attributes = isObject(device.attributes) ? device.attributes : {};
  const capacity = isObject(device.capacity) ? device.capacity : {};
  const total = Object.keys(attributes).length + Object.keys(capacity).length;
  if (total > maxAttributesAndCapacities) {
    errors.push(fieldInvalid(path, total, `the total number of attributes and capacities must not exceed ${maxAttributesAndCapacities}`));
  }
  for (const [key, attribute] of Object.entries(attributes)) {
    const keyPath = `${path}.attributes[${keyInPath(key)}]`;
    errors.push(...qualifiedNameErrors(key, keyPath), ...deviceAttributeErrors(isObject(attribute) ? attribute : {}, keyPath));
  }
  for (const key of Object.keys(capacity)) errors.push(...qualifiedNameErrors(key, `${path}.capacity[${keyInPath(key)}]`));
  return errors;
}

/** `old`, on update: the driver, pool name and node name must be as they were. */
function resourceSliceSpecErrors(spec: JsonObject, old: JsonObject | undefined): FieldError[] {
  const pool = isObject(spec.pool) ? spec.pool : {};
  const errors = [...csiDriverNameErrors(text(spec.driver), 'spec.driver'), ...poolErrors(pool, 'spec.pool')];
  if (old !== undefined) {
    const oldPool = isObject(old.pool) ? old.pool : {};
    if (text(pool.name) !== text(oldPool.name)) errors.push(fieldInvalid('spec.pool.name', text(pool.name), immutable));
    if (text(spec.driver) !== text(old.driver)) errors.push(fieldInvalid('spec.driver', text(spec.driver), immutable));
    const nodeName = typeof spec.nodeName === 'string' ? spec.nodeName : null;
    if (nodeName !== (typeof old.nodeName === 'string' ? old.nodeName : null)) errors.push(fieldInvalid('spec.nodeName', nodeName, immutable));
  }
  errors.push(...nodeSelectionErrors(spec));
  errors.push(...boundedSetErrors(listAt(spec.devices), maxDevices, 'spec.devices', deviceErrors, (device) => (isObject(device) ? text(device.name) : '')));
  return errors;
}

export const resourceSliceErrors = (slice: JsonObject): FieldError[] => resourceSliceSpecErrors(specOf(slice), undefined);

export const resourceSliceUpdateErrors = (next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] => [
  ...withoutSpecErrors(objectErrors),
  ...resourceSliceSpecErrors(specOf(next), specOf(old)),
];
