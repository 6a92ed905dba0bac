// NetworkPolicy (networking.k8s.io): everything the API server does with networkpolicies, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultNetworkPolicy } from '../../registry/defaulting/cluster-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { networkPolicyErrors } from './networkpolicies/network-policy-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { networkPolicyColumns } from '../../table/columns/policy-network-columns.ts';

export const networkPolicyResource: ResourceDefinition = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'networkpolicies',
  singularName: 'networkpolicy',
  kind: 'NetworkPolicy',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['netpol'],
  categories: [],
  subresources: [],
  storagePrefix: 'networkpolicies',
  behaviour: {
    strategy: {},
    defaults: defaultNetworkPolicy,
    validation: {
      validate: networkPolicyErrors,
    },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: networkPolicyColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
