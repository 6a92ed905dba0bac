// DaemonSet (apps): everything the API server does with daemonsets, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { defaultDaemonSet } from '../../registry/defaulting/workload-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { selectorErrors } from '../../registry/validation/update-validation.ts';
import { emptySelectorErrors, longRunningTemplateErrors, selectedWorkloadErrors } from '../../registry/validation/workload-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { daemonSetStrategy } from './daemon-set-strategy.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { daemonSetColumns } from '../../table/columns/workload-columns.ts';

export const daemonSetResource: ResourceDefinition = {
  group: 'apps',
  version: 'v1',
  resource: 'daemonsets',
  singularName: 'daemonset',
  kind: 'DaemonSet',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['ds'],
  categories: ['all'],
  subresources: [status('DaemonSet')],
  storagePrefix: 'daemonsets',
  behaviour: {
    strategy: daemonSetStrategy,
    defaults: defaultDaemonSet,
    validation: {
      validate: (daemonSet) => [...emptySelectorErrors(daemonSet, 'daemonset'), ...selectedWorkloadErrors(daemonSet), ...longRunningTemplateErrors(daemonSet, 'DaemonSet')],
      validateUpdate: (next, old, objectErrors) => [...objectErrors, ...selectorErrors(next, old)],
    },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: daemonSetColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
