// MutatingAdmissionPolicy (admissionregistration.k8s.io/v1beta1) as kube checks it on create and
// update: what it shares with ValidatingAdmissionPolicy (failure policy, param kind, match
// constraints and conditions, variables), the operations a mutation can match, its mutations and
// its reinvocation policy.

import { fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import { isObject, objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { PolicyExpressions } from '../../../registry/validation/admission-cel-validation.ts';
import { admissionPolicySpecErrors } from '../validatingadmissionpolicies/admission-policy-validation.ts';

const mutatingOperations = ['*', 'CONNECT', 'CREATE', 'UPDATE'];
const patchTypes = ['ApplyConfiguration', 'JSONPatch'];
const reinvocationPolicies = ['IfNeeded', 'Never'];
/** Each patch type's own field, and the other one, which it forbids. */
const patchFields: Readonly<Record<string, readonly [string, string]>> = {
  ApplyConfiguration: ['applyConfiguration', 'jsonPatch'],
  JSONPatch: ['jsonPatch', 'applyConfiguration'],
};

/**
 * Only CREATE, UPDATE and CONNECT requests can be mutated: each other operation of the resource
 * rules of `match` (a policy's matchConstraints, a binding's matchResources) is refused, at a path
 * without the rule's index, as kube reports it.
 */
export function mutatingOperationsErrors(match: JsonObject, path: string): FieldError[] {
  return objectsAt(match, 'resourceRules').flatMap((rule) =>
    stringsOf(rule.operations)
      .filter((operation) => !mutatingOperations.includes(operation))
      .map((operation) => fieldNotSupported(`${path}.resourceRules.operations`, operation, mutatingOperations)),
  );
}

function mutationErrors(mutation: JsonObject, path: string, cel: PolicyExpressions): FieldError[] {
  const patchType = stringOf(mutation.patchType);
  if (patchType === '') return [fieldRequired(`${path}.patchType`)];
  const fields = patchFields[patchType];
  if (fields === undefined) return [fieldNotSupported(`${path}.patchType`, patchType, patchTypes)];
  const [own, other] = fields;
  const errors: FieldError[] = [];
  const patch = mutation[own];
  if (!isObject(patch)) errors.push(fieldRequired(`${path}.${own}`, `must be specified when patchType is ${patchType}`));
  else {
    // Kube compiles, and quotes, the trimmed expression.
    const expression = stringOf(patch.expression).trim();
    if (expression === '') errors.push(fieldRequired(`${path}.${own}.expression`));
    else errors.push(...cel.mutation(patchType as 'ApplyConfiguration' | 'JSONPatch', expression, `${path}.${own}.expression`));
  }
  if (isObject(mutation[other])) errors.push(fieldInvalid(`${path}.${other}`, `{${other}}`, `must not be specified when patchType is ${patchType}`));
  return errors;
}

/** On update, `old` decides whether match conditions are checked and which expressions count as stored. */
export function mutatingAdmissionPolicyErrors(policy: JsonObject, old?: JsonObject): FieldError[] {
  const spec = objectOf(policy.spec);
  const cel = new PolicyExpressions(policy, old, undefined, true);
  const errors = admissionPolicySpecErrors(spec, cel, (constraints) => mutatingOperationsErrors(constraints, 'spec.matchConstraints'));
  const mutations = objectsAt(spec, 'mutations');
  if (mutations.length === 0) errors.push(fieldRequired('spec.mutations', 'mutations must contain at least one item'));
  mutations.forEach((mutation, i) => errors.push(...mutationErrors(mutation, `spec.mutations[${i}]`, cel)));
  // Not a pointer in Go, and not defaulted: an empty value is a missing one.
  const reinvocationPolicy = stringOf(spec.reinvocationPolicy);
  if (reinvocationPolicy === '') errors.push(fieldRequired('spec.reinvocationPolicy'));
  else if (!reinvocationPolicies.includes(reinvocationPolicy)) errors.push(fieldNotSupported('spec.reinvocationPolicy', reinvocationPolicy, reinvocationPolicies));
  return errors;
}
