// MutatingWebhookConfiguration (admissionregistration.k8s.io): everything the API server does with
// mutatingwebhookconfigurations, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { defaultMutatingWebhookConfiguration } from '../../registry/defaulting/admission-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { withOldObject } from '../../registry/validation/kind-validation.ts';
import { mutatingWebhookConfigurationErrors } from './webhook-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { webhookConfigurationColumns } from '../../table/columns/cluster-extension-columns.ts';

// admissionregistration.k8s.io/v1: admission webhooks and CEL validating admission policies.
export const mutatingWebhookConfigurationResource: ResourceDefinition = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'mutatingwebhookconfigurations',
  singularName: 'mutatingwebhookconfiguration',
  kind: 'MutatingWebhookConfiguration',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: ['api-extensions'],
  subresources: [],
  storagePrefix: 'mutatingwebhookconfigurations',
  behaviour: {
    strategy: {},
    defaults: defaultMutatingWebhookConfiguration,
    validation: withOldObject(mutatingWebhookConfigurationErrors),
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
