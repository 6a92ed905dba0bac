// MutatingAdmissionPolicy (admissionregistration.k8s.io/v1beta1, served only with the
// MutatingAdmissionPolicy feature gate and the group-version enabled): everything the API server
// does with mutatingadmissionpolicies, in one place: what discovery says, and the behaviour its
// store, endpoints and Table output take from here. Unlike ValidatingAdmissionPolicy it has no status.

import { withOldObject } from '../../registry/validation/kind-validation.ts';
import { mutatingAdmissionPolicyColumns } from '../../table/columns/cluster-extension-columns.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { mutatingAdmissionPolicyErrors } from './mutatingadmissionpolicies/mutating-admission-policy-validation.ts';
import { validatingAdmissionPolicyResource } from './validatingadmissionpolicies.ts';

export const mutatingAdmissionPolicyResource: ResourceDefinition = {
  group: 'admissionregistration.k8s.io',
  version: 'v1beta1',
  resource: 'mutatingadmissionpolicies',
  singularName: 'mutatingadmissionpolicy',
  kind: 'MutatingAdmissionPolicy',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: ['api-extensions'],
  subresources: [],
  storagePrefix: 'mutatingadmissionpolicies',
  // Kube's strategy and defaults are the validating policy's (its spec has no status to keep apart).
  behaviour: {
    ...validatingAdmissionPolicyResource.behaviour,
    validation: withOldObject(mutatingAdmissionPolicyErrors),
    table: mutatingAdmissionPolicyColumns,
  },
};
