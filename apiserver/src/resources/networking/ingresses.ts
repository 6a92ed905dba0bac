// Ingress (networking.k8s.io): everything the API server does with ingresses, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { ingressErrors } from './ingresses/ingress-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { ingressColumns } from './ingresses/ingress-columns.ts';

export const ingressResource: ResourceDefinition = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'ingresses',
  singularName: 'ingress',
  kind: 'Ingress',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['ing'],
  categories: [],
  subresources: [status('Ingress')],
  storagePrefix: 'ingress',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: {
      validate: ingressErrors,
    },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: ingressColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
