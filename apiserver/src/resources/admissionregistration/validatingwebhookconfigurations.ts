// ValidatingWebhookConfiguration (admissionregistration.k8s.io): everything the API server does
// with validatingwebhookconfigurations, in one place: what discovery says, and the behaviour its
// store, endpoints and Table output take from here.

import { defaultValidatingWebhookConfiguration } from '../../registry/defaulting/admission-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { withOldObject } from '../../registry/validation/kind-validation.ts';
import { validatingWebhookConfigurationErrors } from './webhook-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { webhookConfigurationColumns } from '../../table/columns/cluster-extension-columns.ts';

export const validatingWebhookConfigurationResource: ResourceDefinition = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'validatingwebhookconfigurations',
  singularName: 'validatingwebhookconfiguration',
  kind: 'ValidatingWebhookConfiguration',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: ['api-extensions'],
  subresources: [],
  storagePrefix: 'validatingwebhookconfigurations',
  behaviour: {
    strategy: {},
    defaults: defaultValidatingWebhookConfiguration,
    validation: withOldObject(validatingWebhookConfigurationErrors),
    names: 'dns1123Subdomain',
    generation: { setOnCreate: true, bump: 'webhooks' },
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: webhookConfigurationColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
