// VolumeAttachment (storage.k8s.io): everything the API server does with volumeattachments, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { volumeAttachmentCreateErrors, volumeAttachmentErrors, volumeAttachmentUpdateErrors } from './volumeattachments/volume-attachment-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { volumeAttachmentColumns } from '../../table/columns/cluster-extension-columns.ts';

export const volumeAttachmentResource: ResourceDefinition = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'volumeattachments',
  singularName: 'volumeattachment',
  kind: 'VolumeAttachment',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [status('VolumeAttachment')],
  storagePrefix: 'volumeattachments',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: undefined,
    validation: { validate: volumeAttachmentErrors, validateCreate: volumeAttachmentCreateErrors, validateUpdate: volumeAttachmentUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: volumeAttachmentColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
