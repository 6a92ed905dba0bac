// CSINode (storage.k8s.io): everything the API server does with csinodes, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { csiNodeErrors, csiNodeUpdateErrors } from './csinodes/csi-node-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { csiNodeColumns } from '../../table/columns/cluster-extension-columns.ts';

export const csiNodeResource: ResourceDefinition = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'csinodes',
  singularName: 'csinode',
  kind: 'CSINode',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'csinodes',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: undefined,
    validation: { validate: csiNodeErrors, validateUpdate: csiNodeUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: csiNodeColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
