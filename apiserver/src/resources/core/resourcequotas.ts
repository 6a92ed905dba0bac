// ResourceQuota (core): everything the API server does with resourcequotas, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { resourceQuotaValidation } from './resourcequotas/resource-quota-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { resourceQuotaColumns } from '../../table/columns/policy-network-columns.ts';

export const resourceQuotaResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'resourcequotas',
  singularName: 'resourcequota',
  kind: 'ResourceQuota',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['quota'],
  categories: [],
  subresources: [status('ResourceQuota')],
  storagePrefix: 'resourcequotas',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: undefined,
    validation: resourceQuotaValidation,
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: resourceQuotaColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
