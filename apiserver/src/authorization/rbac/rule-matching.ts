// Whether a PolicyRule allows a request: kube's RuleAllows with the rbac/v1 evaluation helpers.
// `*` matches any verb, group, resource or URL; "*/scale" matches the scale subresource of any
// resource; an empty resourceNames list matches any name; a URL ending in `*` matches by prefix.

import type { Attributes } from '../authorizer.ts';
import type { PolicyRule } from './policy-rule.ts';

export const verbMatches = (rule: PolicyRule, verb: string): boolean => rule.verbs.some((one) => one === '*' || one === verb);

export const apiGroupMatches = (rule: PolicyRule, group: string): boolean => rule.apiGroups.some((one) => one === '*' || one === group);

/** `combined` is "resource" or "resource/subresource". */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const one of rule.resources) {
    if (one === '*' || one === combined) return true;
    if (subresource !== '' && one.length === subresource.length + 2 && one.startsWith('*/') && one.endsWith(subresource)) return true;
  }
  return false;
}

export const resourceNameMatches = (rule: PolicyRule, name: string): boolean => rule.resourceNames.length === 0 || rule.resourceNames.includes(name);

/** A rule's URL covers a path: equal, `*`, or a prefix ending in `*`. */
export const nonResourceURLCovers = (ruleURL: string, path: string): boolean =>
  ruleURL === '*' || ruleURL === path || (ruleURL.endsWith('*') && path.startsWith(trimStars(ruleURL)));

/** Go's strings.TrimRight(s, "*"). */
const trimStars = (url: string): string => url.replace(/\*+$/, '');

export const nonResourceURLMatches = (rule: PolicyRule, path: string): boolean => rule.nonResourceURLs.some((one) => nonResourceURLCovers(one, path));

export function ruleAllows(attributes: Attributes, rule: PolicyRule): boolean {
  if (!verbMatches(rule, attributes.verb)) return false;
  if (!attributes.isResourceRequest) return nonResourceURLMatches(rule, attributes.path);
  const combined = attributes.subresource === '' ? attributes.resource : `${attributes.resource}/${attributes.subresource}`;
  return apiGroupMatches(rule, attributes.group) && resourceMatches(rule, combined, attributes.subresource) && resourceNameMatches(rule, attributes.name);
}
