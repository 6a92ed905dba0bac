// The types of core/v1 cluster objects: nodes, services, endpoints, namespaces, config maps, secrets, events, quotas.

import { apiName, boolean, bytes, field, int32, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { coreV1ClusterNodeTypes } from './core-v1-cluster-node.ts';
import { coreV1ClusterServiceTypes } from './core-v1-cluster-service.ts';
import { namespacePhases, resourceQuotaScopes, scopeSelectorOperators } from './enum-values.ts';
import { kinds, listKind, microTimeName, objectMetaField, quantityName, timeName, typeMetaFields } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const names = list(string({ default: '' }));
const quantities = map(ref(quantityName));
const conditionList = { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' } as const;

const otherTypes: readonly TypeDeclaration[] = [
  struct(
    core('ObjectReference'),
    'Enough to find and inspect or modify another object.',
    {
      kind: field(1, string(), 'The kind of the object.'),
      namespace: field(2, string(), 'The namespace of the object.'),
      name: field(3, string(), 'The name of the object.'),
      uid: field(4, string(), 'The uid of the object.'),
      apiVersion: field(5, string(), 'The group and version of the object.'),
      resourceVersion: field(6, string(), 'The resourceVersion of the object the reference was made to, if it matters.'),
      fieldPath: field(7, string(), 'The part of the object meant, such as "spec.containers{app}", when not the whole.'),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('Binding'),
    'Ties an object to another; the scheduler binds a pod to a node with it.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      target: field(2, ref(core('ObjectReference'), { default: {} }), 'The object to bind to.', { required: true }),
    },
    { groupVersionKinds: kinds('Binding', ['v1']) },
  ),

  struct(
    core('ComponentStatus'),
    'Deprecated: the health of a control plane component.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      conditions: field(2, list(ref(core('ComponentCondition'), { default: {} })), 'The observed conditions of the component.', conditionList),
    },
    { groupVersionKinds: kinds('ComponentStatus', ['v1']) },
  ),

  listKind(core('ComponentStatus'), 'v1', 'Deprecated: a list of ComponentStatuses.'),

  struct(core('ComponentCondition'), 'One observed condition of a component.', {
    type: field(1, string({ default: '' }), 'Which condition it is; only Healthy exists.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    message: field(3, string(), 'What was observed, such as the result of a health check.'),
    error: field(4, string(), 'The error code of a failed check.'),
  }),

  struct(
    core('ConfigMap'),
    'Configuration data, as string or binary values by key, for pods to use.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      immutable: pointer(field(4, boolean(), 'With true, data and binaryData can no longer change.')),
      data: field(2, map(string({ default: '' })), 'The UTF-8 values by key.'),
      binaryData: field(3, map(bytes()), 'The binary values by key; no key may also be in data.'),
    },
    { groupVersionKinds: kinds('ConfigMap', ['v1']) },
  ),

  listKind(core('ConfigMap'), 'v1', 'A list of ConfigMaps.'),

  struct(
    core('Secret'),
    'Sensitive data, such as passwords, tokens or keys, by key.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      immutable: pointer(field(5, boolean(), 'With true, data can no longer change.')),
      data: field(2, map(bytes()), 'The values by key, base64 encoded in JSON.'),
      stringData: field(4, map(string({ default: '' })), 'Write-only: plain string values merged into data on write.'),
      type: field(3, string(), 'The kind of secret, such as Opaque or kubernetes.io/tls, for programs handling it.'),
    },
    { groupVersionKinds: kinds('Secret', ['v1']) },
  ),

  listKind(core('Secret'), 'v1', 'A list of Secrets.'),

  struct(
    core('ServiceAccount'),
    'An identity for processes in pods, with the secrets they may use.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      secrets: field(2, list(ref(core('ObjectReference'), { default: {} })), 'Secrets in the namespace that pods running as the account may use.', {
        listType: 'map',
        listMapKeys: ['name'],
        patchStrategy: 'merge',
        patchMergeKey: 'name',
      }),
      imagePullSecrets: field(3, list(ref(core('LocalObjectReference'), { default: {} })), 'Secrets used to pull images for pods running as the account.', {
        listType: 'atomic',
      }),
      automountServiceAccountToken: pointer(field(4, boolean(), 'Whether pods running as the account get an API token mounted by default.')),
    },
    { groupVersionKinds: kinds('ServiceAccount', ['v1']) },
  ),

  listKind(core('ServiceAccount'), 'v1', 'A list of ServiceAccounts.'),

  struct(
    core('Namespace'),
    'A scope for names, which most kinds of objects live in.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('NamespaceSpec'), { default: {} }), 'The settings of the namespace.'),
      status: field(3, ref(core('NamespaceStatus'), { default: {} }), 'The observed state of the namespace.'),
    },
    { groupVersionKinds: kinds('Namespace', ['v1']) },
  ),

  listKind(core('Namespace'), 'v1', 'A list of Namespaces.'),

  struct(core('NamespaceSpec'), 'The settings of a namespace.', {
    finalizers: field(1, names, 'Values that must all be cleared before the namespace is removed.', { listType: 'atomic' }),
  }),

  struct(core('NamespaceStatus'), 'The observed state of a namespace.', {
    phase: field(1, string({ enum: namespacePhases }), 'Active or Terminating.'),
    conditions: field(2, list(ref(core('NamespaceCondition'), { default: {} })), 'The observed conditions of the namespace.', conditionList),
  }),

  struct(core('NamespaceCondition'), 'One observed aspect of the state of a namespace.', {
    type: field(1, string({ default: '' }), 'Which aspect the condition is about.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastTransitionTime: field(4, ref(timeName), 'When the status last changed.'),
    reason: field(5, string(), 'Why the status last changed, in CamelCase.'),
    message: field(6, string(), 'Why the status last changed, for people.'),
  }),

  struct(
    core('Event'),
    'A report of something that happened to an object, kept for a limited time.',
    {
      ...typeMetaFields,
      metadata: { ...objectMetaField, required: true },
      involvedObject: field(2, ref(core('ObjectReference'), { default: {} }), 'The object the event is about.', { required: true }),
      reason: field(3, string(), 'Why it happened, in CamelCase, for programs.'),
      message: field(4, string(), 'What happened, for people.'),
      source: field(5, ref(core('EventSource'), { default: {} }), 'The component that reported the event.'),
      firstTimestamp: field(6, ref(timeName), 'When the event was first recorded.'),
      lastTimestamp: field(7, ref(timeName), 'When the event was last recorded.'),
      count: field(8, int32(), 'How many times the event happened.'),
      type: field(9, string(), 'Normal or Warning.'),
      eventTime: field(10, ref(microTimeName), 'When the event was first observed, to the microsecond.'),
      series: pointer(field(11, ref(core('EventSeries')), 'The series the event stands for, unset for a single event.')),
      action: field(12, string(), 'What was done, or failed, to the object.'),
      related: pointer(field(13, ref(core('ObjectReference')), 'A second object the event concerns.')),
      reportingComponent: field(14, string({ default: '' }), 'The controller that emitted the event, such as kubernetes.io/kubelet.'),
      reportingInstance: field(15, string({ default: '' }), 'The instance of that controller, such as kubelet-xyzf.'),
    },
    { groupVersionKinds: kinds('Event', ['v1']) },
  ),

  listKind(core('Event'), 'v1', 'A list of Events.'),

  struct(core('EventSeries'), 'A run of the same event repeating over time.', {
    count: field(1, int32(), 'How many times it happened up to the last heartbeat.'),
    lastObservedTime: field(2, ref(microTimeName), 'When it was last observed.'),
  }),

  struct(core('EventSource'), 'Who reported an event.', {
    component: field(1, string(), 'The component that reported it.'),
    host: field(2, string(), 'The node it was reported on.'),
  }),

  struct(
    core('LimitRange'),
    'Limits on the resources each pod, container or claim in a namespace may use.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('LimitRangeSpec'), { default: {} }), 'The limits enforced.'),
    },
    { groupVersionKinds: kinds('LimitRange', ['v1']) },
  ),

  listKind(core('LimitRange'), 'v1', 'A list of LimitRanges.'),

  struct(core('LimitRangeSpec'), 'The limits a limit range enforces.', {
    limits: field(1, list(ref(core('LimitRangeItem'), { default: {} })), 'The limits, each for one kind of object.', { required: true, listType: 'atomic' }),
  }),

  struct(core('LimitRangeItem'), 'The limits and defaults for one kind of object, by resource name.', {
    type: field(1, string({ default: '' }), 'The kind of object limited: Pod, Container or PersistentVolumeClaim.', { required: true }),
    max: field(2, quantities, 'The most of each resource an object may use.'),
    min: field(3, quantities, 'The least of each resource an object must ask for.'),
    default: field(4, quantities, 'The limit set on each resource when none is given.'),
    defaultRequest: field(5, quantities, 'The request set on each resource when none is given.'),
    maxLimitRequestRatio: field(6, quantities, 'The largest ratio of limit to request allowed for each resource.'),
  }),

  struct(
    core('ResourceQuota'),
    'Limits on the total resources and object counts of a namespace.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('ResourceQuotaSpec'), { default: {} }), 'The limits wanted.'),
      status: field(3, ref(core('ResourceQuotaStatus'), { default: {} }), 'The limits enforced and what is used of them.'),
    },
    { groupVersionKinds: kinds('ResourceQuota', ['v1']) },
  ),

  listKind(core('ResourceQuota'), 'v1', 'A list of ResourceQuotas.'),

  struct(core('ResourceQuotaSpec'), 'The limits a quota asks for, and which objects it counts.', {
    hard: field(1, quantities, 'The hard limit for each named resource.'),
    scopes: field(2, list(string({ default: '', enum: resourceQuotaScopes })), 'Filters every counted object must match.', { listType: 'atomic' }),
    scopeSelector: pointer(field(3, ref(core('ScopeSelector')), 'More filters every counted object must match, as expressions.')),
  }),

  struct(core('ResourceQuotaStatus'), 'The limits a quota enforces and the use observed.', {
    hard: field(1, quantities, 'The hard limit enforced for each named resource.'),
    used: field(2, quantities, 'The use observed in the namespace for each named resource.'),
  }),

  struct(
    core('ScopeSelector'),
    'Scope requirements that must all hold.',
    {
      matchExpressions: field(1, list(ref(core('ScopedResourceSelectorRequirement'), { default: {} })), 'The requirements.', { listType: 'atomic' }),
    },
    { mapType: 'atomic' },
  ),

  struct(core('ScopedResourceSelectorRequirement'), 'One requirement on a quota scope: its name, an operator and values.', {
    scopeName: field(1, string({ default: '', enum: resourceQuotaScopes }), 'The scope the requirement is about.', { required: true }),
    operator: field(2, string({ default: '', enum: scopeSelectorOperators }), 'In, NotIn, Exists or DoesNotExist.', { required: true }),
    values: field(3, names, 'The values for In and NotIn; empty for Exists and DoesNotExist.', { listType: 'atomic' }),
  }),

  struct(
    core('ReplicationController'),
    'Keeps a given number of copies of a pod running; the older form of ReplicaSet.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('ReplicationControllerSpec'), { default: {} }), 'The pods wanted and how many.'),
      status: field(3, ref(core('ReplicationControllerStatus'), { default: {} }), 'The pods observed.'),
    },
    { groupVersionKinds: kinds('ReplicationController', ['v1']) },
  ),

  listKind(core('ReplicationController'), 'v1', 'A list of ReplicationControllers.'),

  struct(core('ReplicationControllerSpec'), 'The pods a replication controller keeps running, and how many.', {
    replicas: pointer(field(1, int32({ default: 1 }), 'How many pods are wanted.')),
    minReadySeconds: field(4, int32({ default: 0 }), 'How long a new pod must be ready, without crashing, to count as available.', { omitEmpty: true }),
    selector: field(2, map(string({ default: '' })), 'The labels of the pods counted; defaults to the labels of the template.', { mapType: 'atomic' }),
    template: pointer(field(3, ref(core('PodTemplateSpec')), 'The pod made when too few are running.')),
  }),

  struct(core('ReplicationControllerStatus'), 'The pods a replication controller last observed.', {
    replicas: field(1, int32({ default: 0 }), 'How many pods there are.', { required: true }),
    fullyLabeledReplicas: field(2, int32(), 'How many pods carry all the labels of the template.'),
    readyReplicas: field(4, int32(), 'How many pods are ready.'),
    availableReplicas: field(5, int32(), 'How many pods have been ready for at least minReadySeconds.'),
    observedGeneration: field(3, int64(), 'The generation of the controller last observed.'),
    conditions: field(6, list(ref(core('ReplicationControllerCondition'), { default: {} })), 'The observed conditions of the controller.', conditionList),
  }),

  struct(core('ReplicationControllerCondition'), 'One observed aspect of the state of a replication controller.', {
    type: field(1, string({ default: '' }), 'Which aspect the condition is about.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastTransitionTime: field(3, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status last changed, in CamelCase.'),
    message: field(5, string(), 'Why the status last changed, for people.'),
  }),

  struct(core('WorkloadReference'), 'The Workload object and pod group a pod belongs to, for workload-aware scheduling.', {
    name: field(1, string({ default: '' }), 'The name of the Workload, in the namespace of the pod.', { required: true }),
    podGroup: field(2, string({ default: '' }), 'The pod group within the Workload.', { required: true }),
    podGroupReplicaKey: field(3, string(), 'The replica of the pod group the pod belongs to.'),
  }),
];

export const coreV1ClusterTypes: readonly TypeDeclaration[] = [...coreV1ClusterNodeTypes, ...coreV1ClusterServiceTypes, ...otherTypes];
