// The RBAC kinds' own checks (rbac.authorization.k8s.io/v1): the rules of Roles and ClusterRoles,
// and the role reference and subjects of their bindings. Their paths have no "spec.": RBAC objects
// keep rules, roleRef and subjects at the top.

import { fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../registry/object-meta.ts';
import { objectOf, objectsAt, stringOf, stringsOf } from '../../registry/defaulting/json-fields.ts';
import { isDNS1123Subdomain, pathSegmentErrors } from '../../registry/name-validation.ts';

const rbacGroup = 'rbac.authorization.k8s.io';

export const roleErrors = (role: JsonObject): FieldError[] => objectsAt(role, 'rules').flatMap((rule, i) => policyRuleErrors(rule, true, `rules[${i}]`));

export const clusterRoleErrors = (role: JsonObject): FieldError[] => objectsAt(role, 'rules').flatMap((rule, i) => policyRuleErrors(rule, false, `rules[${i}]`));

export const roleBindingErrors = (binding: JsonObject): FieldError[] => bindingErrors(binding, true);

export const clusterRoleBindingErrors = (binding: JsonObject): FieldError[] => bindingErrors(binding, false);

function policyRuleErrors(rule: JsonObject, namespaced: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const verbs = stringsOf(rule.verbs);
  const apiGroups = stringsOf(rule.apiGroups);
  const resources = stringsOf(rule.resources);
  const resourceNames = stringsOf(rule.resourceNames);
  const urls = stringsOf(rule.nonResourceURLs);
  if (verbs.length === 0) errors.push(fieldRequired(`${path}.verbs`, 'verbs must contain at least one value'));
  if (urls.length > 0) {
    if (namespaced) errors.push(fieldInvalid(`${path}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (apiGroups.length > 0 || resources.length > 0 || resourceNames.length > 0) {
      errors.push(fieldInvalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errors;
  }
  if (apiGroups.length === 0) errors.push(fieldRequired(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (resources.length === 0) errors.push(fieldRequired(`${path}.resources`, 'resource rules must supply at least one resource'));
  if (resourceNames.length > 0 && resources.length > 1) errors.push(fieldRequired(`${path}.resourceNames`, 'resource names cannot apply to multiple resources'));
  return errors;
}

function bindingErrors(binding: JsonObject, namespaced: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const roleRef = objectOf(binding.roleRef);
  const apiGroup = stringOf(roleRef.apiGroup);
  if (apiGroup !== rbacGroup) errors.push(fieldNotSupported('roleRef.apiGroup', apiGroup, [rbacGroup]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  const kind = stringOf(roleRef.kind);
  if (!kinds.includes(kind)) errors.push(fieldNotSupported('roleRef.kind', kind, kinds));
  const name = stringOf(roleRef.name);
  if (name === '') errors.push(fieldRequired('roleRef.name'));
  else for (const message of pathSegmentErrors(name, false)) errors.push(fieldInvalid('roleRef.name', name, message));
  objectsAt(binding, 'subjects').forEach((subject, i) => errors.push(...subjectErrors(subject, namespaced, `subjects[${i}]`)));
  return errors;
}

function subjectErrors(subject: JsonObject, namespaced: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(subject.name);
  const apiGroup = stringOf(subject.apiGroup);
  if (name === '') errors.push(fieldRequired(`${path}.name`));
  const kind = stringOf(subject.kind);
  if (kind === 'ServiceAccount') {
    if (name !== '') for (const message of isDNS1123Subdomain(name)) errors.push(fieldInvalid(`${path}.name`, name, message));
    if (apiGroup !== '') errors.push(fieldNotSupported(`${path}.apiGroup`, apiGroup, ['']));
    if (!namespaced && stringOf(subject.namespace) === '') errors.push(fieldRequired(`${path}.namespace`));
  } else if (kind === 'User' || kind === 'Group') {
    if (name === '') errors.push(fieldInvalid(`${path}.name`, name, `${kind.toLowerCase()} name cannot be empty`));
    if (apiGroup !== rbacGroup) errors.push(fieldNotSupported(`${path}.apiGroup`, apiGroup, [rbacGroup]));
  } else errors.push(fieldNotSupported(`${path}.kind`, kind, ['ServiceAccount', 'User', 'Group']));
  return errors;
}
