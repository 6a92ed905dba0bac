// PodTemplate (core): everything the API server does with podtemplates, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { objectAt } from '../../registry/defaulting/json-fields.ts';
import { defaultPodTemplateSpec } from './pod-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { returnsDeletedObject } from '../../registry/strategy.ts';
import { podTemplateValidation } from './podtemplates/pod-template-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { podTemplateColumns } from '../../table/columns/policy-network-columns.ts';

export const podTemplateResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'podtemplates',
  singularName: 'podtemplate',
  kind: 'PodTemplate',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'podtemplates',
  behaviour: {
    strategy: returnsDeletedObject,
    defaults: (template) => defaultPodTemplateSpec(objectAt(template, 'template')),
    validation: podTemplateValidation,
    names: 'dns1123Subdomain',
    generation: { setOnCreate: true, bump: 'template' },
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: podTemplateColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
