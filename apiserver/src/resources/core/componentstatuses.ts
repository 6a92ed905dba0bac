// ComponentStatus (core): everything the API server does with componentstatuses, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { componentStatusColumns } from './componentstatuses/component-status-columns.ts';

export const componentStatusResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'componentstatuses',
  singularName: 'componentstatus',
  kind: 'ComponentStatus',
  namespaced: false,
  verbs: ['get', 'list'],
  shortNames: ['cs'],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'component-statuses',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: {},
    names: 'none',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: componentStatusColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
