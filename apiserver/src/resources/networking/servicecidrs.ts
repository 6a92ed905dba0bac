// ServiceCIDR (networking.k8s.io): everything the API server does with servicecidrs, in one place:
// what discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { serviceCidrErrors, serviceCidrUpdateErrors } from './servicecidrs/service-cidr-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { serviceCIDRColumns } from '../../table/columns/policy-network-columns.ts';

export const serviceCIDRResource: ResourceDefinition = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'servicecidrs',
  singularName: 'servicecidr',
  kind: 'ServiceCIDR',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [status('ServiceCIDR')],
  storagePrefix: 'servicecidrs',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: { validate: serviceCidrErrors, validateUpdate: serviceCidrUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: serviceCIDRColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
