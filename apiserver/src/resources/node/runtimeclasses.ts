// RuntimeClass (node.k8s.io): everything the API server does with runtimeclasses, in one place:
// what discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { runtimeClassErrors, runtimeClassUpdateErrors } from './runtimeclasses/runtime-class-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { runtimeClassColumns } from '../../table/columns/policy-network-columns.ts';

// node.k8s.io/v1: runtime classes.
export const runtimeClassResource: ResourceDefinition = {
  group: 'node.k8s.io',
  version: 'v1',
  resource: 'runtimeclasses',
  singularName: 'runtimeclass',
  kind: 'RuntimeClass',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'runtimeclasses',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: { validate: runtimeClassErrors, validateUpdate: runtimeClassUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: runtimeClassColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
