// StorageClass (storage.k8s.io): everything the API server does with storageclasses, in one place:
// what discovery says, and the behaviour its store, endpoints and Table output take from here.

import { defaultStorageClass } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { storageClassErrors } from './storageclasses/storage-class-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { storageClassColumns } from '../../table/columns/storage-columns.ts';

export const storageClassResource: ResourceDefinition = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'storageclasses',
  singularName: 'storageclass',
  kind: 'StorageClass',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['sc'],
  categories: [],
  subresources: [],
  storagePrefix: 'storageclasses',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: defaultStorageClass,
    validation: {
      validate: storageClassErrors,
    },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: storageClassColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
