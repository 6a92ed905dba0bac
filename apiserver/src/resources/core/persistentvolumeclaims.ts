// PersistentVolumeClaim (core): everything the API server does with persistentvolumeclaims, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultPersistentVolumeClaim } from './core-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { persistentVolumeClaimErrors } from './persistentvolumeclaims/pvc-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { persistentVolumeClaimColumns } from '../../table/columns/storage-columns.ts';

export const persistentVolumeClaimResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'persistentvolumeclaims',
  singularName: 'persistentvolumeclaim',
  kind: 'PersistentVolumeClaim',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['pvc'],
  categories: [],
  subresources: [status('PersistentVolumeClaim')],
  storagePrefix: 'persistentvolumeclaims',
  behaviour: {
    // The kinds whose delete kube answers with the object (their storage's ReturnDeletedObject).
    strategy: returnsDeletedObject,
    defaults: defaultPersistentVolumeClaim,
    validation: {
      validate: persistentVolumeClaimErrors,
    },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: { phase: 'Pending' },
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: persistentVolumeClaimColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
