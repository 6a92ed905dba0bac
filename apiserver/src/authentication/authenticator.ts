// Who a request comes from: kube-apiserver's authenticator.Request, answering the user.Info of the
// caller. Capstan has no credentials yet, so the one authenticator is kube's anonymous one: every
// request is system:anonymous (and every request is allowed: see authorization/authorizer.ts).
// x509 client certificates, bearer tokens and service account tokens plug in here.

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

/** kube's anonymous user (--anonymous-auth, on by default). */
export const anonymousUser: UserInfo = { username: 'system:anonymous', uid: '', groups: ['system:unauthenticated'], extra: {} };

/** kube's anonymous authenticator: whoever sent the request, it is system:anonymous. */
export const anonymousAuthenticator: Authenticator = { authenticate: () => anonymousUser };
