// Service (core): everything the API server does with services, in one place: what discovery says,
// and the behaviour its store, endpoints and Table output take from here.

import { defaultService } from './core-defaults.ts';
import { field, notSupported, same } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { serviceStrategy } from './services/service-strategy.ts';
import { serviceErrors, serviceUpdateErrors } from './services/service-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, proxyVerbs, status } from '../resource-facts.ts';
import { serviceColumns } from './services/service-columns.ts';

export const serviceResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'services',
  singularName: 'service',
  kind: 'Service',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['svc'],
  categories: ['all'],
  subresources: [{ name: 'proxy', kind: 'ServiceProxyOptions', verbs: proxyVerbs, endpoint: 'proxy' }, status('Service')],
  storagePrefix: 'services/specs',
  behaviour: {
    strategy: { ...serviceStrategy, returnsDeletedObject: true },
    defaults: defaultService,
    validation: {
      validate: serviceErrors,
      validateUpdate: serviceUpdateErrors,
    },
    // RelaxedServiceNameValidation (DNS-1123 labels) is alpha and off in 1.35.
    names: 'dns1035Label',
    generation: untrackedGeneration,
    initialStatus: { loadBalancer: {} },
    statusKeeps: allMetadataMutable,
    createOnUpdate: true,
    fieldLabels: {
      accepted: same('spec.clusterIP', 'spec.type'),
      metadataNamespace: true,
      readers: [
        ['spec.clusterIP', field('spec', 'clusterIP')],
        ['spec.type', field('spec', 'type')],
      ],
      unsupported: notSupported,
    },
    table: serviceColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    // Cluster IPs and node ports are allocated before a create or update is written, and given back
    // when a write does not happen or the Service goes.
    schema: undefined,
    storageHooks: ({ serviceAddresses }) => ({
      beforeCreate: (service, namespace) => serviceAddresses.assign(service, namespace ?? ''),
      beforeUpdate: (service, current) => serviceAddresses.assignOnUpdate(service, current),
      afterDelete: (service) => serviceAddresses.release(service),
    }),
  },
};
