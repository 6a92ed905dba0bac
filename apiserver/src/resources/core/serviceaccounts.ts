// ServiceAccount (core): everything the API server does with serviceaccounts, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, createOnly } from '../resource-facts.ts';
import { serviceAccountColumns } from './config-columns.ts';

export const serviceAccountResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'serviceaccounts',
  singularName: 'serviceaccount',
  kind: 'ServiceAccount',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['sa'],
  categories: [],
  subresources: [{ name: 'token', kind: 'TokenRequest', group: 'authentication.k8s.io', version: 'v1', verbs: createOnly, endpoint: 'token' }],
  storagePrefix: 'serviceaccounts',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: undefined,
    validation: {},
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: metadataFieldLabels,
    table: serviceAccountColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
