// ControllerRevision (apps): everything the API server does with controllerrevisions, in one place:
// what discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { controllerRevisionValidation } from './controllerrevisions/controller-revision-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { controllerRevisionColumns } from '../../table/columns/workload-columns.ts';

// apps/v1: workload controllers.
export const controllerRevisionResource: ResourceDefinition = {
  group: 'apps',
  version: 'v1',
  resource: 'controllerrevisions',
  singularName: 'controllerrevision',
  kind: 'ControllerRevision',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'controllerrevisions',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: controllerRevisionValidation,
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: controllerRevisionColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
