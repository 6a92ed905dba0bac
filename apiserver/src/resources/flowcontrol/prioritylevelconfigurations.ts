// PriorityLevelConfiguration (flowcontrol.apiserver.k8s.io): everything the API server does with
// prioritylevelconfigurations, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { defaultPriorityLevelConfiguration } from '../../registry/defaulting/admission-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { priorityLevelConfigurationErrors } from './prioritylevelconfigurations/priority-level-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { priorityLevelConfigurationColumns } from '../../table/columns/cluster-extension-columns.ts';

export const priorityLevelConfigurationResource: ResourceDefinition = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1',
  resource: 'prioritylevelconfigurations',
  singularName: 'prioritylevelconfiguration',
  kind: 'PriorityLevelConfiguration',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [status('PriorityLevelConfiguration')],
  storagePrefix: 'prioritylevelconfigurations',
  behaviour: {
    strategy: {},
    defaults: defaultPriorityLevelConfiguration,
    validation: { validate: priorityLevelConfigurationErrors },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: priorityLevelConfigurationColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
