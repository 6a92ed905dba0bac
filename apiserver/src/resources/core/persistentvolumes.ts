// PersistentVolume (core): everything the API server does with persistentvolumes, in one place:
// what discovery says, and the behaviour its store, endpoints and Table output take from here.

import { defaultPersistentVolume } from './core-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { persistentVolumeStrategy } from './persistentvolumes/persistent-volume-strategy.ts';
import { persistentVolumeValidation } from './persistentvolumes/persistent-volume-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { persistentVolumeColumns } from '../../table/columns/storage-columns.ts';

export const persistentVolumeResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'persistentvolumes',
  singularName: 'persistentvolume',
  kind: 'PersistentVolume',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['pv'],
  categories: [],
  subresources: [status('PersistentVolume')],
  storagePrefix: 'persistentvolumes',
  behaviour: {
    strategy: persistentVolumeStrategy,
    defaults: defaultPersistentVolume,
    validation: persistentVolumeValidation,
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: { phase: 'Pending' },
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: persistentVolumeColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
