// The types of authorization.k8s.io/v1.

import { apiName, boolean, field, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, objectMetaField, typeMetaFields } from './meta-v1.ts';

const authorization = (type: string): string => apiName('authorization', 'v1', type);
const meta = (type: string): string => `io.k8s.apimachinery.pkg.apis.meta.v1.${type}`;
const groupVersion = 'authorization.k8s.io/v1';
const stringItems = list(string({ default: '' }));

/** A review kind: metadata, the spec asked about and the status the server fills in. */
function review(kind: string, description: string, specType: string, statusType: string) {
  return struct(
    authorization(kind),
    description,
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(authorization(specType), { default: {} }), 'What is asked.', { required: true }),
      status: field(3, ref(authorization(statusType), { default: {} }), 'The answer; set by the server.'),
    },
    { groupVersionKinds: kinds(kind, [groupVersion]) },
  );
}

export const authorizationV1Types: readonly TypeDeclaration[] = [
  review('SubjectAccessReview', 'Asks whether a user or group may perform an action.', 'SubjectAccessReviewSpec', 'SubjectAccessReviewStatus'),
  review('LocalSubjectAccessReview', 'Asks whether a user or group may perform an action in the namespace of the review.', 'SubjectAccessReviewSpec', 'SubjectAccessReviewStatus'),
  review('SelfSubjectAccessReview', 'Asks whether the caller may perform an action.', 'SelfSubjectAccessReviewSpec', 'SubjectAccessReviewStatus'),
  review('SelfSubjectRulesReview', 'Asks which actions the caller may perform in a namespace.', 'SelfSubjectRulesReviewSpec', 'SubjectRulesReviewStatus'),

  struct(authorization('SubjectAccessReviewSpec'), 'An action and the user asked about; exactly one of the attribute fields is set.', {
    resourceAttributes: pointer(field(1, ref(authorization('ResourceAttributes')), 'The action on a resource.')),
    nonResourceAttributes: pointer(field(2, ref(authorization('NonResourceAttributes')), 'The action on a non-resource URL.')),
    user: field(3, string(), 'The user asked about.'),
    groups: field(4, stringItems, 'The groups asked about.', { listType: 'atomic' }),
    extra: field(5, map(stringItems), 'The extra attributes of the user asked about.'),
    uid: field(6, string(), 'The uid of the user asked about.'),
  }),

  struct(authorization('SelfSubjectAccessReviewSpec'), 'An action the caller asks about; exactly one field is set.', {
    resourceAttributes: pointer(field(1, ref(authorization('ResourceAttributes')), 'The action on a resource.')),
    nonResourceAttributes: pointer(field(2, ref(authorization('NonResourceAttributes')), 'The action on a non-resource URL.')),
  }),

  struct(authorization('SubjectAccessReviewStatus'), 'Whether an action is allowed.', {
    allowed: field(1, boolean({ default: false }), 'Whether the action would be allowed.', { required: true }),
    denied: field(4, boolean(), 'Whether the action would be explicitly denied; both false means no opinion.'),
    reason: field(2, string(), 'Why the action was allowed or denied.'),
    evaluationError: field(3, string(), 'An error met while deciding, which need not have prevented a decision.'),
  }),

  struct(authorization('SelfSubjectRulesReviewSpec'), 'The namespace a rules review is about.', {
    namespace: field(1, string(), "The namespace to list the caller's rules in."),
  }),

  struct(authorization('SubjectRulesReviewStatus'), 'The actions a subject may perform, possibly incomplete.', {
    resourceRules: field(1, list(ref(authorization('ResourceRule'), { default: {} })), 'The actions allowed on resources.', {
      required: true,
      listType: 'atomic',
    }),
    nonResourceRules: field(2, list(ref(authorization('NonResourceRule'), { default: {} })), 'The actions allowed on non-resource URLs.', {
      required: true,
      listType: 'atomic',
    }),
    incomplete: field(3, boolean({ default: false }), 'Whether the rules are incomplete, as when an authorizer cannot list rules.', { required: true }),
    evaluationError: field(4, string(), 'An error met while listing the rules.'),
  }),

  struct(authorization('ResourceAttributes'), 'A request on a resource, as an authorizer sees it.', {
    namespace: field(1, string(), 'The namespace of the request; empty means all namespaces or a cluster-scoped resource.'),
    verb: field(2, string(), 'The verb, such as get, list or delete; "*" means all.'),
    group: field(3, string(), 'The API group of the resource; "*" means all.'),
    version: field(4, string(), 'The version of the resource; "*" means all.'),
    resource: field(5, string(), 'The resource; "*" means all.'),
    subresource: field(6, string(), 'The subresource; empty means none.'),
    name: field(7, string(), 'The name of the object; empty means all.'),
    fieldSelector: pointer(field(8, ref(authorization('FieldSelectorAttributes')), 'A field selector the request is limited by.')),
    labelSelector: pointer(field(9, ref(authorization('LabelSelectorAttributes')), 'A label selector the request is limited by.')),
  }),

  struct(authorization('NonResourceAttributes'), 'A request on a non-resource URL, as an authorizer sees it.', {
    path: field(1, string(), 'The URL path.'),
    verb: field(2, string(), 'The HTTP verb, in lower case.'),
  }),

  struct(authorization('FieldSelectorAttributes'), 'The field selector a request is limited by, raw or parsed.', {
    rawSelector: field(1, string(), 'The field selector as written in the query.'),
    requirements: field(2, list(ref(meta('FieldSelectorRequirement'), { default: {} })), 'The parsed requirements, all of which must hold.', {
      listType: 'atomic',
    }),
  }),

  struct(authorization('LabelSelectorAttributes'), 'The label selector a request is limited by, raw or parsed.', {
    rawSelector: field(1, string(), 'The label selector as written in the query.'),
    requirements: field(2, list(ref(meta('LabelSelectorRequirement'), { default: {} })), 'The parsed requirements, all of which must hold.', {
      listType: 'atomic',
    }),
  }),

  struct(authorization('ResourceRule'), 'Actions allowed on resources.', {
    verbs: field(1, stringItems, 'The verbs allowed; "*" means all.', { required: true, listType: 'atomic' }),
    apiGroups: field(2, stringItems, 'The API groups of the resources; "*" means all.', { listType: 'atomic' }),
    resources: field(3, stringItems, 'The resources; "*" means all.', { listType: 'atomic' }),
    resourceNames: field(4, stringItems, 'The names of the objects; empty means all.', { listType: 'atomic' }),
  }),

  struct(authorization('NonResourceRule'), 'Actions allowed on non-resource URLs.', {
    verbs: field(1, stringItems, 'The HTTP verbs allowed; "*" means all.', { required: true, listType: 'atomic' }),
    nonResourceURLs: field(2, stringItems, 'The URL paths, possibly ending in "*".', { listType: 'atomic' }),
  }),
];
