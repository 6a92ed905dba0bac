// Whether one set of rules grants everything another does (kube's validation.Covers), and how the
// rules it does not are described in an escalation's 403 (CompactRules, CompactString). Each rule
// of the servant set is broken down to one verb, group, resource and name (or URL) so that a single
// owner rule either covers it or not.

import { goQuote } from '@capstan/common';
import { nonResourceURLCovers } from './rule-matching.ts';
import type { PolicyRule } from './policy-rule.ts';

const none: readonly string[] = [];

const one = (verb: string, fields: Partial<PolicyRule>): PolicyRule => ({
  verbs: [verb],
  apiGroups: none,
  resources: none,
  resourceNames: none,
  nonResourceURLs: none,
  ...fields,
});

/** kube's BreakdownRule: a rule as rules of at most one verb, group, resource and name, or one verb and URL. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const rules: PolicyRule[] = [];
  for (const group of rule.apiGroups) {
    for (const resource of rule.resources) {
      for (const verb of rule.verbs) {
        if (rule.resourceNames.length === 0) rules.push(one(verb, { apiGroups: [group], resources: [resource] }));
        else for (const name of rule.resourceNames) rules.push(one(verb, { apiGroups: [group], resources: [resource], resourceNames: [name] }));
      }
    }
  }
  for (const url of rule.nonResourceURLs) for (const verb of rule.verbs) rules.push(one(verb, { nonResourceURLs: [url] }));
  return rules;
}

const hasAll = (set: readonly string[], wanted: readonly string[]): boolean => wanted.every((item) => set.includes(item));

function resourcesCovered(owner: readonly string[], wanted: readonly string[]): boolean {
  if (owner.includes('*') || hasAll(owner, wanted)) return true;
  return wanted.every((path) => {
    if (owner.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && owner.includes(`*/${path.slice(slash + 1)}`);
  });
}

/** kube's ruleCovers: whether `owner` grants all of `sub` (a broken-down rule). */
export function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const names = sub.resourceNames.length === 0 ? owner.resourceNames.length === 0 : owner.resourceNames.length === 0 || hasAll(owner.resourceNames, sub.resourceNames);
  return (
    (owner.verbs.includes('*') || hasAll(owner.verbs, sub.verbs)) &&
    (owner.apiGroups.includes('*') || hasAll(owner.apiGroups, sub.apiGroups)) &&
    resourcesCovered(owner.resources, sub.resources) &&
    names &&
    sub.nonResourceURLs.every((path) => owner.nonResourceURLs.some((url) => nonResourceURLCovers(url, path)))
  );
}

/** The broken-down rules of `servant` that no rule of `owner` covers (none: `owner` covers `servant`). */
export function uncoveredRules(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): PolicyRule[] {
  return servant.flatMap(breakdownRule).filter((sub) => !owner.some((rule) => ruleCovers(rule, sub)));
}

/** kube's CompactRules: rules of one group and resource (and at most one name) differing only by verb become one. */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, { rule: PolicyRule; verbs: string[] }>();
  for (const rule of rules) {
    const isSimple = rule.resourceNames.length <= 1 && rule.nonResourceURLs.length === 0 && rule.apiGroups.length === 1 && rule.resources.length === 1;
    if (!isSimple) {
      compacted.push(rule);
      continue;
    }
    const key = JSON.stringify([rule.apiGroups[0], rule.resources[0], rule.resourceNames]);
    const known = simple.get(key);
    if (known === undefined) simple.set(key, { rule, verbs: [...rule.verbs] });
    else known.verbs.push(...rule.verbs);
  }
  for (const { rule, verbs } of simple.values()) compacted.push({ ...rule, verbs });
  return compacted;
}

/** Go's %q of a []string: ["a" "b"]. */
export const goQuoteList = (items: readonly string[]): string => `[${items.map(goQuote).join(' ')}]`;

/** kube's CompactString: the lists a rule has, e.g. {APIGroups:[""], Resources:["pods"], Verbs:["create"]}. */
export function compactString(rule: PolicyRule): string {
  const parts: string[] = [];
  if (rule.apiGroups.length > 0) parts.push(`APIGroups:${goQuoteList(rule.apiGroups)}`);
  if (rule.resources.length > 0) parts.push(`Resources:${goQuoteList(rule.resources)}`);
  if (rule.nonResourceURLs.length > 0) parts.push(`NonResourceURLs:${goQuoteList(rule.nonResourceURLs)}`);
  if (rule.resourceNames.length > 0) parts.push(`ResourceNames:${goQuoteList(rule.resourceNames)}`);
  if (rule.verbs.length > 0) parts.push(`Verbs:${goQuoteList(rule.verbs)}`);
  return `{${parts.join(', ')}}`;
}
