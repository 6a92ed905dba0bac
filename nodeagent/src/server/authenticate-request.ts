// Who sent a request to the agent's server, found as the kubelet's delegating authenticator finds
// it: a client certificate the TLS handshake verified against --client-ca-file (the user is its
// common name, the groups its organizations), else a bearer token: the static one of
// --authentication-token-file (the one the API server sends from --kubelet-bearer-token-file), or
// with authentication.webhook.enabled one the API server's TokenReview accepts; else — only for a
// request that presented no credential at all, and only with anonymous authentication on —
// system:anonymous. A certificate or token that is presented and fails is a failure even when
// anonymous requests are allowed.

import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { TokenReviewer } from './webhook-authentication.ts';

export interface UserInfo {
  readonly name: string;
  readonly groups: readonly string[];
}

export const anonymousUser: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

/** The user the static token stands for. */
const bearerTokenUser = 'capstan:kubelet-client';

export interface AuthenticationSettings {
  readonly anonymous: boolean;
  /** The TLS server asks for client certificates and verifies them against --client-ca-file. */
  readonly clientCertificates: boolean;
  readonly bearerToken: string | undefined;
  /** authentication.webhook.enabled: asks the API server about the other bearer tokens. */
  readonly tokenReview?: TokenReviewer;
}

/** The user, or why the request is refused (for the log; the client is told only "Unauthorized"). */
export type Authentication = { readonly user: UserInfo } | { readonly failure: string };

export async function authenticateRequest(request: IncomingMessage, settings: AuthenticationSettings): Promise<Authentication> {
  const failures: string[] = [];
  if (settings.clientCertificates) {
    const checked = clientCertificateUser(request.socket as TLSSocket);
    if (checked !== undefined) {
      if ('user' in checked) return authenticated(checked.user);
      failures.push(checked.failure);
    }
  }
  const token = bearerToken(request);
  if (token !== undefined) {
    const expected = settings.bearerToken;
    if (expected !== undefined && sameToken(token, expected)) return authenticated({ name: bearerTokenUser, groups: [] });
    const reviewed = await reviewToken(settings.tokenReview, token);
    if (typeof reviewed === 'object') return authenticated(reviewed);
    failures.push(reviewed ?? 'invalid bearer token');
  }
  if (failures.length > 0) return { failure: failures.join(', ') };
  if (settings.anonymous) return { user: anonymousUser };
  return { failure: 'no credentials' };
}

/** The user the API server says the token is, undefined when it does not know it, or why it could not be asked. */
async function reviewToken(review: TokenReviewer | undefined, token: string): Promise<UserInfo | string | undefined> {
  if (review === undefined) return undefined;
  try {
    return await review(token);
  } catch (error) {
    return `the TokenReview failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** group.AuthenticatedGroupAdder: every authenticated user is in system:authenticated. */
const authenticated = (user: UserInfo): Authentication => ({
  user: user.groups.includes('system:authenticated') ? user : { ...user, groups: [...user.groups, 'system:authenticated'] },
});

function clientCertificateUser(socket: TLSSocket): { readonly user: UserInfo } | { readonly failure: string } | undefined {
  if (typeof socket.getPeerCertificate !== 'function') return undefined;
  const peer = socket.getPeerCertificate();
  if (peer === null || Object.keys(peer).length === 0) return undefined;
  if (!socket.authorized) return { failure: `verifying certificate SN=${peer.serialNumber} failed: ${String(socket.authorizationError)}` };
  const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const [name = ''] = list(peer.subject.CN);
  return { user: { name, groups: list(peer.subject.O) } };
}

/** The token of "Authorization: Bearer <token>", as kube's bearertoken authenticator reads it; undefined for none. */
function bearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization?.trim() ?? '';
  const parts = header.split(' ');
  if (parts.length < 2 || parts[0]?.toLowerCase() !== 'bearer') return undefined;
  const token = parts[1] as string;
  return token === '' ? undefined : token;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
