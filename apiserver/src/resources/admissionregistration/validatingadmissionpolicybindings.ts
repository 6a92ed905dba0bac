// ValidatingAdmissionPolicyBinding (admissionregistration.k8s.io): everything the API server does
// with validatingadmissionpolicybindings, in one place: what discovery says, and the behaviour its
// store, endpoints and Table output take from here.

import { defaultAdmissionPolicyBinding } from '../../registry/defaulting/admission-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { validatingAdmissionPolicyBindingErrors } from './validatingadmissionpolicybindings/admission-policy-binding-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { admissionPolicyBindingColumns } from '../../table/columns/cluster-extension-columns.ts';

export const validatingAdmissionPolicyBindingResource: ResourceDefinition = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'validatingadmissionpolicybindings',
  singularName: 'validatingadmissionpolicybinding',
  kind: 'ValidatingAdmissionPolicyBinding',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: ['api-extensions'],
  subresources: [],
  storagePrefix: 'validatingadmissionpolicybindings',
  behaviour: {
    strategy: {},
    defaults: defaultAdmissionPolicyBinding,
    validation: { validate: validatingAdmissionPolicyBindingErrors },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: admissionPolicyBindingColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
