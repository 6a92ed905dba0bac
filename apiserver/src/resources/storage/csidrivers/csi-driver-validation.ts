// CSIDriver (storage.k8s.io/v1): the spec's required switches, its fsGroupPolicy, token requests,
// lifecycle modes and allocatable update period; attachRequired and the lifecycle modes are fixed.
// Also the check of a CSI driver's name that CSINodes and VolumeAttachments make.

import { isDeepStrictEqual } from 'node:util';
import { fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, fieldTooLong, type FieldBadValue, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { stringsOrNull } from '../../../registry/validation/internal-type-values.ts';

const fsGroupPolicies = ['File', 'None', 'ReadWriteOnceWithFSType'];
const lifecycleModes = ['Persistent', 'Ephemeral'];
const minTokenSeconds = 10 * 60;
const maxTokenSeconds = 2 ** 32;
const minAllocatableUpdatePeriod = 10;

/** ValidateCSIDriverName: required, at most 63 characters, a DNS subdomain once lower-cased. */
export function csiDriverNameErrors(name: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (name === '') errors.push(fieldRequired(path));
  if (name.length > 63) errors.push(fieldTooLong(path, 63));
  for (const message of isDNS1123Subdomain(name.toLowerCase())) errors.push(fieldInvalid(path, name, message));
  return errors;
}

export function csiDriverErrors(driver: JsonObject): FieldError[] {
  const spec = objectOf(driver.spec);
  const errors: FieldError[] = [];
  // kube names attachRequired "attachedRequired" in its errors.
  const required: ReadonlyArray<readonly [string, string]> = [
    ['attachRequired', 'spec.attachedRequired'],
    ['podInfoOnMount', 'spec.podInfoOnMount'],
    ['storageCapacity', 'spec.storageCapacity'],
  ];
  for (const [key, path] of required) if (typeof spec[key] !== 'boolean') errors.push(fieldRequired(path));
  const policy = spec.fsGroupPolicy;
  if (typeof policy === 'string' && !fsGroupPolicies.includes(policy)) errors.push(fieldNotSupported('spec.fsGroupPolicy', policy, fsGroupPolicies));
  errors.push(...tokenRequestErrors(objectsAt(spec, 'tokenRequests')));
  const modes = stringsOf(spec.volumeLifecycleModes);
  for (const mode of modes) if (!lifecycleModes.includes(mode)) errors.push(fieldNotSupported('spec.volumeLifecycleModes', mode, lifecycleModes));
  if (typeof spec.seLinuxMount !== 'boolean') errors.push(fieldRequired('spec.seLinuxMount'));
  const period = spec.nodeAllocatableUpdatePeriodSeconds;
  if (typeof period === 'number' && period < minAllocatableUpdatePeriod) {
    errors.push(fieldInvalid('spec.nodeAllocatableUpdatePeriodSeconds', period, 'must be greater than or equal to 10 seconds'));
  }
  return errors;
}

/** Audiences are unique (a repeat is reported and not checked further); lifetimes within bounds. */
function tokenRequestErrors(requests: readonly JsonObject[]): FieldError[] {
  const errors: FieldError[] = [];
  const audiences = new Set<string>();
  requests.forEach((request, i) => {
    const audience = stringOf(request.audience);
    if (audiences.has(audience)) {
      errors.push(fieldDuplicate(`spec.tokenRequests[${i}].audience`, audience));
      return;
    }
    audiences.add(audience);
    const seconds = request.expirationSeconds;
    if (typeof seconds !== 'number') return;
    const path = `spec.tokenRequests[${i}].expirationSeconds`;
    if (seconds < minTokenSeconds) errors.push(fieldInvalid(path, seconds, 'may not specify a duration less than 10 minutes'));
    if (seconds > maxTokenSeconds) errors.push(fieldInvalid(path, seconds, 'may not specify a duration larger than 2^32 seconds'));
  });
  return errors;
}

export function csiDriverUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const errors = [...objectErrors];
  const newSpec = objectOf(next.spec);
  const oldSpec = objectOf(old.spec);
  if (newSpec.attachRequired !== oldSpec.attachRequired) {
    errors.push(fieldInvalid('spec.attachedRequired', typeof newSpec.attachRequired === 'boolean' ? newSpec.attachRequired : null, 'field is immutable'));
  }
  if (!isDeepStrictEqual(newSpec.volumeLifecycleModes, oldSpec.volumeLifecycleModes)) {
    const modes = newSpec.volumeLifecycleModes;
    const value: FieldBadValue = { json: stringsOrNull(modes) };
    errors.push(fieldInvalid('spec.volumeLifecycleModes', value, 'field is immutable'));
  }
  return errors;
}
