// PriorityClass (scheduling.k8s.io/v1): user-defined values up to one billion, the "system-" names
// kept for kube's two system classes, a supported preemption policy; value and policy fixed once set.

import { fieldForbidden, fieldInvalid, fieldNotSupported, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';

const highestUserDefinablePriority = 1_000_000_000;
const systemClasses: ReadonlyMap<string, number> = new Map([
  ['system-node-critical', 2_000_001_000],
  ['system-cluster-critical', 2_000_000_000],
]);
const preemptionPolicies = ['PreemptLowerPriority', 'Never'];

/** IsKnownSystemPriorityClass: why a "system-" class is not one of kube's, if it is not. */
function systemClassError(name: string, value: unknown, globalDefault: unknown): string | undefined {
  const known = systemClasses.get(name);
  if (known === undefined) return `${name} is not a known system priority class`;
  if (value !== known) return `value of ${name} PriorityClass must be ${known}`;
  if (globalDefault === true) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

export function priorityClassErrors(priorityClass: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(objectOf(priorityClass.metadata).name);
  const value = priorityClass.value;
  if (name.startsWith('system-')) {
    const reason = systemClassError(name, value, priorityClass.globalDefault);
    if (reason !== undefined) errors.push(fieldForbidden('metadata.name', `priority class names with 'system-' prefix are reserved for system use only. error: ${reason}`));
  } else if (typeof value === 'number' && value > highestUserDefinablePriority) {
    errors.push(fieldForbidden('value', `maximum allowed value of a user defined priority is ${highestUserDefinablePriority}`));
  }
  const policy = priorityClass.preemptionPolicy;
  if (typeof policy === 'string' && !preemptionPolicies.includes(policy)) errors.push(fieldNotSupported('preemptionPolicy', policy, preemptionPolicies));
  return errors;
}

export function priorityClassUpdateErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  if (next.value !== old.value) errors.push(fieldForbidden('value', 'may not be changed in an update.'));
  if (next.preemptionPolicy !== old.preemptionPolicy) {
    errors.push(fieldInvalid('preemptionPolicy', typeof next.preemptionPolicy === 'string' ? next.preemptionPolicy : null, 'field is immutable'));
  }
  return errors;
}
