// PriorityClass (scheduling.k8s.io): everything the API server does with priorityclasses, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultPriorityClass } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { priorityClassErrors, priorityClassUpdateErrors } from './priorityclasses/priority-class-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { priorityClassColumns } from './priorityclasses/priority-class-columns.ts';

// scheduling.k8s.io/v1: priority classes.
export const priorityClassResource: ResourceDefinition = {
  group: 'scheduling.k8s.io',
  version: 'v1',
  resource: 'priorityclasses',
  singularName: 'priorityclass',
  kind: 'PriorityClass',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['pc'],
  categories: [],
  subresources: [],
  storagePrefix: 'priorityclasses',
  behaviour: {
    strategy: {},
    defaults: defaultPriorityClass,
    validation: {
      validate: priorityClassErrors,
      validateUpdate: (next, old, objectErrors) => [...priorityClassUpdateErrors(next, old), ...objectErrors],
    },
    names: 'priorityClass',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: priorityClassColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
