// StatefulSet (apps): everything the API server does with statefulsets, in one place: what
// discovery says, and the behaviour its store, endpoints and Table output take from here.

import { defaultStatefulSet } from '../../registry/defaulting/workload-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { statefulSetSpecErrors } from '../../registry/validation/update-validation.ts';
import { emptySelectorErrors, longRunningTemplateErrors, selectedWorkloadErrors } from '../../registry/validation/workload-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { statefulSetAsValidated } from './statefulset-template.ts';
import { allVerbs, scale, status } from '../resource-facts.ts';
import { statefulSetColumns } from '../../table/columns/workload-columns.ts';

export const statefulSetResource: ResourceDefinition = {
  group: 'apps',
  version: 'v1',
  resource: 'statefulsets',
  singularName: 'statefulset',
  kind: 'StatefulSet',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['sts'],
  categories: ['all'],
  subresources: [scale, status('StatefulSet')],
  storagePrefix: 'statefulsets',
  behaviour: {
    strategy: {},
    defaults: defaultStatefulSet,
    validation: {
      validate: (statefulSet) => [
        ...emptySelectorErrors(statefulSet, 'statefulset'),
        ...selectedWorkloadErrors(statefulSetAsValidated(statefulSet)),
        ...longRunningTemplateErrors(statefulSet, 'StatefulSet'),
      ],
      validateUpdate: (next, old, objectErrors) => [...objectErrors, ...statefulSetSpecErrors(next, old)],
    },
    names: 'dns1123Label',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: statefulSetColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
