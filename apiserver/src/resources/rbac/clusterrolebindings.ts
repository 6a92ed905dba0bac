// ClusterRoleBinding (rbac.authorization.k8s.io): everything the API server does with
// clusterrolebindings, in one place: what discovery says, and the behaviour its store, endpoints
// and Table output take from here.

import { defaultRoleBinding } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { clusterRoleBindingErrors } from './rbac-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { clusterRoleBindingColumns } from './rbac-columns.ts';

// rbac.authorization.k8s.io/v1: roles and bindings.
export const clusterRoleBindingResource: ResourceDefinition = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  resource: 'clusterrolebindings',
  singularName: 'clusterrolebinding',
  kind: 'ClusterRoleBinding',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'clusterrolebindings',
  behaviour: {
    strategy: {},
    defaults: defaultRoleBinding,
    validation: {
      validate: clusterRoleBindingErrors,
    },
    names: 'pathSegment',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: metadataFieldLabels,
    table: clusterRoleBindingColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
