// One admission rule (kube's RuleWithOperations) against a request: its scope, operations, API
// groups, versions and resources ("pods", "pods/status", "*/status", "pods/*", "*"), as kube's
// webhook/predicates/rules Matcher decides it.

import type { RuleWithOperations } from '@capstan/common/api-types/admissionregistration-v1';

/** What a rule is matched against: the request's resource (or an equivalent one) and operation. */
export interface RuleSubject {
  readonly operation: string;
  readonly resource: { readonly group: string; readonly version: string; readonly resource: string };
  readonly subresource: string;
  /** "" for a cluster-scoped object; a Namespace's own name for a request of a namespace. */
  readonly namespace: string;
}

const exactOrWildcard = (items: readonly string[] | undefined, requested: string): boolean => (items ?? []).some((item) => item === '*' || item === requested);

const isNamespaceResource = (subject: RuleSubject): boolean => subject.resource.group === '' && subject.resource.version === 'v1' && subject.resource.resource === 'namespaces';

/** A Namespace is cluster-scoped although its requests carry its name as their namespace. */
function scopeMatches(scope: string | undefined, subject: RuleSubject): boolean {
  switch (scope ?? '*') {
    case '*':
      return true;
    case 'Namespaced':
      return !isNamespaceResource(subject) && subject.namespace !== '';
    case 'Cluster':
      return isNamespaceResource(subject) || subject.namespace === '';
    default:
      return false;
  }
}

/** "pods" names the resource alone, "pods/status" a subresource, "*" parts match anything (but "*" alone no subresource). */
function resourceMatches(resources: readonly string[] | undefined, subject: RuleSubject): boolean {
  return (resources ?? []).some((entry) => {
    const slash = entry.indexOf('/');
    const resource = slash === -1 ? entry : entry.slice(0, slash);
    const subresource = slash === -1 ? '' : entry.slice(slash + 1);
    return (resource === '*' || resource === subject.resource.resource) && (subresource === '*' || subresource === subject.subresource);
  });
}

/** Whether the rule selects the request: every part of it must. */
export function ruleMatches(rule: RuleWithOperations, subject: RuleSubject): boolean {
  return (
    scopeMatches(rule.scope, subject) &&
    exactOrWildcard(rule.operations, subject.operation) &&
    exactOrWildcard(rule.apiGroups, subject.resource.group) &&
    exactOrWildcard(rule.apiVersions, subject.resource.version) &&
    resourceMatches(rule.resources, subject)
  );
}
