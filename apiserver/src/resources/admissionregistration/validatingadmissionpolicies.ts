// ValidatingAdmissionPolicy (admissionregistration.k8s.io): everything the API server does with
// validatingadmissionpolicies, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { defaultAdmissionPolicy } from '../../registry/defaulting/admission-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { validatingAdmissionPolicyErrors } from './validatingadmissionpolicies/admission-policy-validation.ts';
import { withOldObject } from '../../registry/validation/kind-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { validatingAdmissionPolicyColumns } from '../../table/columns/cluster-extension-columns.ts';

export const validatingAdmissionPolicyResource: ResourceDefinition = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'validatingadmissionpolicies',
  singularName: 'validatingadmissionpolicy',
  kind: 'ValidatingAdmissionPolicy',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: ['api-extensions'],
  subresources: [status('ValidatingAdmissionPolicy')],
  storagePrefix: 'validatingadmissionpolicies',
  behaviour: {
    strategy: {},
    defaults: defaultAdmissionPolicy,
    validation: withOldObject(validatingAdmissionPolicyErrors),
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: validatingAdmissionPolicyColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
