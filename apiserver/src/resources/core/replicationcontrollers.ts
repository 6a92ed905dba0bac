// ReplicationController (core): everything the API server does with replicationcontrollers, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultReplicationController } from '../../registry/defaulting/workload-defaults.ts';
import { at, count, notSupported, same } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { replicationControllerValidation } from './replicationcontrollers/replication-controller-validation.ts';
import { allVerbs, scale, status } from '../resource-facts.ts';
import { replicationControllerColumns } from '../../table/columns/workload-columns.ts';

export const replicationControllerResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'replicationcontrollers',
  singularName: 'replicationcontroller',
  kind: 'ReplicationController',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['rc'],
  categories: ['all'],
  subresources: [scale, status('ReplicationController')],
  storagePrefix: 'controllers',
  behaviour: {
    strategy: {},
    defaults: defaultReplicationController,
    validation: replicationControllerValidation,
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: {
      accepted: same('status.replicas'),
      metadataNamespace: true,
      readers: [['status.replicas', (object) => count(at(object, 'status', 'replicas'))]],
      unsupported: notSupported,
    },
    table: replicationControllerColumns,
    garbageCollection: 'OrphanDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
