// The meta types every kind shares (k8s.io/apimachinery): object and list metadata, Status, options,
// watch events, label selectors, and the opaque scalar types (Time, Quantity, IntOrString, ...).

import {
  boolean,
  field,
  int32,
  int64,
  list,
  map,
  opaque,
  pointer,
  ref,
  string,
  struct,
  type FieldDeclaration,
  type GroupVersionKind,
  type StructDeclaration,
  type TypeDeclaration,
} from '../schema.ts';

const meta = (type: string): string => `io.k8s.apimachinery.pkg.apis.meta.v1.${type}`;

export const timeName = meta('Time');
export const microTimeName = meta('MicroTime');
export const objectMetaName = meta('ObjectMeta');
export const listMetaName = meta('ListMeta');
export const labelSelectorName = meta('LabelSelector');
export const conditionName = meta('Condition');
export const quantityName = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
export const intOrStringName = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
export const rawExtensionName = 'io.k8s.apimachinery.pkg.runtime.RawExtension';

/** Every kind's apiVersion and kind: in JSON on the object, in Protobuf outside the message. */
export const typeMetaFields: Readonly<Record<'apiVersion' | 'kind', FieldDeclaration>> = {
  apiVersion: { schema: string(), description: 'The group and version of the schema this object follows, such as "v1" or "apps/v1".' },
  kind: { schema: string(), description: 'The kind of object this is, in CamelCase, such as "Pod".' },
};

/** The metadata field of a kind: ObjectMeta, Protobuf field 1. */
export const objectMetaField = field(1, ref(objectMetaName, { default: {} }), "The object's name, namespace, labels and the other metadata every object has.");

/** The metadata field of a list: ListMeta, Protobuf field 1. */
export const listMetaField = field(1, ref(listMetaName, { default: {} }), 'Where this page of the list stands: its resourceVersion and continue token.');

/**
 * The <Kind>List of a kind: type meta, list metadata and the items (Protobuf fields 1 and 2), e.g.
 * listKind(apiName('core', 'v1', 'ConfigMap'), 'v1', 'A list of ConfigMaps.').
 */
export function listKind(itemName: string, groupVersion: string, description: string): StructDeclaration {
  const itemKind = itemName.slice(itemName.lastIndexOf('.') + 1);
  return struct(
    `${itemName}List`,
    description,
    {
      ...typeMetaFields,
      metadata: listMetaField,
      items: field(2, list(ref(itemName, { default: {} })), `The ${itemKind} objects of this page.`, { required: true }),
    },
    { groupVersionKinds: kinds(`${itemKind}List`, [groupVersion]) },
  );
}

/** `kinds('DeleteOptions', [...])`: the same kind in each of the group-versions, group "" for core. */
export const kinds = (kind: string, groupVersions: readonly string[]): GroupVersionKind[] =>
  groupVersions.map((gv) => {
    const slash = gv.indexOf('/');
    return { group: slash < 0 ? '' : gv.slice(0, slash), version: slash < 0 ? gv : gv.slice(slash + 1), kind };
  });

/** Every group-version kube-apiserver 1.35 registers the shared option and event kinds in, served or not. */
const everyGroupVersion = [
  'v1',
  'admission.k8s.io/v1',
  'admission.k8s.io/v1beta1',
  'admissionregistration.k8s.io/v1',
  'admissionregistration.k8s.io/v1alpha1',
  'admissionregistration.k8s.io/v1beta1',
  'apiextensions.k8s.io/v1',
  'apiextensions.k8s.io/v1beta1',
  'apiregistration.k8s.io/v1',
  'apiregistration.k8s.io/v1beta1',
  'apps/v1',
  'apps/v1beta1',
  'apps/v1beta2',
  'authentication.k8s.io/v1',
  'authentication.k8s.io/v1alpha1',
  'authentication.k8s.io/v1beta1',
  'authorization.k8s.io/v1',
  'authorization.k8s.io/v1beta1',
  'autoscaling/v1',
  'autoscaling/v2',
  'autoscaling/v2beta1',
  'autoscaling/v2beta2',
  'batch/v1',
  'batch/v1beta1',
  'certificates.k8s.io/v1',
  'certificates.k8s.io/v1alpha1',
  'certificates.k8s.io/v1beta1',
  'coordination.k8s.io/v1',
  'coordination.k8s.io/v1alpha2',
  'coordination.k8s.io/v1beta1',
  'discovery.k8s.io/v1',
  'discovery.k8s.io/v1beta1',
  'events.k8s.io/v1',
  'events.k8s.io/v1beta1',
  'extensions/v1beta1',
  'flowcontrol.apiserver.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/v1beta1',
  'flowcontrol.apiserver.k8s.io/v1beta2',
  'flowcontrol.apiserver.k8s.io/v1beta3',
  'imagepolicy.k8s.io/v1alpha1',
  'internal.apiserver.k8s.io/v1alpha1',
  'networking.k8s.io/v1',
  'networking.k8s.io/v1beta1',
  'node.k8s.io/v1',
  'node.k8s.io/v1alpha1',
  'node.k8s.io/v1beta1',
  'policy/v1',
  'policy/v1beta1',
  'rbac.authorization.k8s.io/v1',
  'rbac.authorization.k8s.io/v1alpha1',
  'rbac.authorization.k8s.io/v1beta1',
  'resource.k8s.io/v1',
  'resource.k8s.io/v1alpha3',
  'resource.k8s.io/v1beta1',
  'resource.k8s.io/v1beta2',
  'scheduling.k8s.io/v1',
  'scheduling.k8s.io/v1alpha1',
  'scheduling.k8s.io/v1beta1',
  'storage.k8s.io/v1',
  'storage.k8s.io/v1alpha1',
  'storage.k8s.io/v1beta1',
  'storagemigration.k8s.io/v1beta1',
];

const stringItems = list(string({ default: '' }));

export const metaV1Types: readonly TypeDeclaration[] = [
  opaque(timeName, 'A point in time, written as an RFC 3339 date-time with second precision.', { type: 'string', format: 'date-time' }),
  opaque(microTimeName, 'A point in time with microsecond precision, written as an RFC 3339 date-time.', { type: 'string', format: 'date-time' }),
  opaque(meta('FieldsV1'), 'A set of field paths in the trie form server-side apply records them in.', { type: 'object' }),
  opaque(meta('Patch'), 'The body of a PATCH request, in whatever patch format its content type names.', { type: 'object' }),
  opaque(quantityName, 'An exact amount such as "500m", "1.5Gi" or "2", written as a string (a plain number is read too).', {
    oneOf: [{ type: 'string' }, { type: 'number' }],
  }),
  opaque(intOrStringName, 'A value that is either an integer or a string, such as a port number or a port name.', {
    format: 'int-or-string',
    oneOf: [{ type: 'integer' }, { type: 'string' }],
  }),
  opaque(rawExtensionName, 'A whole embedded object of any kind, kept as it was sent.', { type: 'object' }),

  struct(objectMetaName, 'The metadata every persisted object carries: identity, labels, ownership and lifecycle.', {
    name: field(1, string(), 'The name, unique among objects of the kind in one namespace. Cannot be changed.'),
    generateName: field(2, string(), 'A prefix from which the server makes a unique name when no name is given.'),
    namespace: field(3, string(), 'The namespace the object lives in; empty for cluster-scoped kinds.'),
    selfLink: field(4, string(), 'Deprecated and no longer set.'),
    uid: field(5, string(), 'A unique identifier the server assigns on creation; differs between an object and one recreated under its name.'),
    resourceVersion: field(6, string(), 'An opaque version of this object, for optimistic concurrency and for watches.'),
    generation: field(7, int64(), 'How many times the desired state (usually the spec) has changed; set by the server.'),
    creationTimestamp: field(8, ref(timeName), 'CreationTimestamp is a timestamp of when the server created the object.'),
    deletionTimestamp: pointer(field(9, ref(timeName), 'When the object is to be gone, set once a delete was asked for; its finalizers must be cleared first.')),
    deletionGracePeriodSeconds: pointer(field(10, int64(), 'How many seconds the object was given to terminate gracefully when its deletion began.')),
    labels: field(11, map(string({ default: '' })), 'Key/value pairs that selectors can find the object by.'),
    annotations: field(12, map(string({ default: '' })), 'Key/value pairs for tools and people; not used for selection.'),
    ownerReferences: field(13, list(ref(meta('OwnerReference'), { default: {} })), 'The objects this one depends on; the garbage collector removes it once they are all gone.', {
      listType: 'map',
      listMapKeys: ['uid'],
      patchStrategy: 'merge',
      patchMergeKey: 'uid',
    }),
    finalizers: field(14, stringItems, 'Conditions that must be cleared before the server removes an object whose deletion began.', {
      listType: 'set',
      patchStrategy: 'merge',
    }),
    managedFields: field(17, list(ref(meta('ManagedFieldsEntry'), { default: {} })), 'Which manager owns which fields, as server-side apply records it.', {
      listType: 'atomic',
    }),
  }),

  struct(listMetaName, 'The metadata of a list: the revision it was read at and how to get the next page.', {
    selfLink: field(1, string(), 'Deprecated and no longer set.'),
    resourceVersion: field(2, string(), 'The revision the list was read at; a watch may start from it.'),
    continue: field(3, string(), 'Set when more items remain: pass it back to get the next page of the same snapshot.'),
    remainingItemCount: pointer(field(4, int64(), 'How many items remain after this page, when the server can tell.')),
  }),

  struct(
    meta('OwnerReference'),
    'Names an object that owns this one, which must be in the same namespace or cluster-scoped.',
    {
      apiVersion: field(5, string({ default: '' }), 'The group and version of the owner.', { required: true }),
      kind: field(1, string({ default: '' }), 'The kind of the owner.', { required: true }),
      name: field(3, string({ default: '' }), 'The name of the owner.', { required: true }),
      uid: field(4, string({ default: '' }), 'The uid of the owner.', { required: true }),
      controller: pointer(field(6, boolean(), 'True for the one owner that manages this object.')),
      blockOwnerDeletion: pointer(field(7, boolean(), 'With true, a foreground deletion of the owner waits until this object is gone.')),
    },
    { mapType: 'atomic' },
  ),

  struct(meta('ManagedFieldsEntry'), 'The fields one manager owns through one kind of operation.', {
    manager: field(1, string(), 'Who manages the fields, usually a client name.'),
    operation: field(2, string(), 'Apply or Update: how the fields came to be managed.'),
    apiVersion: field(3, string(), 'The version of the schema the field set is written in.'),
    time: pointer(field(4, ref(timeName), 'When these fields last changed for this manager.')),
    fieldsType: field(6, string(), 'The format of fieldsV1; only "FieldsV1" exists.'),
    fieldsV1: pointer(field(7, ref(meta('FieldsV1')), 'The set of fields owned.')),
    subresource: field(8, string(), 'The subresource the fields were written through, empty for the main resource.'),
  }),

  struct(
    labelSelectorName,
    'Selects objects by labels: every matchLabels pair and every matchExpressions requirement must hold.',
    {
      matchLabels: field(1, map(string({ default: '' })), 'Labels that must be present with exactly these values.'),
      matchExpressions: field(2, list(ref(meta('LabelSelectorRequirement'), { default: {} })), 'Requirements on labels, all of which must hold.', {
        listType: 'atomic',
      }),
    },
    { mapType: 'atomic' },
  ),

  struct(meta('LabelSelectorRequirement'), 'One requirement of a label selector: a key, an operator and values.', {
    key: field(1, string({ default: '' }), 'The label key the requirement is about.', { required: true }),
    operator: field(2, string({ default: '' }), 'In, NotIn, Exists or DoesNotExist.', { required: true }),
    values: field(3, stringItems, 'The values for In and NotIn; empty for Exists and DoesNotExist.', { listType: 'atomic' }),
  }),

  struct(meta('FieldSelectorRequirement'), 'One requirement of a field selector: a field path, an operator and values.', {
    key: field(1, string({ default: '' }), 'The field path the requirement is about.', { required: true }),
    operator: field(2, string({ default: '' }), 'In, NotIn, Exists or DoesNotExist.', { required: true }),
    values: field(3, stringItems, 'The values for In and NotIn; empty for Exists and DoesNotExist.', { listType: 'atomic' }),
  }),

  struct(conditionName, "One aspect of an object's state, as its controller last saw it.", {
    type: field(1, string({ default: '' }), 'What aspect this condition is about, in CamelCase.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    observedGeneration: field(3, int64(), 'The generation of the object the condition was computed from.'),
    lastTransitionTime: field(4, ref(timeName), 'When the status last changed.', { required: true }),
    reason: field(5, string({ default: '' }), 'Why the status is what it is, in CamelCase, for programs.', { required: true }),
    message: field(6, string({ default: '' }), 'Why the status is what it is, for people.', { required: true }),
  }),

  struct(
    meta('Status'),
    'The outcome of a request that returns no object: above all, why it failed.',
    {
      ...typeMetaFields,
      metadata: listMetaField,
      status: field(2, string(), 'Success or Failure.'),
      message: field(3, string(), 'What happened, for people.'),
      reason: field(4, string(), 'Why the request failed, in CamelCase, for programs; empty when no reason applies.'),
      details: pointer(field(5, ref(meta('StatusDetails')), 'More about the failure: the object it concerns and its causes.')),
      code: field(6, int32(), 'The HTTP status code of the answer.'),
    },
    { groupVersionKinds: kinds('Status', ['v1']) },
  ),

  struct(meta('StatusDetails'), 'Which object a failure concerns and what caused it.', {
    name: field(1, string(), 'The name of the object concerned.'),
    group: field(2, string(), 'The API group of the object concerned.'),
    kind: field(3, string(), 'The kind (or resource) of the object concerned.'),
    uid: field(6, string(), 'The uid of the object concerned.'),
    causes: field(4, list(ref(meta('StatusCause'), { default: {} })), 'The individual causes, such as each invalid field.', { listType: 'atomic' }),
    retryAfterSeconds: field(5, int32(), 'How long to wait before retrying, when waiting may help.'),
  }),

  struct(meta('StatusCause'), 'One cause of a failure, usually an invalid field.', {
    reason: field(1, string(), 'What kind of problem it is, in CamelCase.'),
    message: field(2, string(), 'The problem, for people.'),
    field: field(3, string(), 'The path of the field at fault, such as "spec.containers[0].name".'),
  }),

  struct(
    meta('DeleteOptions'),
    'How to delete: a grace period, preconditions, what happens to dependents, and dry run.',
    {
      ...typeMetaFields,
      gracePeriodSeconds: pointer(field(1, int64(), "Seconds the object gets to terminate; zero deletes at once, unset takes the kind's default.")),
      preconditions: pointer(field(2, ref(meta('Preconditions')), 'What must still hold for the delete to go ahead, else 409 Conflict.')),
      orphanDependents: pointer(field(3, boolean(), 'Deprecated: use propagationPolicy. Whether dependents are left behind.')),
      propagationPolicy: pointer(field(4, string(), 'Orphan, Background or Foreground: what happens to the objects that depend on this one.')),
      dryRun: field(5, stringItems, 'With "All", every step runs but nothing is stored.', { listType: 'atomic' }),
      ignoreStoreReadErrorWithClusterBreakingPotential: pointer(
        field(6, boolean(), 'Deletes an object that cannot be read from the store (it cannot be decoded); use with great care.'),
      ),
    },
    { groupVersionKinds: kinds('DeleteOptions', everyGroupVersion) },
  ),

  struct(meta('Preconditions'), 'What must still hold for an operation to go ahead.', {
    uid: pointer(field(1, string(), 'The uid the object must have.')),
    resourceVersion: pointer(field(2, string(), 'The resourceVersion the object must be at.')),
  }),

  struct(
    meta('WatchEvent'),
    'One event of a watch stream: what happened and the object it happened to.',
    {
      type: field(1, string({ default: '' }), 'ADDED, MODIFIED, DELETED, BOOKMARK or ERROR.', { required: true }),
      object: field(2, ref(rawExtensionName), 'The object as it now is (as it last was, for DELETED); a Status for ERROR.', { required: true }),
    },
    { groupVersionKinds: kinds('WatchEvent', everyGroupVersion) },
  ),

  struct(meta('APIResource'), 'One resource of a group-version as discovery describes it.', {
    name: field(1, string({ default: '' }), 'The plural name of the resource.', { required: true }),
    singularName: field(6, string({ default: '' }), 'The singular name of the resource.', { required: true }),
    namespaced: field(2, boolean({ default: false }), 'Whether objects of the resource live in namespaces.', { required: true }),
    group: field(8, string(), "The group of the resource, when it differs from the list's (for subresources)."),
    version: field(9, string(), "The version of the resource, when it differs from the list's (for subresources)."),
    kind: field(3, string({ default: '' }), "The kind of the resource's objects.", { required: true }),
    verbs: field(4, stringItems, 'The verbs the resource supports: get, list, watch, create, ...', { required: true }),
    shortNames: field(5, stringItems, 'Short names kubectl accepts for the resource.', { listType: 'atomic' }),
    categories: field(7, stringItems, 'Groups of resources this one belongs to, such as "all".', { listType: 'atomic' }),
    storageVersionHash: field(10, string(), 'A hash of the version the resource is stored in; it changes when that version does.'),
  }),

  struct(
    meta('APIResourceList'),
    'The resources one group-version serves.',
    {
      ...typeMetaFields,
      groupVersion: field(1, string({ default: '' }), 'The group-version listed.', { required: true }),
      resources: field(2, list(ref(meta('APIResource'), { default: {} })), 'The resources it serves.', { required: true, listType: 'atomic' }),
    },
    { groupVersionKinds: kinds('APIResourceList', ['v1']) },
  ),
];
