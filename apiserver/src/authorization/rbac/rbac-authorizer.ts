// kube's RBACAuthorizer: a request is allowed by the first rule of the user's bindings that
// matches it, with the binding named in the reason; otherwise RBAC has no opinion (the errors met
// resolving the user's roles, such as a binding to a missing role, are the reason).

import type { UserInfo } from '../../authentication/authenticator.ts';
import type { Attributes, AuthorizationDecision, Authorizer, SubjectRules } from '../authorizer.ts';
import { ruleAllows } from './rule-matching.ts';
import { aggregateMessage, describeSource, type RbacRuleResolver, type RuleSource } from './rule-resolver.ts';

function decide(resolver: RbacRuleResolver, attributes: Attributes): AuthorizationDecision {
  let allowedBy: RuleSource | undefined;
  const errors: string[] = [];
  const namespace = attributes.isResourceRequest ? attributes.namespace : '';
  resolver.visitRulesFor(attributes.user, namespace, (source, rule, error) => {
    if (source !== undefined && rule !== undefined && ruleAllows(attributes, rule)) {
      allowedBy = source;
      return false;
    }
    if (error !== undefined) errors.push(error);
    return true;
  });
  if (allowedBy !== undefined) return { decision: 'allow', reason: `RBAC: allowed by ${describeSource(allowedBy)}` };
  return { decision: 'noOpinion', reason: errors.length === 0 ? '' : `RBAC: ${aggregateMessage(errors)}` };
}

/** kube's RBACAuthorizer.RulesFor: the user's rules split into resource and non-resource rules. */
function subjectRules(resolver: RbacRuleResolver, user: UserInfo, namespace: string): SubjectRules {
  const { rules, errors } = resolver.rulesFor(user, namespace);
  return {
    resourceRules: rules
      .filter((rule) => rule.resources.length > 0)
      .map((rule) => ({ verbs: rule.verbs, apiGroups: rule.apiGroups, resources: rule.resources, resourceNames: rule.resourceNames })),
    nonResourceRules: rules.filter((rule) => rule.nonResourceURLs.length > 0).map((rule) => ({ verbs: rule.verbs, nonResourceURLs: rule.nonResourceURLs })),
    incomplete: false,
    errors: errors.length === 0 ? [] : [aggregateMessage(errors)],
  };
}

/** Answers from the resolver's cache at once; until its first lists are in, a question waits for them. */
export function rbacAuthorizer(resolver: RbacRuleResolver): Authorizer {
  return {
    authorize: (attributes) => (resolver.synced ? decide(resolver, attributes) : resolver.start().then(() => decide(resolver, attributes))),
    rulesFor: (user, namespace) => (resolver.synced ? subjectRules(resolver, user, namespace) : resolver.start().then(() => subjectRules(resolver, user, namespace))),
  };
}
