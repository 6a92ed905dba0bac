// CSIStorageCapacity (storage.k8s.io): everything the API server does with csistoragecapacities, in
// one place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { csiStorageCapacityErrors, csiStorageCapacityUpdateErrors } from './csistoragecapacities/csi-storage-capacity-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { csiStorageCapacityColumns } from '../../table/columns/cluster-extension-columns.ts';

export const csiStorageCapacityResource: ResourceDefinition = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'csistoragecapacities',
  singularName: 'csistoragecapacity',
  kind: 'CSIStorageCapacity',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'csistoragecapacities',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: { validate: csiStorageCapacityErrors, validateUpdate: csiStorageCapacityUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: csiStorageCapacityColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
