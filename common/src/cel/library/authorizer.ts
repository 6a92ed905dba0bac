// The authorizer CEL expressions ask through the `authorizer` variable: kube-apiserver's
// authorizer.Authorizer and authorizer.Attributes, made synchronous so that a check is an ordinary
// function call of the interpreter. The apiserver implements it (RBAC, webhooks, ...); the CEL
// library (authz.ts) builds the attributes exactly as Kubernetes does.

import type { LabelRequirement } from '../../selectors/label-selector.ts';
import type { FieldRequirement } from '../../selectors/field-selector.ts';

/** kube's user.Info: who the check is for. */
export interface UserInfo {
  readonly name: string;
  readonly uid: string;
  readonly groups: readonly string[];
  readonly extra: Readonly<Record<string, readonly string[]>>;
}

/**
 * kube's authorizer.AttributesRecord. A path check sets path and verb (an HTTP verb as the
 * expression wrote it) and leaves the resource fields empty; a resource check sets
 * resourceRequest, apiGroup, apiVersion ("*": CEL checks do not name a version), resource,
 * subresource, namespace, name and verb, and leaves path empty.
 */
export interface AuthorizerAttributes {
  readonly user: UserInfo;
  readonly verb: string;
  readonly resourceRequest: boolean;
  readonly path: string;
  readonly apiGroup: string;
  readonly apiVersion: string;
  readonly resource: string;
  readonly subresource: string;
  readonly namespace: string;
  readonly name: string;
  /**
   * A field selector that parsed: its requirements, sorted by their text as kube sorts them (empty
   * when the selector had no terms, e.g. ","). Absent when the check set no field selector or it
   * did not parse.
   */
  readonly fieldSelectorRequirements?: readonly FieldRequirement[];
  /** Why the field selector did not parse; the check is still made, without field requirements. */
  readonly fieldSelectorParsingError?: string;
  /** A label selector that parsed: its requirements sorted by key, set values sorted and distinct. */
  readonly labelSelectorRequirements?: readonly LabelRequirement[];
  /** Why the label selector did not parse; the check is still made, without label requirements. */
  readonly labelSelectorParsingError?: string;
}

/** kube's authorizer.Decision values. */
export type AuthorizerVerdict = 'allow' | 'deny' | 'noOpinion';

export interface AuthorizerDecision {
  readonly decision: AuthorizerVerdict;
  readonly reason: string;
  /** Set when the authorizer failed (a webhook that did not answer, ...): errored() is then true. */
  readonly error?: string;
}

export interface Authorizer {
  authorize(attributes: AuthorizerAttributes): AuthorizerDecision;
}

/** kube's read-only verbs (AttributesRecord.IsReadOnly). */
export const isReadOnly = (attributes: AuthorizerAttributes): boolean => attributes.verb === 'get' || attributes.verb === 'list' || attributes.verb === 'watch';

/**
 * The user a service account acts as, as kube's ServiceAccountInfo.UserInfo makes it for a name and
 * namespace alone: no uid, no extra.
 */
export function serviceAccountUser(namespace: string, name: string): UserInfo {
  return {
    name: `system:serviceaccount:${namespace}:${name}`,
    uid: '',
    groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`],
    extra: {},
  };
}
