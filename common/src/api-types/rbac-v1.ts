// The types of io.k8s.api.rbac.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { LabelSelector, ListMeta, ObjectMeta } from './meta-v1.ts';

/** A set of permissions within one namespace, which role bindings grant. */
export interface Role {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The permissions the role grants. */
  readonly rules?: readonly PolicyRule[];
}

/** A list of Roles. */
export interface RoleList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Role objects of this page. */
  readonly items: readonly Role[];
}

/** A set of permissions across the cluster, which role bindings and cluster role bindings grant. */
export interface ClusterRole {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The permissions the role grants. */
  readonly rules?: readonly PolicyRule[];
  /** When set, the rules are gathered by a controller from the cluster roles it selects. */
  readonly aggregationRule?: AggregationRule;
}

/** A list of ClusterRoles. */
export interface ClusterRoleList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ClusterRole objects of this page. */
  readonly items: readonly ClusterRole[];
}

/** Grants a role, or a cluster role, to subjects within the binding's namespace. */
export interface RoleBinding {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The users, groups and service accounts the role is granted to. */
  readonly subjects?: readonly Subject[];
  /** The role granted: a Role of this namespace or a ClusterRole. */
  readonly roleRef: RoleRef;
}

/** A list of RoleBindings. */
export interface RoleBindingList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The RoleBinding objects of this page. */
  readonly items: readonly RoleBinding[];
}

/** Grants a cluster role to subjects across the whole cluster. */
export interface ClusterRoleBinding {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The users, groups and service accounts the role is granted to. */
  readonly subjects?: readonly Subject[];
  /** The cluster role granted. */
  readonly roleRef: RoleRef;
}

/** A list of ClusterRoleBindings. */
export interface ClusterRoleBindingList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ClusterRoleBinding objects of this page. */
  readonly items: readonly ClusterRoleBinding[];
}

/** How a cluster role gathers its rules from other cluster roles. */
export interface AggregationRule {
  /** Selectors of the cluster roles whose rules are gathered. */
  readonly clusterRoleSelectors?: readonly LabelSelector[];
}

/** One permission: verbs allowed on resources or on non-resource URLs. */
export interface PolicyRule {
  /** The verbs allowed; "*" means all. */
  readonly verbs: readonly string[];
  /** The API groups of the resources. */
  readonly apiGroups?: readonly string[];
  /** The resources the rule covers; "*" means all. */
  readonly resources?: readonly string[];
  /** The names of the objects the rule is limited to; empty means all. */
  readonly resourceNames?: readonly string[];
  /** URL paths outside the resources, such as "/healthz"; only for cluster roles. */
  readonly nonResourceURLs?: readonly string[];
}

/** The role a binding grants. */
export interface RoleRef {
  /** The API group of the role. */
  readonly apiGroup: string;
  /** Role or ClusterRole. */
  readonly kind: string;
  /** The name of the role. */
  readonly name: string;
}

/** Who a binding grants its role to: a user, a group or a service account. */
export interface Subject {
  /** User, Group or ServiceAccount. */
  readonly kind: string;
  /** The API group of the subject: "" for service accounts, rbac.authorization.k8s.io for users and groups. */
  readonly apiGroup?: string;
  /** The name of the subject. */
  readonly name: string;
  /** The namespace of a service account subject. */
  readonly namespace?: string;
}
