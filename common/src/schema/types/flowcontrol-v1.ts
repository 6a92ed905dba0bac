// The types of flowcontrol.apiserver.k8s.io/v1.

import { apiName, boolean, field, int32, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, listKind, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const flowcontrol = (type: string): string => apiName('flowcontrol', 'v1', type);
const gv = 'flowcontrol.apiserver.k8s.io/v1';
const stringItems = list(string({ default: '' }));

export const flowcontrolV1Types: readonly TypeDeclaration[] = [
  struct(flowcontrol('ExemptPriorityLevelConfiguration'), 'The tunable settings of the exempt priority level.', {
    nominalConcurrencyShares: pointer(field(1, int32(), "The share of the server's concurrency nominally reserved for this level.")),
    lendablePercent: pointer(field(2, int32(), "The percentage of the level's nominal concurrency other levels may borrow.")),
  }),

  struct(flowcontrol('FlowDistinguisherMethod'), 'How requests of a flow schema are split into flows.', {
    type: field(1, string({ default: '' }), 'ByUser or ByNamespace.', { required: true }),
  }),

  struct(
    flowcontrol('FlowSchema'),
    'A class of requests, the priority level they go to, and how they split into flows.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(flowcontrol('FlowSchemaSpec'), { default: {} }), 'Which requests match and where they go.'),
      status: field(3, ref(flowcontrol('FlowSchemaStatus'), { default: {} }), 'The observed state of the flow schema.'),
    },
    { groupVersionKinds: kinds('FlowSchema', [gv]) },
  ),

  struct(flowcontrol('FlowSchemaCondition'), 'One aspect of the state of a flow schema.', {
    type: field(1, string(), 'What aspect the condition is about.'),
    status: field(2, string(), 'True, False or Unknown.'),
    lastTransitionTime: field(3, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status is what it is, in CamelCase.'),
    message: field(5, string(), 'Why the status is what it is, for people.'),
  }),
  listKind(flowcontrol('FlowSchema'), gv, 'A list of FlowSchemas.'),

  struct(flowcontrol('FlowSchemaSpec'), 'Which requests a flow schema matches and how they are handled.', {
    priorityLevelConfiguration: field(1, ref(flowcontrol('PriorityLevelConfigurationReference'), { default: {} }), 'The priority level matching requests go to.', {
      required: true,
    }),
    matchingPrecedence: field(2, int32({ default: 0 }), 'Among matching schemas the one with the lowest value wins; 1 to 10000.'),
    distinguisherMethod: pointer(field(3, ref(flowcontrol('FlowDistinguisherMethod')), 'How matching requests split into flows; unset puts them all in one flow.')),
    rules: field(4, list(ref(flowcontrol('PolicyRulesWithSubjects'), { default: {} })), 'The rules, any one of which a request must match.', {
      listType: 'atomic',
    }),
  }),

  struct(flowcontrol('FlowSchemaStatus'), 'The observed state of a flow schema.', {
    conditions: field(1, list(ref(flowcontrol('FlowSchemaCondition'), { default: {} })), 'The current conditions of the flow schema.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
  }),

  struct(flowcontrol('GroupSubject'), 'A subject that is a user group.', {
    name: field(1, string({ default: '' }), 'The group matched, or "*" for every group.', { required: true }),
  }),

  struct(
    flowcontrol('LimitResponse'),
    'What to do with requests that cannot run at once: queue them or reject them.',
    {
      type: field(1, string({ default: '' }), 'Queue or Reject.', { required: true }),
      queuing: pointer(field(2, ref(flowcontrol('QueuingConfiguration')), 'The queuing settings, for type Queue.')),
    },
    { unions: [{ discriminator: 'type', fieldsToDiscriminateBy: { queuing: 'Queuing' } }] },
  ),

  struct(flowcontrol('LimitedPriorityLevelConfiguration'), 'How requests of a limited priority level are limited and what happens beyond the limit.', {
    nominalConcurrencyShares: pointer(field(1, int32(), "The share of the server's concurrency nominally given to this level.")),
    limitResponse: field(2, ref(flowcontrol('LimitResponse'), { default: {} }), 'What to do with requests that cannot run at once.'),
    lendablePercent: pointer(field(3, int32(), "The percentage of the level's nominal concurrency other levels may borrow.")),
    borrowingLimitPercent: pointer(field(4, int32(), 'How much this level may borrow from others, as a percentage of its nominal concurrency; unset means no limit.')),
  }),

  struct(flowcontrol('NonResourcePolicyRule'), 'Matches non-resource requests by verb and URL.', {
    verbs: field(1, stringItems, 'The verbs matched, or "*" for all.', { required: true, listType: 'set' }),
    nonResourceURLs: field(6, stringItems, 'The URL prefixes matched, or "*" for all.', { required: true, listType: 'set' }),
  }),

  struct(flowcontrol('PolicyRulesWithSubjects'), 'Matches requests by who makes them and what they act on.', {
    subjects: field(1, list(ref(flowcontrol('Subject'), { default: {} })), 'The users, groups and service accounts matched; at least one.', {
      required: true,
      listType: 'atomic',
    }),
    resourceRules: field(2, list(ref(flowcontrol('ResourcePolicyRule'), { default: {} })), 'Rules matching resource requests.', { listType: 'atomic' }),
    nonResourceRules: field(3, list(ref(flowcontrol('NonResourcePolicyRule'), { default: {} })), 'Rules matching non-resource requests.', {
      listType: 'atomic',
    }),
  }),

  struct(
    flowcontrol('PriorityLevelConfiguration'),
    "A priority level: a share of the server's concurrency and how requests wait for it.",
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(flowcontrol('PriorityLevelConfigurationSpec'), { default: {} }), 'How the priority level behaves.'),
      status: field(3, ref(flowcontrol('PriorityLevelConfigurationStatus'), { default: {} }), 'The observed state of the priority level.'),
    },
    { groupVersionKinds: kinds('PriorityLevelConfiguration', [gv]) },
  ),

  struct(flowcontrol('PriorityLevelConfigurationCondition'), 'One aspect of the state of a priority level.', {
    type: field(1, string(), 'What aspect the condition is about.'),
    status: field(2, string(), 'True, False or Unknown.'),
    lastTransitionTime: field(3, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status is what it is, in CamelCase.'),
    message: field(5, string(), 'Why the status is what it is, for people.'),
  }),
  listKind(flowcontrol('PriorityLevelConfiguration'), gv, 'A list of PriorityLevelConfigurations.'),

  struct(flowcontrol('PriorityLevelConfigurationReference'), 'Names a priority level.', {
    name: field(1, string({ default: '' }), 'The name of the priority level.', { required: true }),
  }),

  struct(
    flowcontrol('PriorityLevelConfigurationSpec'),
    'Whether a priority level is limited or exempt, and its settings.',
    {
      type: field(1, string({ default: '' }), 'Limited or Exempt.', { required: true }),
      limited: pointer(field(2, ref(flowcontrol('LimitedPriorityLevelConfiguration')), 'The settings of a limited level.')),
      exempt: pointer(field(3, ref(flowcontrol('ExemptPriorityLevelConfiguration')), 'The settings of an exempt level.')),
    },
    { unions: [{ discriminator: 'type', fieldsToDiscriminateBy: { limited: 'Limited', exempt: 'Exempt' } }] },
  ),

  struct(flowcontrol('PriorityLevelConfigurationStatus'), 'The observed state of a priority level.', {
    conditions: field(1, list(ref(flowcontrol('PriorityLevelConfigurationCondition'), { default: {} })), 'The current conditions of the priority level.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
  }),

  struct(flowcontrol('QueuingConfiguration'), 'How the requests of a priority level queue.', {
    queues: field(1, int32({ default: 0 }), 'The number of queues.'),
    handSize: field(2, int32({ default: 0 }), 'How many queues shuffle sharding deals to each flow.'),
    queueLengthLimit: field(3, int32({ default: 0 }), 'The most requests that may wait in one queue.'),
  }),

  struct(flowcontrol('ResourcePolicyRule'), 'Matches resource requests by verb, group, resource and namespace.', {
    verbs: field(1, stringItems, 'The verbs matched, or "*" for all.', { required: true, listType: 'set' }),
    apiGroups: field(2, stringItems, 'The API groups matched, or "*" for all.', { required: true, listType: 'set' }),
    resources: field(3, stringItems, 'The resources (with subresource, if any) matched, or "*" for all.', { required: true, listType: 'set' }),
    clusterScope: field(4, boolean(), 'Whether requests without a namespace match.'),
    namespaces: field(5, stringItems, 'The namespaces matched, or "*" for any.', { listType: 'set' }),
  }),

  struct(flowcontrol('ServiceAccountSubject'), 'A subject that is a service account.', {
    namespace: field(1, string({ default: '' }), 'The namespace of the service account.', { required: true }),
    name: field(2, string({ default: '' }), 'The name of the service account, or "*" for any.', { required: true }),
  }),

  struct(
    flowcontrol('Subject'),
    'Who makes a request: a user, a group or a service account.',
    {
      kind: field(1, string({ default: '' }), 'User, Group or ServiceAccount: which other field is set.', { required: true }),
      user: pointer(field(2, ref(flowcontrol('UserSubject')), 'The user matched.')),
      group: pointer(field(3, ref(flowcontrol('GroupSubject')), 'The group matched.')),
      serviceAccount: pointer(field(4, ref(flowcontrol('ServiceAccountSubject')), 'The service account matched.')),
    },
    { unions: [{ discriminator: 'kind', fieldsToDiscriminateBy: { user: 'User', group: 'Group', serviceAccount: 'ServiceAccount' } }] },
  ),

  struct(flowcontrol('UserSubject'), 'A subject that is a user.', {
    name: field(1, string({ default: '' }), 'The user name matched, or "*" for every user.', { required: true }),
  }),
];
