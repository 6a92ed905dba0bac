// Endpoints (core): everything the API server does with endpoints, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { defaultEndpoints } from './core-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { endpointsValidation } from './endpoints/endpoints-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { endpointsColumns } from '../../table/columns/endpoint-columns.ts';

export const endpointsResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'endpoints',
  singularName: 'endpoints',
  kind: 'Endpoints',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['ep'],
  categories: [],
  subresources: [],
  storagePrefix: 'services/endpoints',
  behaviour: {
    strategy: {},
    defaults: defaultEndpoints,
    validation: endpointsValidation,
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: metadataFieldLabels,
    table: endpointsColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
