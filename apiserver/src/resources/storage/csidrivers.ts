// CSIDriver (storage.k8s.io): everything the API server does with csidrivers, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { defaultCsiDriver } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { csiDriverErrors, csiDriverUpdateErrors } from './csidrivers/csi-driver-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { csiDriverColumns } from '../../table/columns/cluster-extension-columns.ts';

// storage.k8s.io/v1: storage classes, CSI objects and volume attachments.
export const csiDriverResource: ResourceDefinition = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'csidrivers',
  singularName: 'csidriver',
  kind: 'CSIDriver',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'csidrivers',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: defaultCsiDriver,
    validation: { validate: csiDriverErrors, validateUpdate: csiDriverUpdateErrors },
    names: 'csiDriver',
    // CSIDriver bumps on spec changes but its PrepareForCreate leaves generation as sent.
    generation: { setOnCreate: false, bump: 'spec' },
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: csiDriverColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
