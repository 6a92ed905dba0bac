// The types of policy/v1.

import { apiName, field, int32, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { unhealthyPodEvictionPolicyTypes } from './enum-values.ts';
import { conditionName, intOrStringName, kinds, labelSelectorName, listKind, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const policy = (type: string): string => apiName('policy', 'v1', type);

export const policyV1Types: readonly TypeDeclaration[] = [
  struct(
    apiName('policy', 'v1', 'Eviction'),
    "A request to evict a pod, subject to its disruption budgets; posted to the pod's eviction subresource.",
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      deleteOptions: pointer(field(2, ref('io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions'), 'How the pod is to be deleted.')),
    },
    { groupVersionKinds: kinds('Eviction', ['policy/v1']) },
  ),

  // PodDisruptionBudget
  struct(
    policy('PodDisruptionBudget'),
    'Limits how many pods of a set voluntary disruptions may take down at once.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(policy('PodDisruptionBudgetSpec'), { default: {} }), 'The desired behavior of the budget.'),
      status: field(3, ref(policy('PodDisruptionBudgetStatus'), { default: {} }), 'The observed state of the budget.'),
    },
    { groupVersionKinds: kinds('PodDisruptionBudget', ['policy/v1']) },
  ),
  listKind(policy('PodDisruptionBudget'), 'policy/v1', 'A list of PodDisruptionBudgets.'),
  struct(policy('PodDisruptionBudgetSpec'), 'The desired behavior of a pod disruption budget.', {
    minAvailable: pointer(field(1, ref(intOrStringName), 'How many selected pods (or what percentage) must stay available after an eviction.')),
    selector: pointer(
      field(2, ref(labelSelectorName), 'Selects the pods the budget covers; null selects none, empty selects all in the namespace.', {
        patchStrategy: 'replace',
      }),
    ),
    maxUnavailable: pointer(field(3, ref(intOrStringName), 'How many selected pods (or what percentage) may be unavailable after an eviction.')),
    unhealthyPodEvictionPolicy: pointer(
      field(4, string({ enum: unhealthyPodEvictionPolicyTypes }), 'IfHealthyBudget or AlwaysAllow: when running but unhealthy pods may be evicted.'),
    ),
  }),
  struct(policy('PodDisruptionBudgetStatus'), 'The observed state of a pod disruption budget.', {
    observedGeneration: field(1, int64(), 'The latest generation the status was computed from.'),
    disruptedPods: field(2, map(ref(timeName)), 'Pods whose eviction was accepted but not yet seen by the controller, with the time of acceptance.'),
    disruptionsAllowed: field(3, int32({ default: 0 }), 'How many disruptions are allowed now.', { required: true }),
    currentHealthy: field(4, int32({ default: 0 }), 'How many pods are healthy now.', { required: true }),
    desiredHealthy: field(5, int32({ default: 0 }), 'The fewest healthy pods wanted.', { required: true }),
    expectedPods: field(6, int32({ default: 0 }), 'How many pods the budget counts.', { required: true }),
    conditions: field(7, list(ref(conditionName, { default: {} })), 'The conditions of the budget, such as DisruptionAllowed.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
  }),
];
