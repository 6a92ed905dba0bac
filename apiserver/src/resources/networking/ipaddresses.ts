// IPAddress (networking.k8s.io): everything the API server does with ipaddresses, in one place:
// what discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { ipAddressErrors, ipAddressUpdateErrors } from './ipaddresses/ip-address-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { ipAddressColumns } from '../../table/columns/policy-network-columns.ts';

export const ipAddressResource: ResourceDefinition = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'ipaddresses',
  singularName: 'ipaddress',
  kind: 'IPAddress',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['ip'],
  categories: [],
  subresources: [],
  storagePrefix: 'ipaddresses',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: { validate: ipAddressErrors, validateUpdate: ipAddressUpdateErrors },
    names: 'ipAddress',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: ipAddressColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
