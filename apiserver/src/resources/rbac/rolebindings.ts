// RoleBinding (rbac.authorization.k8s.io): everything the API server does with rolebindings, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultRoleBinding } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { roleBindingErrors } from './rbac-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { roleBindingColumns } from './rbac-columns.ts';

export const roleBindingResource: ResourceDefinition = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  resource: 'rolebindings',
  singularName: 'rolebinding',
  kind: 'RoleBinding',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'rolebindings',
  behaviour: {
    strategy: {},
    defaults: defaultRoleBinding,
    validation: {
      validate: roleBindingErrors,
    },
    names: 'pathSegment',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: metadataFieldLabels,
    table: roleBindingColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
