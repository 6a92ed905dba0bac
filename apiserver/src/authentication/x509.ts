// kube's x509 authenticator: a client certificate the TLS handshake verified against
// --client-ca-file is the user of its common name, in the groups of its organizations. A
// certificate that does not verify (another authority, expired, not for client authentication)
// is refused with 401; a connection without one is left to the other authenticators.

import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { AuthenticationError, type Authenticator, type UserInfo } from './authenticator.ts';

export const x509Authenticator: Authenticator = {
  authenticate: (request: IncomingMessage): UserInfo | undefined => {
    const socket = request.socket as Partial<TLSSocket>;
    if (typeof socket.getPeerCertificate !== 'function') return undefined;
    const certificate = socket.getPeerCertificate();
    if (certificate === null || Object.keys(certificate).length === 0) return undefined;
    if (socket.authorized !== true) throw new AuthenticationError(`verifying certificate: ${String(socket.authorizationError ?? 'not trusted')}`);
    const commonName = certificate.subject?.CN;
    const username = Array.isArray(commonName) ? commonName[0] : commonName;
    if (username === undefined || username === '') throw new AuthenticationError('the client certificate has no common name');
    const organizations = certificate.subject?.O;
    const groups = organizations === undefined ? [] : Array.isArray(organizations) ? organizations : [organizations];
    return { username, uid: '', groups, extra: {} };
  },
};
