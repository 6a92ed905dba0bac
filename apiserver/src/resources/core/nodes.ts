// Node (core): everything the API server does with nodes, in one place: what discovery says, and
// the behaviour its store, endpoints and Table output take from here.

import { defaultNode } from '../../registry/defaulting/cluster-defaults.ts';
import { at, flag, notSupported, same } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { nodeValidation } from './nodes/node-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, proxyVerbs, status } from '../resource-facts.ts';
import { nodeColumns } from './nodes/node-columns.ts';

export const nodeResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'nodes',
  singularName: 'node',
  kind: 'Node',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['no'],
  categories: [],
  subresources: [{ name: 'proxy', kind: 'NodeProxyOptions', verbs: proxyVerbs, endpoint: 'proxy' }, status('Node')],
  storagePrefix: 'minions',
  behaviour: {
    strategy: {},
    defaults: defaultNode,
    validation: nodeValidation,
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    // A kubelet registers its Node with its status.
    initialStatus: 'asSent',
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: {
      accepted: same('spec.unschedulable'),
      metadataNamespace: false,
      readers: [['spec.unschedulable', (object) => flag(at(object, 'spec', 'unschedulable'))]],
      unsupported: notSupported,
    },
    table: nodeColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
