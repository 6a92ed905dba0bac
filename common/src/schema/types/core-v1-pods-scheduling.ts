// Where core/v1 pods may run: node and pod (anti-)affinity, tolerations, topology spread
// constraints, and the topology selector terms StorageClasses share.

import { apiName, field, int32, int64, list, pointer, ref, string, struct, type FieldDeclaration, type TypeDeclaration } from '../schema.ts';
import { nodeInclusionPolicies, nodeSelectorOperators, taintEffects, tolerationOperators, unsatisfiableConstraintActions } from './enum-values.ts';
import { labelSelectorName } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const strings = list(string({ default: '' }));

/** PodAffinity and PodAntiAffinity: the same required and preferred terms, read the other way round. */
const podAffinityTermFields: Readonly<Record<string, FieldDeclaration>> = {
  requiredDuringSchedulingIgnoredDuringExecution: field(
    1,
    list(ref(core('PodAffinityTerm'), { default: {} })),
    'Terms that must all hold when the pod is scheduled; not rechecked once it runs.',
    { listType: 'atomic' },
  ),
  preferredDuringSchedulingIgnoredDuringExecution: field(2, list(ref(core('WeightedPodAffinityTerm'), { default: {} })), 'Weighted terms the scheduler tries to satisfy.', {
    listType: 'atomic',
  }),
};

export const coreV1PodSchedulingTypes: readonly TypeDeclaration[] = [
  struct(core('Affinity'), 'The affinity rules of a pod: which nodes it prefers and which pods it wants near or away from.', {
    nodeAffinity: pointer(field(1, ref(core('NodeAffinity')), 'Rules on the nodes the pod may run on.')),
    podAffinity: pointer(field(2, ref(core('PodAffinity')), 'Rules placing the pod in the same topology domain as other pods.')),
    podAntiAffinity: pointer(field(3, ref(core('PodAntiAffinity')), 'Rules keeping the pod out of the topology domains of other pods.')),
  }),

  struct(core('NodeAffinity'), 'The nodes a pod must or would rather run on.', {
    requiredDuringSchedulingIgnoredDuringExecution: pointer(field(1, ref(core('NodeSelector')), 'Nodes the pod may be scheduled to; not rechecked once it runs.')),
    preferredDuringSchedulingIgnoredDuringExecution: field(
      2,
      list(ref(core('PreferredSchedulingTerm'), { default: {} })),
      'Weighted node preferences; the node with the highest sum of matching weights wins.',
      { listType: 'atomic' },
    ),
  }),

  struct(
    core('NodeSelector'),
    'A choice of nodes: a node matches when any of the terms matches it.',
    {
      nodeSelectorTerms: field(1, list(ref(core('NodeSelectorTerm'), { default: {} })), 'The terms, ORed.', { required: true, listType: 'atomic' }),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('NodeSelectorTerm'),
    "Requirements on a node's labels and fields, all of which must hold; an empty term matches nothing.",
    {
      matchExpressions: field(1, list(ref(core('NodeSelectorRequirement'), { default: {} })), "Requirements on the node's labels.", { listType: 'atomic' }),
      matchFields: field(2, list(ref(core('NodeSelectorRequirement'), { default: {} })), "Requirements on the node's fields.", { listType: 'atomic' }),
    },
    { mapType: 'atomic' },
  ),

  struct(core('NodeSelectorRequirement'), 'One requirement on a node label or field: a key, an operator and values.', {
    key: field(1, string({ default: '' }), 'The label key or field name the requirement is about.', { required: true }),
    operator: field(2, string({ default: '', enum: nodeSelectorOperators }), 'In, NotIn, Exists, DoesNotExist, Gt or Lt.', { required: true }),
    values: field(3, strings, 'The values to compare with; one integer for Gt and Lt, none for Exists and DoesNotExist.', { listType: 'atomic' }),
  }),

  struct(core('PreferredSchedulingTerm'), 'A node selector term with the weight a matching node earns.', {
    weight: field(1, int32({ default: 0 }), 'The weight, from 1 to 100.', { required: true }),
    preference: field(2, ref(core('NodeSelectorTerm'), { default: {} }), 'The term a node must match to earn the weight.', { required: true }),
  }),

  struct(core('PodAffinity'), 'Rules placing a pod in the same topology domain as other pods.', podAffinityTermFields),

  struct(core('PodAntiAffinity'), 'Rules keeping a pod out of the topology domains of other pods.', podAffinityTermFields),

  struct(core('PodAffinityTerm'), 'A set of pods, and the node label whose value defines being in the same place as them.', {
    labelSelector: pointer(field(1, ref(labelSelectorName), 'Selects the pods; unset matches none.')),
    namespaces: field(2, strings, 'Namespaces the pods are looked for in, besides those namespaceSelector selects.', { listType: 'atomic' }),
    topologyKey: field(3, string({ default: '' }), 'The node label whose value names a topology domain, such as a zone.', { required: true }),
    namespaceSelector: pointer(field(4, ref(labelSelectorName), 'Selects further namespaces the pods are looked for in.')),
    matchLabelKeys: field(5, strings, 'Label keys whose values on the incoming pod are added to labelSelector as "key in (value)".', {
      listType: 'atomic',
    }),
    mismatchLabelKeys: field(6, strings, 'Label keys whose values on the incoming pod are added to labelSelector as "key notin (value)".', {
      listType: 'atomic',
    }),
  }),

  struct(core('WeightedPodAffinityTerm'), 'A pod affinity term with the weight a matching node earns.', {
    weight: field(1, int32({ default: 0 }), 'The weight, from 1 to 100.', { required: true }),
    podAffinityTerm: field(2, ref(core('PodAffinityTerm'), { default: {} }), 'The term a node must satisfy to earn the weight.', { required: true }),
  }),

  struct(core('Toleration'), 'Lets a pod be scheduled to (or stay on) nodes with a matching taint.', {
    key: field(1, string(), 'The taint key tolerated; empty with Exists matches every taint.'),
    operator: field(2, string({ enum: tolerationOperators }), "Equal, Exists, Lt or Gt: how the taint's value is compared; Equal by default."),
    value: field(3, string(), 'The taint value to match; empty with Exists.'),
    effect: field(4, string({ enum: taintEffects }), 'The taint effect tolerated: NoSchedule, PreferNoSchedule or NoExecute; empty matches all.'),
    tolerationSeconds: pointer(field(5, int64(), 'For NoExecute: how many seconds the pod stays once the taint appears; unset stays forever.')),
  }),

  struct(core('TopologySpreadConstraint'), 'How evenly matching pods must be spread across the domains of a topology.', {
    maxSkew: field(1, int32({ default: 0 }), 'The largest allowed difference in matching pods between two domains.', { required: true }),
    topologyKey: field(2, string({ default: '' }), 'The node label whose values define the domains.', { required: true }),
    whenUnsatisfiable: field(
      3,
      string({ default: '', enum: unsatisfiableConstraintActions }),
      'DoNotSchedule or ScheduleAnyway: what to do with a pod that would break the constraint.',
      {
        required: true,
      },
    ),
    labelSelector: pointer(field(4, ref(labelSelectorName), 'Selects the pods counted in each domain.')),
    minDomains: pointer(field(5, int32(), 'The fewest eligible domains; with fewer, the global minimum counts as zero.')),
    nodeAffinityPolicy: pointer(field(6, string({ enum: nodeInclusionPolicies }), "Honor or Ignore: whether the pod's node affinity limits the nodes counted.")),
    nodeTaintsPolicy: pointer(field(7, string({ enum: nodeInclusionPolicies }), 'Honor or Ignore: whether node taints limit the nodes counted.')),
    matchLabelKeys: field(8, strings, 'Label keys whose values on the incoming pod are ANDed with labelSelector.', { listType: 'atomic' }),
  }),

  struct(
    core('TopologySelectorTerm'),
    'Label requirements on a topology, all of which must hold; an empty term matches nothing.',
    {
      matchLabelExpressions: field(1, list(ref(core('TopologySelectorLabelRequirement'), { default: {} })), 'The requirements, ANDed.', {
        listType: 'atomic',
      }),
    },
    { mapType: 'atomic' },
  ),

  struct(core('TopologySelectorLabelRequirement'), 'A label key and the values, one of which the label must have.', {
    key: field(1, string({ default: '' }), 'The label key.', { required: true }),
    values: field(2, strings, 'The accepted values, ORed.', { required: true, listType: 'atomic' }),
  }),
];
