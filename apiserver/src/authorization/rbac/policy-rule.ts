// The data of rbac.authorization.k8s.io/v1 that authorization reads: a role's PolicyRules, a
// binding's subjects and roleRef, read once from the stored JSON into plain typed values.

import { objectOf, objectsAt, stringOf, stringsOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';

export const rbacGroup = 'rbac.authorization.k8s.io';

/** kube's rbacv1.PolicyRule; an absent list is empty. */
export interface PolicyRule {
  readonly verbs: readonly string[];
  readonly apiGroups: readonly string[];
  readonly resources: readonly string[];
  readonly resourceNames: readonly string[];
  readonly nonResourceURLs: readonly string[];
}

/** kube's rbacv1.Subject. */
export interface Subject {
  readonly kind: string;
  readonly apiGroup: string;
  readonly name: string;
  readonly namespace: string;
}

/** kube's rbacv1.RoleRef. */
export interface RoleRef {
  readonly apiGroup: string;
  readonly kind: string;
  readonly name: string;
}

/** A RoleBinding (namespace set) or ClusterRoleBinding (namespace ""). */
export interface Binding {
  readonly name: string;
  readonly namespace: string;
  readonly roleRef: RoleRef;
  readonly subjects: readonly Subject[];
}

export const policyRuleOf = (rule: JsonObject): PolicyRule => ({
  verbs: stringsOf(rule.verbs),
  apiGroups: stringsOf(rule.apiGroups),
  resources: stringsOf(rule.resources),
  resourceNames: stringsOf(rule.resourceNames),
  nonResourceURLs: stringsOf(rule.nonResourceURLs),
});

/** The rules of a Role or ClusterRole object. */
export const rulesOf = (role: JsonObject): PolicyRule[] => objectsAt(role, 'rules').map(policyRuleOf);

/** A RoleBinding or ClusterRoleBinding object. */
export function bindingOf(object: JsonObject): Binding {
  const metadata = objectOf(object.metadata);
  const roleRef = objectOf(object.roleRef);
  return {
    name: stringOf(metadata.name),
    namespace: stringOf(metadata.namespace),
    roleRef: { apiGroup: stringOf(roleRef.apiGroup), kind: stringOf(roleRef.kind), name: stringOf(roleRef.name) },
    subjects: objectsAt(object, 'subjects').map((subject) => ({
      kind: stringOf(subject.kind),
      apiGroup: stringOf(subject.apiGroup),
      name: stringOf(subject.name),
      namespace: stringOf(subject.namespace),
    })),
  };
}

/** A PolicyRule as the API encodes it: the lists it has, in kube's field order. */
export function policyRuleJson(rule: PolicyRule): JsonObject {
  const json: JsonObject = { verbs: [...rule.verbs] };
  if (rule.apiGroups.length > 0) json.apiGroups = [...rule.apiGroups];
  if (rule.resources.length > 0) json.resources = [...rule.resources];
  if (rule.resourceNames.length > 0) json.resourceNames = [...rule.resourceNames];
  if (rule.nonResourceURLs.length > 0) json.nonResourceURLs = [...rule.nonResourceURLs];
  return json;
}
