// Binding (core): everything the API server does with bindings, in one place: what discovery says,
// and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { createOnly } from '../resource-facts.ts';
import { defaultColumns } from '../../table/table-columns.ts';

// core/v1: the legacy group served under /api/v1.
export const bindingResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'bindings',
  singularName: 'binding',
  kind: 'Binding',
  namespaced: true,
  verbs: createOnly,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'binding',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: {},
    // core/v1
    names: 'none',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: defaultColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
