// kube's WebSocket protocol authenticator: browsers cannot set an Authorization header on a
// WebSocket, so a WebSocket request may carry its bearer token as the subprotocol
// `base64url.bearer.authorization.k8s.io.<token in unpadded base64url>` beside the real ones. The
// token is asked of the same token authenticators as a bearer header; once accepted, the
// subprotocol is taken out of Sec-WebSocket-Protocol so that the endpoint never sees it.

import type { IncomingMessage } from 'node:http';
import { isWebSocketRequest } from '../endpoints/pod-log-websocket.ts';
import { AuthenticationError, type Authenticator, type UserInfo } from './authenticator.ts';
import { authenticateToken, type TokenAuthenticators } from './token-union.ts';
import { headersDistinctOf } from '../filters/headers-distinct.ts';

const bearerProtocolPrefix = 'base64url.bearer.authorization.k8s.io.';

const protocolHeader = 'sec-websocket-protocol';

export function webSocketProtocolAuthenticator(tokens: TokenAuthenticators): Authenticator {
  return {
    authenticate: (request: IncomingMessage): UserInfo | undefined | Promise<UserInfo> => {
      if (!isWebSocketRequest(request)) return undefined;
      const { token, otherProtocols } = protocolTokenOf(request);
      if (token === '') return undefined;
      return authenticateToken(tokens, token).then(({ user }) => {
        request.headers[protocolHeader] = otherProtocols.join(',');
        return user;
      });
    },
  };
}

/** The token among the request's subprotocols ('' for none) and the other subprotocols; refuses what kube refuses. */
function protocolTokenOf(request: IncomingMessage): { token: string; otherProtocols: string[] } {
  let token = '';
  let sawToken = false;
  const otherProtocols: string[] = [];
  for (const header of headersDistinctOf(request)[protocolHeader] ?? []) {
    for (const part of header.split(',')) {
      const protocol = part.trim();
      if (!protocol.startsWith(bearerProtocolPrefix)) {
        otherProtocols.push(protocol);
        continue;
      }
      if (sawToken) throw new AuthenticationError('multiple base64.bearer.authorization tokens specified');
      sawToken = true;
      token = decodedToken(protocol.slice(bearerProtocolPrefix.length));
    }
  }
  // Another subprotocol must remain to be echoed back to the client.
  if (token !== '' && otherProtocols.length === 0) throw new AuthenticationError('missing additional subprotocol');
  return { token, otherProtocols };
}

/** Unpadded base64url (Go's RawURLEncoding, which refuses padding and other alphabets) holding UTF-8. */
function decodedToken(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) throw new AuthenticationError('invalid base64.bearer.authorization token encoding');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64url'));
  } catch {
    throw new AuthenticationError('invalid base64.bearer.authorization token');
  }
}
