// MutatingAdmissionPolicyBinding (admissionregistration.k8s.io/v1beta1, served only with the
// MutatingAdmissionPolicy feature gate and the group-version enabled): everything the API server
// does with mutatingadmissionpolicybindings, in one place: what discovery says, and the behaviour
// its store, endpoints and Table output take from here.

import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { mutatingAdmissionPolicyBindingErrors } from './mutatingadmissionpolicybindings/mutating-admission-policy-binding-validation.ts';
import { validatingAdmissionPolicyBindingResource } from './validatingadmissionpolicybindings.ts';

export const mutatingAdmissionPolicyBindingResource: ResourceDefinition = {
  group: 'admissionregistration.k8s.io',
  version: 'v1beta1',
  resource: 'mutatingadmissionpolicybindings',
  singularName: 'mutatingadmissionpolicybinding',
  kind: 'MutatingAdmissionPolicyBinding',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: ['api-extensions'],
  subresources: [],
  storagePrefix: 'mutatingadmissionpolicybindings',
  // Defaults, strategy and Table columns are the validating binding's; only the checks differ.
  behaviour: { ...validatingAdmissionPolicyBindingResource.behaviour, validation: { validate: mutatingAdmissionPolicyBindingErrors } },
};
