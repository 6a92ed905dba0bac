// ConfigMap (core): everything the API server does with configmaps, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { configMapErrors } from './config-validation.ts';
import { immutableDataErrors } from '../../registry/validation/update-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { configMapColumns } from './config-columns.ts';

export const configMapResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'configmaps',
  singularName: 'configmap',
  kind: 'ConfigMap',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['cm'],
  categories: [],
  subresources: [],
  storagePrefix: 'configmaps',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: {
      validate: configMapErrors,
      validateUpdate: (next, old, objectErrors) => [...immutableDataErrors(next, old, ['data', 'binaryData']), ...objectErrors],
    },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: configMapColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
