// Deployment (apps): everything the API server does with deployments, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { defaultDeployment } from '../../registry/defaulting/workload-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { selectorErrors } from '../../registry/validation/update-validation.ts';
import { deploymentCountErrors, emptySelectorErrors, longRunningTemplateErrors, selectedWorkloadErrors } from '../../registry/validation/workload-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, scale, status } from '../resource-facts.ts';
import { deploymentColumns } from '../../table/columns/workload-columns.ts';

export const deploymentResource: ResourceDefinition = {
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  singularName: 'deployment',
  kind: 'Deployment',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['deploy'],
  categories: ['all'],
  subresources: [scale, status('Deployment')],
  storagePrefix: 'deployments',
  behaviour: {
    strategy: {},
    defaults: defaultDeployment,
    validation: {
      validate: (deployment) => [
        ...emptySelectorErrors(deployment, 'deployment'),
        ...selectedWorkloadErrors(deployment),
        ...longRunningTemplateErrors(deployment, 'ReplicaSet'),
        ...deploymentCountErrors(deployment),
      ],
      validateUpdate: (next, old, objectErrors) => [...objectErrors, ...selectorErrors(next, old)],
    },
    names: 'dns1123Subdomain',
    generation: { setOnCreate: true, bump: 'specOrAnnotations' },
    initialStatus: undefined,
    statusKeeps: ['annotations', 'finalizers', 'ownerReferences'],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: deploymentColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
