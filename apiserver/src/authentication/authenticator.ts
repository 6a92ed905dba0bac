// Who a request comes from: kube-apiserver's authenticator.Request, answering the user.Info of the
// caller. Each authenticator looks at one kind of credential (a client certificate, a bearer token)
// and answers undefined when the request carries none; credentials it cannot accept throw an
// AuthenticationError, which ends in 401 whatever the other authenticators say (kube's
// union.NewFailOnError in front of the anonymous authenticator). See request-authenticator.ts for
// the order they are asked in.

import type { IncomingMessage } from 'node:http';

/** kube's user.Info. */
export interface UserInfo {
  readonly username: string;
  readonly uid: string;
  readonly groups: readonly string[];
  readonly extra: Readonly<Record<string, readonly string[]>>;
}

/** The user a request authenticated as, or undefined when its credentials say nothing (the next authenticator is asked). */
export interface Authenticator {
  authenticate(request: IncomingMessage): UserInfo | undefined | Promise<UserInfo | undefined>;
}

/**
 * The user a bearer token stands for, or undefined when this authenticator does not know the token
 * (the next token authenticator is asked); throws an AuthenticationError for a token it knows to be
 * bad (expired, revoked).
 */
export interface TokenAuthenticator {
  authenticateToken(token: string): UserInfo | undefined | Promise<UserInfo | undefined>;
  /**
   * For an authenticator that knows audiences (service account tokens): the user and the audiences
   * of `audiences` the token is good for. Without it an authenticator is audience-agnostic: its
   * tokens are good for the API server's audiences only (kube's WrapAudienceAgnosticToken).
   */
  authenticateTokenFor?(token: string, audiences: readonly string[]): TokenResponse | undefined | Promise<TokenResponse | undefined>;
}

/** kube's authenticator.Response of a token: the user, and the audiences the token was accepted for. */
export interface TokenResponse {
  readonly user: UserInfo;
  readonly audiences: readonly string[];
}

/** Credentials that were presented and refused: the request is answered 401, never served as anonymous. */
export class AuthenticationError extends Error {}

/** kube's anonymous user (--anonymous-auth, on by default). */
export const anonymousUser: UserInfo = { username: 'system:anonymous', uid: '', groups: ['system:unauthenticated'], extra: {} };

/** kube's anonymous authenticator: whoever sent the request, it is system:anonymous. */
export const anonymousAuthenticator: Authenticator = { authenticate: () => anonymousUser };
