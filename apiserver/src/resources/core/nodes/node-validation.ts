// ValidateNode and ValidateNodeUpdate: taints (kube reports them under metadata.taints), the
// quantities of the status, pod CIDRs (valid, one per family, no repeats); on update pod CIDRs
// and the provider ID may only be set once, and the external ID not at all.

import { fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, type FieldError, goStruct, type FieldBadValue } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { cidrNetworkFamilyOf, legacyCidrErrors } from '../../../registry/validation/ip-formats.ts';
import { resourceQuantityErrors } from '../../../registry/validation/resource-names.ts';
import { invalidEach, isQualifiedName, isValidLabelValue } from '../../../registry/validation/value-formats.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';

const taintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const cidrChange = 'node updates may not change podCIDR except from "" to valid';

/** The internal Node keeps podCIDRs only; a lone v1 podCIDR becomes its single entry. */
function podCidrsOf(node: JsonObject): string[] {
  const spec = objectOf(node.spec);
  if (Array.isArray(spec.podCIDRs) && spec.podCIDRs.length > 0) return spec.podCIDRs.map(String);
  return stringOf(spec.podCIDR) === '' ? [] : [stringOf(spec.podCIDR)];
}

/** A core.Taint as a field error prints it: its JSON with Go's field names (timeAdded a metav1.Time, null when unset). */
const taintValue = (taint: JsonObject): FieldBadValue => ({
  json: goStruct({
    Key: stringOf(taint.key),
    Value: stringOf(taint.value),
    Effect: stringOf(taint.effect),
    TimeAdded: typeof taint.timeAdded === 'string' ? taint.timeAdded : null,
  }),
});

function taintErrors(node: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Map<string, Set<string>>();
  objectsAt(objectOf(node.spec), 'taints').forEach((taint, i) => {
    const path = `metadata.taints[${i}]`;
    const key = stringOf(taint.key);
    const value = stringOf(taint.value);
    const effect = stringOf(taint.effect);
    errors.push(...invalidEach(`${path}.key`, key, isQualifiedName(key)));
    const valueMessages = isValidLabelValue(value);
    if (valueMessages.length > 0) errors.push(fieldInvalid(`${path}.value`, value, valueMessages.join(';')));
    if (effect === '') errors.push(fieldRequired(`${path}.effect`));
    else if (!taintEffects.includes(effect)) errors.push(fieldNotSupported(`${path}.effect`, effect, taintEffects));
    const keys = seen.get(effect) ?? new Set<string>();
    if (keys.has(key)) {
      errors.push({ ...fieldDuplicate(path, taintValue(taint)), detail: 'taints must be unique by key and effect pair' });
      return;
    }
    seen.set(effect, keys.add(key));
  });
  return errors;
}

/** ValidateNodeResources: status.capacity.<name> and status.allocatable.<name> (child paths, as kube writes them). */
function resourceErrors(node: JsonObject): FieldError[] {
  const status = objectOf(node.status);
  return ['capacity', 'allocatable'].flatMap((list) => {
    const resources = objectOf(status[list]);
    return Object.keys(resources)
      .sort()
      .flatMap((name) => resourceQuantityErrors(name, resources[name], `status.${list}.${name}`));
  });
}

function podCidrErrors(node: JsonObject): FieldError[] {
  const cidrs = podCidrsOf(node);
  const errors = cidrs.flatMap((cidr, i) => invalidEach(`spec.podCIDRs[${i}]`, cidr, legacyCidrErrors(cidr)));
  if (cidrs.length > 1) {
    const families = new Set(cidrs.map(cidrNetworkFamilyOf));
    if (cidrs.length > 2 || !(families.has(4) && families.has(6))) errors.push(fieldInvalid('spec.podCIDRs', cidrs, 'may specify no more than one CIDR for each IP family'));
    cidrs.forEach((cidr, i) => {
      if (cidrs.indexOf(cidr) < i) errors.push(fieldDuplicate(`spec.podCIDRs[${i}]`, cidr));
    });
  }
  return errors;
}

export function nodeErrors(node: JsonObject): FieldError[] {
  return [...taintErrors(node), ...resourceErrors(node), ...podCidrErrors(node)];
}

/** ValidateNodeUpdate, which checks the status quantities and the taints once more. */
function nodeUpdateErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const errors = resourceErrors(next);
  const newCidrs = podCidrsOf(next);
  const oldCidrs = podCidrsOf(old);
  if (oldCidrs.length > 0) {
    if (oldCidrs.length !== newCidrs.length) errors.push(fieldForbidden('spec.podCIDRs', cidrChange));
    else oldCidrs.forEach((cidr, i) => cidr !== newCidrs[i] && errors.push(fieldForbidden('spec.podCIDRs', cidrChange)));
  }
  const oldProvider = stringOf(objectOf(old.spec).providerID);
  if (oldProvider !== '' && oldProvider !== stringOf(objectOf(next.spec).providerID)) {
    errors.push(fieldForbidden('spec.providerID', 'node updates may not change providerID except from "" to valid'));
  }
  errors.push(...taintErrors(next));
  if (stringOf(objectOf(next.spec).externalID) !== stringOf(objectOf(old.spec).externalID)) errors.push(fieldForbidden('spec.externalID', 'may not be updated'));
  return errors;
}

export const nodeValidation: KindValidation = {
  validate: nodeErrors,
  validateUpdate: (next, old, objectErrors) => [...objectErrors, ...nodeUpdateErrors(next, old)],
};
