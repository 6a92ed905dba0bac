// Namespace (core): everything the API server does with namespaces, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { field, notSupported, same } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { namespaceStrategy } from './namespaces/namespace-strategy.ts';
import { namespaceValidation } from './namespaces/namespace-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { status } from '../resource-facts.ts';
import { namespaceColumns } from './namespaces/namespace-columns.ts';

export const namespaceResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'namespaces',
  singularName: 'namespace',
  kind: 'Namespace',
  namespaced: false,
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  shortNames: ['ns'],
  categories: [],
  subresources: [{ name: 'finalize', kind: 'Namespace', verbs: ['update'], endpoint: 'finalize' }, status('Namespace')],
  storagePrefix: 'namespaces',
  behaviour: {
    strategy: namespaceStrategy,
    defaults: undefined,
    validation: namespaceValidation,
    names: 'dns1123Label',
    generation: untrackedGeneration,
    initialStatus: { phase: 'Active' },
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: { accepted: same('status.phase'), metadataNamespace: false, readers: [['status.phase', field('status', 'phase')]], unsupported: notSupported },
    table: namespaceColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
