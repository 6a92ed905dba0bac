// ResourceClaimTemplate (resource.k8s.io): everything the API server does with
// resourceclaimtemplates, in one place: what discovery says, and the behaviour its store, endpoints
// and Table output take from here.

import { defaultResourceClaimTemplate } from './resource-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { resourceClaimTemplateStrategy } from './resource-strategies.ts';
import { resourceClaimTemplateErrors, resourceClaimTemplateUpdateErrors } from './resource-claim-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { nameAndAgeColumns } from './resource-columns.ts';

export const resourceClaimTemplateResource: ResourceDefinition = {
  group: 'resource.k8s.io',
  version: 'v1',
  resource: 'resourceclaimtemplates',
  singularName: 'resourceclaimtemplate',
  kind: 'ResourceClaimTemplate',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'resourceclaimtemplates',
  behaviour: {
    strategy: { ...resourceClaimTemplateStrategy, returnsDeletedObject: true },
    defaults: defaultResourceClaimTemplate,
    validation: { validate: resourceClaimTemplateErrors, validateUpdate: resourceClaimTemplateUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: nameAndAgeColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
