// LimitRange (core): everything the API server does with limitranges, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { defaultLimitRange } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { limitRangeValidation } from './limitranges/limit-range-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { defaultColumns } from '../../table/table-columns.ts';

export const limitRangeResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'limitranges',
  singularName: 'limitrange',
  kind: 'LimitRange',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['limits'],
  categories: [],
  subresources: [],
  storagePrefix: 'limitranges',
  behaviour: {
    strategy: {},
    defaults: defaultLimitRange,
    validation: limitRangeValidation,
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: metadataFieldLabels,
    table: defaultColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
