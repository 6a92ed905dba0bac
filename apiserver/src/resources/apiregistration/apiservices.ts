// APIService (apiregistration.k8s.io): everything the API server does with apiservices, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultApiService } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { apiServiceErrors } from './apiservices/api-service-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { apiServiceColumns } from '../../table/columns/cluster-extension-columns.ts';

// apiregistration.k8s.io/v1: aggregated API services; stored by kube-aggregator under <group>/<resource>.
export const apiServiceResource: ResourceDefinition = {
  group: 'apiregistration.k8s.io',
  version: 'v1',
  resource: 'apiservices',
  singularName: 'apiservice',
  kind: 'APIService',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: ['api-extensions'],
  subresources: [status('APIService')],
  storagePrefix: 'apiregistration.k8s.io/apiservices',
  behaviour: {
    strategy: {},
    defaults: defaultApiService,
    validation: { validate: apiServiceErrors },
    names: 'apiService',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: apiServiceColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
