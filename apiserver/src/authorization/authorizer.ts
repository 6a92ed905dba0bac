// Whether a request may do what it asks: kube-apiserver's authorizer.Authorizer over its
// authorizer.Attributes, answering allow, deny or no opinion (the next authorizer of the
// --authorization-mode list is then asked; see union-authorizer.ts). The authorization filter asks
// for every request, and the endpoints that must ask more (the unsafe deletion of corrupt objects
// needs `delete` and `unsafe-delete-ignore-read-errors`) ask too.

import type { FieldRequirement, LabelSelector } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';

/** kube's authorizer.Attributes of a resource request. */
export interface ResourceAttributes {
  readonly verb: string;
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly subresource: string;
  /** Empty for a cluster-scoped resource. */
  readonly namespace: string;
  readonly name: string;
  /**
   * kube's GetFieldSelector(): the requirements of a list, watch or deletecollection's
   * fieldSelector (kube's AuthorizeWithSelectors); absent or empty when it has none, or when it did
   * not parse (fieldSelectorError then says why).
   */
  readonly fieldSelector?: readonly FieldRequirement[];
  readonly fieldSelectorError?: string;
  /** kube's GetLabelSelector(): the same for the labelSelector. */
  readonly labelSelector?: LabelSelector;
  readonly labelSelectorError?: string;
}

/** kube's authorizer.Attributes: a resource request's attributes, or a path and verb for any other request. */
export type Attributes =
  | ({ readonly user: UserInfo; readonly isResourceRequest: true; readonly path: string } & ResourceAttributes)
  | { readonly user: UserInfo; readonly isResourceRequest: false; readonly path: string; readonly verb: string };

/** kube's authorizer.Decision with its reason (empty when the authorizer gives none). */
export interface AuthorizationDecision {
  readonly decision: 'allow' | 'deny' | 'noOpinion';
  readonly reason: string;
}

export const allow: AuthorizationDecision = { decision: 'allow', reason: '' };

/** kube's authorizer.RuleResolver answer: what a user may do in a namespace, as SelfSubjectRulesReview reports it. */
export interface SubjectRules {
  readonly resourceRules: readonly ResourceRule[];
  readonly nonResourceRules: readonly NonResourceRule[];
  /** Whether an authorizer could not list what it allows (the rules are a lower bound). */
  readonly incomplete: boolean;
  readonly errors: readonly string[];
}

export interface ResourceRule {
  readonly verbs: readonly string[];
  readonly apiGroups: readonly string[];
  readonly resources: readonly string[];
  readonly resourceNames: readonly string[];
}

export interface NonResourceRule {
  readonly verbs: readonly string[];
  readonly nonResourceURLs: readonly string[];
}

export interface Authorizer {
  authorize(attributes: Attributes): AuthorizationDecision | Promise<AuthorizationDecision>;
  /** kube's RuleResolver, for the authorizers that can list what they allow; one without it leaves the rules incomplete. */
  rulesFor?(user: UserInfo, namespace: string): SubjectRules | Promise<SubjectRules>;
}

/** Whether a decision lets the request go on: only an allow does (no opinion from every authorizer is a denial). */
export function isAllowed(decision: AuthorizationDecision): boolean {
  return decision.decision === 'allow';
}

/** kube's --authorization-mode=AlwaysAllow: every request is allowed. */
export const allowEverything: Authorizer = {
  authorize: () => allow,
  rulesFor: () => ({
    resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [] }],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
    incomplete: false,
    errors: [],
  }),
};

/** kube's --authorization-mode=AlwaysDeny: every request is denied, without a reason. */
export const denyEverything: Authorizer = {
  authorize: () => ({ decision: 'deny', reason: '' }),
  rulesFor: () => ({ resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] }),
};

/**
 * kube-apiserver's superuser authorizer, asked before the modes: the group system:masters may do
 * anything, without a reason (the API server's own loopback requests are in it). It lists no rules.
 */
export const privilegedGroupAuthorizer: Authorizer = {
  authorize: (attributes) => (attributes.user.groups.includes('system:masters') ? allow : { decision: 'noOpinion', reason: '' }),
  rulesFor: () => ({ resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] }),
};
