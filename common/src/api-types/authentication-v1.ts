// The types of io.k8s.api.authentication.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ObjectMeta, Time } from './meta-v1.ts';

/** Asks the server who a bearer token authenticates as. */
export interface TokenReview {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The token to check. */
  readonly spec: TokenReviewSpec;
  /** Whether the token authenticates, and as whom; set by the server. */
  readonly status?: TokenReviewStatus;
}

/** The token a review checks. */
export interface TokenReviewSpec {
  /** The bearer token. */
  readonly token?: string;
  /** The audiences the caller accepts; empty means the API server's own. */
  readonly audiences?: readonly string[];
}

/** The outcome of a token review. */
export interface TokenReviewStatus {
  /** Whether the token belongs to a known user. */
  readonly authenticated?: boolean;
  /** The user the token authenticates as. */
  readonly user?: UserInfo;
  /** The audiences of both the review and the token. */
  readonly audiences?: readonly string[];
  /** Why the token could not be checked. */
  readonly error?: string;
}

/** Who a user is: name, uid, groups and extra attributes. */
export interface UserInfo {
  /** The name unique among current users. */
  readonly username?: string;
  /** A value unique to this user across time. */
  readonly uid?: string;
  /** The groups the user belongs to. */
  readonly groups?: readonly string[];
  /** More attributes the authenticator gave. */
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** Asks for a token of a service account. */
export interface TokenRequest {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The audiences, lifetime and binding of the token asked for. */
  readonly spec: TokenRequestSpec;
  /** The token issued; set by the server. */
  readonly status?: TokenRequestStatus;
}

/** What token a token request asks for. */
export interface TokenRequestSpec {
  /** The recipients the token is meant for. */
  readonly audiences: readonly string[];
  /** How long the token should be valid; the issuer may choose otherwise. */
  readonly expirationSeconds?: number;
  /** An object the token is valid only as long as it exists. */
  readonly boundObjectRef?: BoundObjectReference;
}

/** The token a token request got. */
export interface TokenRequestStatus {
  /** The bearer token. */
  readonly token: string;
  /** When the token expires. */
  readonly expirationTimestamp: Time | null;
}

/** The object a token is bound to. */
export interface BoundObjectReference {
  /** Pod, Secret or Node. */
  readonly kind?: string;
  /** The group and version of the object. */
  readonly apiVersion?: string;
  /** The name of the object. */
  readonly name?: string;
  /** The uid of the object. */
  readonly uid?: string;
}

/** Asks the server who the caller is authenticated as. */
export interface SelfSubjectReview {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The caller's user attributes; set by the server. */
  readonly status?: SelfSubjectReviewStatus;
}

/** The user attributes of the caller of a self subject review. */
export interface SelfSubjectReviewStatus {
  /** Who the caller is. */
  readonly userInfo?: UserInfo;
}
