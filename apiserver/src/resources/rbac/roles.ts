// Role (rbac.authorization.k8s.io): everything the API server does with roles, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { roleErrors } from './rbac-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { defaultColumns } from '../../table/table-columns.ts';

export const roleResource: ResourceDefinition = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  resource: 'roles',
  singularName: 'role',
  kind: 'Role',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'roles',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: {
      validate: roleErrors,
    },
    names: 'pathSegment',
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
