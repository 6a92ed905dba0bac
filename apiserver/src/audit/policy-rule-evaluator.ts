// kube's policyRuleEvaluator: the first rule of the policy that matches a request gives its audit
// level, the stages left out (the rule's and the policy's) and whether managedFields are left out;
// a request no rule matches is not audited (level None).

import type { UserInfo } from '../authentication/authenticator.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import type { AuditLevel, AuditPolicy, AuditStage, GroupResources, PolicyRule } from './audit-policy.ts';

/** kube's RequestAuditConfig. */
export interface RequestAuditConfig {
  readonly level: AuditLevel;
  readonly omitStages: ReadonlySet<AuditStage>;
  readonly omitManagedFields: boolean;
}

/** What a rule is matched against: who asks (nobody yet when authentication failed) and what the request does. */
export interface AuditedRequest {
  readonly user: UserInfo | undefined;
  readonly info: RequestInfo;
}

export type PolicyRuleEvaluator = (request: AuditedRequest) => RequestAuditConfig;

/** The evaluator of a validated policy. */
export function policyRuleEvaluator(policy: AuditPolicy): PolicyRuleEvaluator {
  const rules = policy.rules.map((rule) => ({
    rule,
    config: {
      level: rule.level as AuditLevel,
      omitStages: new Set([...policy.omitStages, ...rule.omitStages] as AuditStage[]),
      omitManagedFields: rule.omitManagedFields ?? policy.omitManagedFields,
    },
  }));
  const unmatched: RequestAuditConfig = { level: 'None', omitStages: new Set(policy.omitStages as AuditStage[]), omitManagedFields: policy.omitManagedFields };
  return (request) => rules.find(({ rule }) => ruleMatches(rule, request))?.config ?? unmatched;
}

function ruleMatches(rule: PolicyRule, { user, info }: AuditedRequest): boolean {
  if (rule.users.length > 0 && (user === undefined || !rule.users.includes(user.username))) return false;
  if (rule.userGroups.length > 0 && (user === undefined || !user.groups.some((group) => rule.userGroups.includes(group)))) return false;
  if (rule.verbs.length > 0 && !rule.verbs.includes(info.verb)) return false;
  if (rule.namespaces.length > 0 || rule.resources.length > 0) return resourceMatches(rule, info);
  if (rule.nonResourceURLs.length > 0) return !info.isResourceRequest && rule.nonResourceURLs.some((spec) => pathMatches(info.path, spec));
  return true;
}

/** "*" is every path, "/apis/*" every path under /apis/, anything else only itself. */
function pathMatches(path: string, spec: string): boolean {
  if (spec === '*' || spec === path) return true;
  return spec.endsWith('*') && path.startsWith(spec.replace(/\*+$/, ''));
}

function resourceMatches(rule: PolicyRule, info: RequestInfo): boolean {
  if (!info.isResourceRequest) return false;
  // A cluster-scoped resource's namespace is "".
  if (rule.namespaces.length > 0 && !rule.namespaces.includes(info.namespace)) return false;
  if (rule.resources.length === 0) return true;
  return rule.resources.some((group) => groupResourcesMatch(group, info));
}

function groupResourcesMatch(group: GroupResources, info: RequestInfo): boolean {
  if (group.group !== info.apiGroup) return false;
  if (group.resources.length === 0) return true;
  if (group.resourceNames.length > 0 && !group.resourceNames.includes(info.name)) return false;
  const { resource, subresource } = info;
  const combined = subresource === '' ? resource : `${resource}/${subresource}`;
  return group.resources.some(
    (spec) => spec === combined || spec === '*' || (subresource !== '' && spec === `*/${subresource}`) || (spec.endsWith('/*') && spec.slice(0, -2) === resource),
  );
}
