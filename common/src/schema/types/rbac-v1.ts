// The types of rbac.authorization.k8s.io/v1.

import { apiName, field, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, labelSelectorName, listKind, objectMetaField, typeMetaFields } from './meta-v1.ts';

const rbac = (type: string): string => apiName('rbac', 'v1', type);
const groupVersion = 'rbac.authorization.k8s.io/v1';
const stringItems = list(string({ default: '' }));
const rulesField = field(2, list(ref(rbac('PolicyRule'), { default: {} })), 'The permissions the role grants.', { listType: 'atomic' });
const subjectsField = field(2, list(ref(rbac('Subject'), { default: {} })), 'The users, groups and service accounts the role is granted to.', {
  listType: 'atomic',
});

export const rbacV1Types: readonly TypeDeclaration[] = [
  struct(
    rbac('Role'),
    'A set of permissions within one namespace, which role bindings grant.',
    { ...typeMetaFields, metadata: objectMetaField, rules: rulesField },
    { groupVersionKinds: kinds('Role', [groupVersion]) },
  ),

  listKind(rbac('Role'), groupVersion, 'A list of Roles.'),

  struct(
    rbac('ClusterRole'),
    'A set of permissions across the cluster, which role bindings and cluster role bindings grant.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      rules: rulesField,
      aggregationRule: pointer(field(3, ref(rbac('AggregationRule')), 'When set, the rules are gathered by a controller from the cluster roles it selects.')),
    },
    { groupVersionKinds: kinds('ClusterRole', [groupVersion]) },
  ),

  listKind(rbac('ClusterRole'), groupVersion, 'A list of ClusterRoles.'),

  struct(
    rbac('RoleBinding'),
    "Grants a role, or a cluster role, to subjects within the binding's namespace.",
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      subjects: subjectsField,
      roleRef: field(3, ref(rbac('RoleRef'), { default: {} }), 'The role granted: a Role of this namespace or a ClusterRole.', { required: true }),
    },
    { groupVersionKinds: kinds('RoleBinding', [groupVersion]) },
  ),

  listKind(rbac('RoleBinding'), groupVersion, 'A list of RoleBindings.'),

  struct(
    rbac('ClusterRoleBinding'),
    'Grants a cluster role to subjects across the whole cluster.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      subjects: subjectsField,
      roleRef: field(3, ref(rbac('RoleRef'), { default: {} }), 'The cluster role granted.', { required: true }),
    },
    { groupVersionKinds: kinds('ClusterRoleBinding', [groupVersion]) },
  ),

  listKind(rbac('ClusterRoleBinding'), groupVersion, 'A list of ClusterRoleBindings.'),

  struct(rbac('AggregationRule'), 'How a cluster role gathers its rules from other cluster roles.', {
    clusterRoleSelectors: field(1, list(ref(labelSelectorName, { default: {} })), 'Selectors of the cluster roles whose rules are gathered.', {
      listType: 'atomic',
    }),
  }),

  struct(rbac('PolicyRule'), 'One permission: verbs allowed on resources or on non-resource URLs.', {
    verbs: field(1, stringItems, 'The verbs allowed; "*" means all.', { required: true, listType: 'atomic' }),
    apiGroups: field(2, stringItems, 'The API groups of the resources.', { listType: 'atomic' }),
    resources: field(3, stringItems, 'The resources the rule covers; "*" means all.', { listType: 'atomic' }),
    resourceNames: field(4, stringItems, 'The names of the objects the rule is limited to; empty means all.', { listType: 'atomic' }),
    nonResourceURLs: field(5, stringItems, 'URL paths outside the resources, such as "/healthz"; only for cluster roles.', { listType: 'atomic' }),
  }),

  struct(
    rbac('RoleRef'),
    'The role a binding grants.',
    {
      apiGroup: field(1, string({ default: '' }), 'The API group of the role.', { required: true }),
      kind: field(2, string({ default: '' }), 'Role or ClusterRole.', { required: true }),
      name: field(3, string({ default: '' }), 'The name of the role.', { required: true }),
    },
    { mapType: 'atomic' },
  ),

  struct(
    rbac('Subject'),
    'Who a binding grants its role to: a user, a group or a service account.',
    {
      kind: field(1, string({ default: '' }), 'User, Group or ServiceAccount.', { required: true }),
      apiGroup: field(2, string(), 'The API group of the subject: "" for service accounts, rbac.authorization.k8s.io for users and groups.'),
      name: field(3, string({ default: '' }), 'The name of the subject.', { required: true }),
      namespace: field(4, string(), 'The namespace of a service account subject.'),
    },
    { mapType: 'atomic' },
  ),
];
