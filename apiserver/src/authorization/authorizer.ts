// Where a request's permission is asked for: kube-apiserver's authorizer.Authorizer, reduced to the
// attributes of a resource request. Capstan has no authorization yet, so `allowEverything` says yes
// to every question; the endpoints that must ask (the unsafe deletion of corrupt objects, which
// needs `delete` and `unsafe-delete-ignore-read-errors`) already ask it, and an authorizer plugs in here.

/** kube's authorizer.Attributes of a resource request (the user joins them with authentication). */
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

export type AuthorizationDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export interface Authorizer {
  authorize(attributes: ResourceAttributes): AuthorizationDecision | Promise<AuthorizationDecision>;
}

/** Until authorization comes: every request is allowed. */
export const allowEverything: Authorizer = { authorize: () => ({ allowed: true }) };
