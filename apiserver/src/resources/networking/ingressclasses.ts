// IngressClass (networking.k8s.io): everything the API server does with ingressclasses, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { ingressClassErrors, ingressClassUpdateErrors } from './ingressclasses/ingress-class-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { ingressClassColumns } from '../../table/columns/policy-network-columns.ts';

// networking.k8s.io/v1: ingresses, network policies, service CIDRs and IP addresses.
export const ingressClassResource: ResourceDefinition = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'ingressclasses',
  singularName: 'ingressclass',
  kind: 'IngressClass',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'ingressclasses',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: { validate: ingressClassErrors, validateUpdate: ingressClassUpdateErrors },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: ingressClassColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
