// The types of autoscaling/v1.

import { apiName, field, int32, int64, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, listKind, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const autoscaling = (type: string): string => apiName('autoscaling', 'v1', type);

export const autoscalingV1Types: readonly TypeDeclaration[] = [
  struct(
    autoscaling('CrossVersionObjectReference'),
    'Identifies an object by kind, name and API version.',
    {
      kind: field(1, string({ default: '' }), 'The kind of the object.', { required: true }),
      name: field(2, string({ default: '' }), 'The name of the object.', { required: true }),
      apiVersion: field(3, string(), 'The API version of the object.'),
    },
    { mapType: 'atomic' },
  ),

  // HorizontalPodAutoscaler
  struct(
    autoscaling('HorizontalPodAutoscaler'),
    'Scales a workload to keep its average CPU utilization near a target.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(autoscaling('HorizontalPodAutoscalerSpec'), { default: {} }), 'The desired behavior of the autoscaler.'),
      status: field(3, ref(autoscaling('HorizontalPodAutoscalerStatus'), { default: {} }), 'The observed state of the autoscaler.'),
    },
    { groupVersionKinds: kinds('HorizontalPodAutoscaler', ['autoscaling/v1']) },
  ),
  listKind(autoscaling('HorizontalPodAutoscaler'), 'autoscaling/v1', 'A list of HorizontalPodAutoscalers.'),
  struct(autoscaling('HorizontalPodAutoscalerSpec'), 'The desired behavior of a horizontal pod autoscaler.', {
    scaleTargetRef: field(1, ref(autoscaling('CrossVersionObjectReference'), { default: {} }), 'The object to scale through its scale subresource.', {
      required: true,
    }),
    minReplicas: pointer(field(2, int32(), 'The fewest replicas to scale down to; 1 when unset.')),
    maxReplicas: field(3, int32({ default: 0 }), 'The most replicas to scale up to.', { required: true }),
    targetCPUUtilizationPercentage: pointer(field(4, int32(), 'The target average CPU use, as a percentage of the requested CPU.')),
  }),
  struct(autoscaling('HorizontalPodAutoscalerStatus'), 'The observed state of a horizontal pod autoscaler.', {
    observedGeneration: pointer(field(1, int64(), 'The latest generation the autoscaler has acted on.')),
    lastScaleTime: pointer(field(2, ref(timeName), 'When the autoscaler last changed the number of replicas.')),
    currentReplicas: field(3, int32({ default: 0 }), 'The number of replicas now.', { required: true }),
    desiredReplicas: field(4, int32({ default: 0 }), 'The number of replicas wanted.', { required: true }),
    currentCPUUtilizationPercentage: pointer(field(5, int32(), 'The average CPU use now, as a percentage of the requested CPU.')),
  }),

  // Scale
  struct(
    autoscaling('Scale'),
    'The scale subresource of a scalable object: its desired and observed replicas.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(autoscaling('ScaleSpec'), { default: {} }), 'The desired scale.'),
      status: field(3, ref(autoscaling('ScaleStatus'), { default: {} }), 'The observed scale.'),
    },
    { groupVersionKinds: kinds('Scale', ['autoscaling/v1']) },
  ),
  struct(autoscaling('ScaleSpec'), 'The desired scale of an object.', {
    replicas: field(1, int32({ default: 0 }), 'The desired number of replicas.', { omitEmpty: true }),
  }),
  struct(autoscaling('ScaleStatus'), 'The observed scale of an object.', {
    replicas: field(1, int32({ default: 0 }), 'The observed number of replicas.', { required: true }),
    selector: field(2, string(), 'The label selector of the replicas, in query-string form.'),
  }),
];
