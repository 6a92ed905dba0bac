// PodDisruptionBudget (policy): everything the API server does with poddisruptionbudgets, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { podDisruptionBudgetErrors } from './poddisruptionbudgets/pdb-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { podDisruptionBudgetColumns } from '../../table/columns/policy-network-columns.ts';

// policy/v1: pod disruption budgets.
export const podDisruptionBudgetResource: ResourceDefinition = {
  group: 'policy',
  version: 'v1',
  resource: 'poddisruptionbudgets',
  singularName: 'poddisruptionbudget',
  kind: 'PodDisruptionBudget',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['pdb'],
  categories: [],
  subresources: [status('PodDisruptionBudget')],
  storagePrefix: 'poddisruptionbudgets',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: {
      validate: podDisruptionBudgetErrors,
    },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: podDisruptionBudgetColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
