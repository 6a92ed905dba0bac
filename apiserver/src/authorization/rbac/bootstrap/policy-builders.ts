// The words the bootstrap policy is written in: rules, roles and bindings as the API objects the
// rbac/bootstrap-roles hook reconciles, each with kube's bootstrapping label and autoupdate
// annotation.

import type { JsonObject } from '../../../registry/object-meta.ts';
import { rbacGroup } from '../policy-rule.ts';

export const apiVersion = `${rbacGroup}/v1`;

/** kube's rbacv1.AutoUpdateAnnotationKey: "false" keeps the reconciliation away from an object. */
export const autoUpdateAnnotation = 'rbac.authorization.kubernetes.io/autoupdate';

const metadata = (name: string, namespace: string | undefined, labels: Record<string, string> = {}): JsonObject => ({
  name,
  ...(namespace === undefined ? {} : { namespace }),
  labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults', ...labels },
  annotations: { [autoUpdateAnnotation]: 'true' },
});

/** A rule over resources; `names` limits it to those objects. */
export const rule = (verbs: readonly string[], apiGroups: readonly string[], resources: readonly string[], names?: readonly string[]): JsonObject => ({
  verbs: [...verbs],
  apiGroups: [...apiGroups],
  resources: [...resources],
  ...(names === undefined ? {} : { resourceNames: [...names] }),
});

/** A rule over non-resource URLs. */
export const urls = (verbs: readonly string[], nonResourceURLs: readonly string[]): JsonObject => ({ verbs: [...verbs], nonResourceURLs: [...nonResourceURLs] });

interface RoleOptions {
  readonly labels?: Record<string, string>;
  /** The ClusterRoleSelectors of an aggregated role, whose rules the aggregation controller fills in. */
  readonly aggregationRule?: readonly JsonObject[];
}

export const clusterRole = (name: string, rules: readonly JsonObject[], options: RoleOptions = {}): JsonObject => ({
  apiVersion,
  kind: 'ClusterRole',
  metadata: metadata(name, undefined, options.labels),
  ...(options.aggregationRule === undefined ? {} : { aggregationRule: { clusterRoleSelectors: [...options.aggregationRule] } }),
  // kube's aggregated roles have no rules of their own: Go's nil, encoded null.
  rules: rules.length === 0 ? null : [...rules],
});

export const role = (namespace: string, name: string, rules: readonly JsonObject[]): JsonObject => ({
  apiVersion,
  kind: 'Role',
  metadata: metadata(name, namespace),
  rules: [...rules],
});

export const user = (name: string): JsonObject => ({ apiGroup: rbacGroup, kind: 'User', name });
export const group = (name: string): JsonObject => ({ apiGroup: rbacGroup, kind: 'Group', name });
export const serviceAccount = (namespace: string, name: string): JsonObject => ({ kind: 'ServiceAccount', name, namespace });

/** A ClusterRoleBinding to the ClusterRole `roleName`. */
export const clusterRoleBinding = (name: string, roleName: string, subjects: readonly JsonObject[]): JsonObject => ({
  apiVersion,
  kind: 'ClusterRoleBinding',
  metadata: metadata(name, undefined),
  roleRef: { apiGroup: rbacGroup, kind: 'ClusterRole', name: roleName },
  ...(subjects.length === 0 ? {} : { subjects: [...subjects] }),
});

export const roleBinding = (namespace: string, name: string, roleRef: { readonly kind: string; readonly name: string }, subjects: readonly JsonObject[]): JsonObject => ({
  apiVersion,
  kind: 'RoleBinding',
  metadata: metadata(name, namespace),
  roleRef: { apiGroup: rbacGroup, ...roleRef },
  subjects: [...subjects],
});
