// DeviceClass (resource.k8s.io): everything the API server does with deviceclasses, in one place:
// what discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { deviceClassStrategy } from './resource-strategies.ts';
import { deviceClassErrors, deviceClassUpdateErrors } from './deviceclasses/device-class-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { nameAndAgeColumns } from './resource-columns.ts';

// resource.k8s.io/v1: dynamic resource allocation.
export const deviceClassResource: ResourceDefinition = {
  group: 'resource.k8s.io',
  version: 'v1',
  resource: 'deviceclasses',
  singularName: 'deviceclass',
  kind: 'DeviceClass',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'deviceclasses',
  behaviour: {
    strategy: { ...deviceClassStrategy, returnsDeletedObject: true },
    defaults: undefined,
    validation: { validate: deviceClassErrors, validateUpdate: deviceClassUpdateErrors },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: nameAndAgeColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
