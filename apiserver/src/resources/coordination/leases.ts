// Lease (coordination.k8s.io): everything the API server does with leases, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { leaseErrors } from './leases/lease-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { leaseColumns } from './leases/lease-columns.ts';

// coordination.k8s.io/v1: leases.
export const leaseResource: ResourceDefinition = {
  group: 'coordination.k8s.io',
  version: 'v1',
  resource: 'leases',
  singularName: 'lease',
  kind: 'Lease',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'leases',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: { validate: leaseErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: metadataFieldLabels,
    table: leaseColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
