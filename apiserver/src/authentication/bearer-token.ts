// kube's bearertoken authenticator: the token of an `Authorization: Bearer <token>` header, asked
// of the token authenticators in order (the token file, service account tokens, bootstrap tokens,
// ...); a token none of them knows is "invalid bearer token" (401). A request without the header, or
// with another scheme, is left to the other authenticators.

import type { IncomingMessage } from 'node:http';
import type { Authenticator, UserInfo } from './authenticator.ts';
import { authenticateToken, type TokenAuthenticators } from './token-union.ts';

export function bearerTokenAuthenticator(tokens: TokenAuthenticators): Authenticator {
  return {
    authenticate: async (request: IncomingMessage): Promise<UserInfo | undefined> => {
      const token = bearerTokenOf(request);
      if (token === undefined) return undefined;
      return (await authenticateToken(tokens, token)).user;
    },
  };
}

/** kube's warning for `Bearer  <token>`, whose token is then empty (see bearerTokenOf). */
export const spaceBeforeTokenWarning = 'the provided Authorization header contains extra space before the bearer token, and is ignored';

export const hasSpaceBeforeToken = (request: IncomingMessage): boolean => /^bearer {2}/i.test(request.headers.authorization?.trim() ?? '');

/**
 * The token of the request's Authorization header when it is a non-empty bearer token (the scheme
 * in any case): the word after `Bearer ` up to the next space, as kube splits it; two spaces before
 * the token leave it empty, so not a bearer token at all.
 */
export function bearerTokenOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization?.trim();
  if (header === undefined || header === '') return undefined;
  const [scheme, token] = header.split(' ', 2);
  if (token === undefined || scheme?.toLowerCase() !== 'bearer' || token === '') return undefined;
  return token;
}
