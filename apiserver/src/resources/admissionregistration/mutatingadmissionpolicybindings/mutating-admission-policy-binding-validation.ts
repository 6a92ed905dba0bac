// MutatingAdmissionPolicyBinding (admissionregistration.k8s.io/v1beta1): the policy it binds, where
// its parameters come from, and what it matches, which must be operations a mutation can apply to.

import type { FieldError } from '@capstan/common';
import { isObject, objectOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { mutatingOperationsErrors } from '../mutatingadmissionpolicies/mutating-admission-policy-validation.ts';
import { admissionPolicyBindingSpecErrors } from '../validatingadmissionpolicybindings/admission-policy-binding-validation.ts';

export function mutatingAdmissionPolicyBindingErrors(binding: JsonObject): FieldError[] {
  const spec = objectOf(binding.spec);
  const errors = admissionPolicyBindingSpecErrors(spec);
  if (isObject(spec.matchResources)) errors.push(...mutatingOperationsErrors(spec.matchResources, 'spec.matchResources'));
  return errors;
}
