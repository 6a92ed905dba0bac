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

/** The token of the request's Authorization header when it is a non-empty bearer token (the scheme in any case). */
export function bearerTokenOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization?.trim();
  if (header === undefined) return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') return undefined;
  const token = header.slice(space + 1).trim();
  return token === '' ? undefined : token;
}
