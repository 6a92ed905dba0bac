// ResourceSlice (resource.k8s.io): everything the API server does with resourceslices, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { field, same } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { resourceSliceStrategy } from './resource-strategies.ts';
import { resourceSliceErrors, resourceSliceUpdateErrors } from './resourceslices/resource-slice-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { resourceSliceColumns } from './resource-columns.ts';

export const resourceSliceResource: ResourceDefinition = {
  group: 'resource.k8s.io',
  version: 'v1',
  resource: 'resourceslices',
  singularName: 'resourceslice',
  kind: 'ResourceSlice',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'resourceslices',
  behaviour: {
    strategy: { ...resourceSliceStrategy, returnsDeletedObject: true },
    defaults: undefined,
    validation: { validate: resourceSliceErrors, validateUpdate: resourceSliceUpdateErrors },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: {
      accepted: same('spec.nodeName', 'spec.driver'),
      metadataNamespace: false,
      readers: [
        ['spec.nodeName', field('spec', 'nodeName')],
        ['spec.driver', field('spec', 'driver')],
      ],
      unsupported: (label) => `field label not supported for resource.k8s.io/v1, Kind=ResourceSlice: ${label}`,
    },
    table: resourceSliceColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
