// EndpointSlice (discovery.k8s.io): everything the API server does with endpointslices, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultEndpointSlice } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { endpointSliceErrors, endpointSliceUpdateErrors } from './endpointslices/endpoint-slice-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { endpointSliceColumns } from '../../table/columns/endpoint-columns.ts';

// discovery.k8s.io/v1: endpoint slices.
export const endpointSliceResource: ResourceDefinition = {
  group: 'discovery.k8s.io',
  version: 'v1',
  resource: 'endpointslices',
  singularName: 'endpointslice',
  kind: 'EndpointSlice',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'endpointslices',
  behaviour: {
    strategy: {},
    defaults: defaultEndpointSlice,
    validation: { validate: endpointSliceErrors, validateUpdate: endpointSliceUpdateErrors },
    names: 'dns1123Subdomain',
    generation: { setOnCreate: true, bump: 'allButMetadataOrLabels' },
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: endpointSliceColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
