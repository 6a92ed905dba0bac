// ReplicaSet (apps): everything the API server does with replicasets, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { defaultReplicaSet } from '../../registry/defaulting/workload-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { selectorErrors } from '../../registry/validation/update-validation.ts';
import { emptySelectorErrors, longRunningTemplateErrors, selectedWorkloadErrors } from '../../registry/validation/workload-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, scale, status } from '../resource-facts.ts';
import { replicaSetColumns } from '../../table/columns/workload-columns.ts';

export const replicaSetResource: ResourceDefinition = {
  group: 'apps',
  version: 'v1',
  resource: 'replicasets',
  singularName: 'replicaset',
  kind: 'ReplicaSet',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['rs'],
  categories: ['all'],
  subresources: [scale, status('ReplicaSet')],
  storagePrefix: 'replicasets',
  behaviour: {
    strategy: {},
    defaults: defaultReplicaSet,
    validation: {
      validate: (replicaSet) => [...emptySelectorErrors(replicaSet, 'deployment'), ...selectedWorkloadErrors(replicaSet), ...longRunningTemplateErrors(replicaSet, 'ReplicaSet')],
      validateUpdate: (next, old, objectErrors) => [...objectErrors, ...selectorErrors(next, old)],
    },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: replicaSetColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
