// kube's x509 authenticator: a client certificate the TLS handshake verified against
// --client-ca-file is the user of its common name, in the groups of its organizations. A
// certificate that does not verify (another authority, expired, not for client authentication)
// is refused with 401; a connection without one is left to the other authenticators.

import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { AuthenticationError, type Authenticator, type UserInfo } from './authenticator.ts';

/**
 * The user of each connection's certificate, read once per connection (the handshake verified it
 * once; parsing the certificate again for every request of a keep-alive connection costs more
 * than the rest of authentication), with the moment the certificate expires.
 */
const connectionUsers = new WeakMap<object, { readonly user: UserInfo; readonly notAfterMs: number }>();

/** Connections that presented no certificate (a handshake does not change afterwards). */
const withoutCertificate = new WeakSet<object>();

export const x509Authenticator: Authenticator = {
  authenticate: (request: IncomingMessage): UserInfo | undefined => {
    const socket = request.socket as Partial<TLSSocket>;
    const known = connectionUsers.get(socket);
    if (known !== undefined) {
      // A connection kept open past its certificate's end is refused from then on, as a new one would be.
      if (Date.now() > known.notAfterMs) throw new AuthenticationError('verifying certificate: certificate has expired');
      return known.user;
    }
    if (typeof socket.getPeerCertificate !== 'function' || withoutCertificate.has(socket)) return undefined;
    const certificate = socket.getPeerCertificate();
    if (certificate === null || Object.keys(certificate).length === 0) {
      withoutCertificate.add(socket);
      return undefined;
    }
    if (socket.authorized !== true) throw new AuthenticationError(`verifying certificate: ${String(socket.authorizationError ?? 'not trusted')}`);
    const commonName = certificate.subject?.CN;
    const username = Array.isArray(commonName) ? commonName[0] : commonName;
    if (username === undefined || username === '') throw new AuthenticationError('the client certificate has no common name');
    const organizations = certificate.subject?.O;
    const groups = organizations === undefined ? [] : Array.isArray(organizations) ? organizations : [organizations];
    const user: UserInfo = { username, uid: '', groups, extra: {} };
    connectionUsers.set(socket, { user, notAfterMs: Date.parse(certificate.valid_to) });
    return user;
  },
};
