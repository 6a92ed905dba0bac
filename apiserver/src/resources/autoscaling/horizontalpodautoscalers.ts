// HorizontalPodAutoscaler (autoscaling): everything the API server does with
// horizontalpodautoscalers, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { autoscalingV1Conversion } from './horizontalpodautoscalers/hpa-conversion.ts';
import { defaultHorizontalPodAutoscaler } from '../../registry/defaulting/workload-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { horizontalPodAutoscalerErrors } from './horizontalpodautoscalers/hpa-validation.ts';
import type { ResourceBehaviour } from '../resource-behaviour.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { horizontalPodAutoscalerColumns } from './horizontalpodautoscalers/autoscaler-columns.ts';

/** Both versions serve the same stored objects (autoscaling/v2), with the same behaviour. */
const horizontalPodAutoscalerBehaviour: ResourceBehaviour = {
  strategy: {},
  defaults: defaultHorizontalPodAutoscaler,
  // Both autoscaling versions: the checks they share read the same fields.
  validation: { validate: horizontalPodAutoscalerErrors },
  names: 'dns1123Subdomain',
  generation: untrackedGeneration,
  initialStatus: undefined,
  statusKeeps: allMetadataMutable,
  createOnUpdate: false,
  fieldLabels: metadataFieldLabels,
  table: horizontalPodAutoscalerColumns,
  garbageCollection: 'DeleteDependents',
  conversion: undefined,
  review: undefined,
  schema: undefined,
  storageHooks: undefined,
};

const facts = {
  group: 'autoscaling',
  resource: 'horizontalpodautoscalers',
  singularName: 'horizontalpodautoscaler',
  kind: 'HorizontalPodAutoscaler',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['hpa'],
  categories: ['all'],
  subresources: [status('HorizontalPodAutoscaler')],
  storagePrefix: 'horizontalpodautoscalers',
} as const;

/** autoscaling/v1: converted from and to the stored autoscaling/v2 objects. */
export const horizontalPodAutoscalerV1Resource: ResourceDefinition = {
  ...facts,
  version: 'v1',
  behaviour: { ...horizontalPodAutoscalerBehaviour, conversion: autoscalingV1Conversion },
};

/** autoscaling/v2: the storage version. */
export const horizontalPodAutoscalerV2Resource: ResourceDefinition = { ...facts, version: 'v2', behaviour: horizontalPodAutoscalerBehaviour };
