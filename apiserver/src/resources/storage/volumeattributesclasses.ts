// VolumeAttributesClass (storage.k8s.io): everything the API server does with
// volumeattributesclasses, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { volumeAttributesClassErrors, volumeAttributesClassUpdateErrors } from './volumeattributesclasses/volume-attributes-class-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { volumeAttributesClassColumns } from '../../table/columns/cluster-extension-columns.ts';

export const volumeAttributesClassResource: ResourceDefinition = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'volumeattributesclasses',
  singularName: 'volumeattributesclass',
  kind: 'VolumeAttributesClass',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['vac'],
  categories: [],
  subresources: [],
  storagePrefix: 'volumeattributesclasses',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: undefined,
    validation: { validate: volumeAttributesClassErrors, validateUpdate: volumeAttributesClassUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: volumeAttributesClassColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
