// The text of a failed connection to a node agent as Go's net, tls and http packages word it, which
// is what kube-apiserver's clients read in its 500s ("dial tcp 10.0.0.1:10250: connect: connection
// refused", "tls: failed to verify certificate: x509: certificate signed by unknown authority").

import { isIP } from 'node:net';
import { errorCode, optionalStringAt } from '@capstan/common';

/** Where a request to an agent stood when --kubelet-timeout ran out. */
export type KubeletTimeoutPhase = 'dial' | 'handshake' | 'headers';

/** Thrown by our own timer, worded as Go's dialer and transport word their timeouts. */
export class KubeletTimeout extends Error {
  readonly phase: KubeletTimeoutPhase;

  constructor(phase: KubeletTimeoutPhase) {
    super(`timeout in ${phase}`);
    this.phase = phase;
  }
}

const timeoutTexts: Readonly<Record<KubeletTimeoutPhase, (hostPort: string) => string>> = {
  dial: (hostPort) => `dial tcp ${hostPort}: i/o timeout`,
  handshake: () => 'net/http: TLS handshake timeout',
  headers: () => 'net/http: timeout awaiting response headers',
};

const unknownAuthority: ReadonlySet<string> = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

export function goConnectionError(error: unknown, host: string, hostPort: string): string {
  if (error instanceof KubeletTimeout) return timeoutTexts[error.phase](hostPort);
  const code = errorCode(error);
  switch (code) {
    case 'ECONNREFUSED':
      return `dial tcp ${hostPort}: connect: connection refused`;
    case 'EHOSTUNREACH':
      return `dial tcp ${hostPort}: connect: no route to host`;
    case 'ENETUNREACH':
      return `dial tcp ${hostPort}: connect: network is unreachable`;
    case 'ETIMEDOUT':
      return `dial tcp ${hostPort}: i/o timeout`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `dial tcp: lookup ${host}: no such host`;
    case 'ECONNRESET':
      return 'EOF';
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `tls: failed to verify certificate: ${hostnameError(error, host)}`;
  }
  if (code !== undefined && unknownAuthority.has(code)) return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
  return optionalStringAt(error, 'message') ?? String(error);
}

/**
 * Go's x509.HostnameError: the certificate's IP SANs for an IP, its DNS names for a name
 * ("x509: certificate is valid for node-a, node-a.local, not node-b").
 */
function hostnameError(error: unknown, host: string): string {
  const wantsIP = isIP(host) !== 0;
  const names = (optionalStringAt(error, 'cert', 'subjectaltname') ?? '')
    .split(', ')
    .filter((name) => name.startsWith(wantsIP ? 'IP Address:' : 'DNS:'))
    .map((name) => name.replace(/^(IP Address|DNS):/, ''));
  if (names.length === 0) {
    return wantsIP
      ? `x509: cannot validate certificate for ${host} because it doesn't contain any IP SANs`
      : `x509: certificate is not valid for any names, but wanted to match ${host}`;
  }
  return `x509: certificate is valid for ${names.join(', ')}, not ${host}`;
}
