// Whether a request may do what it asks: kube-apiserver's authorizer.Authorizer over its
// authorizer.Attributes. Capstan has no authorization yet, so `allowEverything` (kube's AlwaysAllow)
// says yes to every question; the authorization filter asks it for every request, and the endpoints
// that must ask more (the unsafe deletion of corrupt objects needs `delete` and
// `unsafe-delete-ignore-read-errors`) ask it too. RBAC plugs in here.

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
}

/** kube's authorizer.Attributes: a resource request's attributes, or a path and verb for any other request. */
export type Attributes =
  | ({ readonly user: UserInfo; readonly isResourceRequest: true; readonly path: string } & ResourceAttributes)
  | { readonly user: UserInfo; readonly isResourceRequest: false; readonly path: string; readonly verb: string };

export type AuthorizationDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export interface Authorizer {
  authorize(attributes: Attributes): AuthorizationDecision | Promise<AuthorizationDecision>;
}

/** Until authorization comes: every request is allowed (kube's --authorization-mode=AlwaysAllow). */
export const allowEverything: Authorizer = { authorize: () => ({ allowed: true }) };
