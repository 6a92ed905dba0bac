// The TLS settings of the secure port from kube-apiserver's flags: --tls-min-version as Go's
// version names, and --tls-cipher-suites as Go's (IANA) suite names, translated to OpenSSL's.
// TLS 1.3 suites are accepted and left to OpenSSL, as Go does not let them be configured either.

import type { SecureVersion } from 'node:tls';
import { FlagError } from '@capstan/common';

const tlsVersions: Readonly<Record<string, SecureVersion>> = { VersionTLS10: 'TLSv1', VersionTLS11: 'TLSv1.1', VersionTLS12: 'TLSv1.2', VersionTLS13: 'TLSv1.3' };

/** Go's TLS 1.0-1.2 suite names with their OpenSSL names; null for TLS 1.3 suites, which are not configurable. */
const cipherSuites: Readonly<Record<string, string | null>> = {
  TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256: 'ECDHE-ECDSA-AES128-GCM-SHA256',
  TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384: 'ECDHE-ECDSA-AES256-GCM-SHA384',
  TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305: 'ECDHE-ECDSA-CHACHA20-POLY1305',
  TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256: 'ECDHE-ECDSA-CHACHA20-POLY1305',
  TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: 'ECDHE-RSA-AES128-GCM-SHA256',
  TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384: 'ECDHE-RSA-AES256-GCM-SHA384',
  TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305: 'ECDHE-RSA-CHACHA20-POLY1305',
  TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256: 'ECDHE-RSA-CHACHA20-POLY1305',
  TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA: 'ECDHE-ECDSA-AES128-SHA',
  TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA: 'ECDHE-ECDSA-AES256-SHA',
  TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA: 'ECDHE-RSA-AES128-SHA',
  TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA: 'ECDHE-RSA-AES256-SHA',
  TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256: 'ECDHE-ECDSA-AES128-SHA256',
  TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256: 'ECDHE-RSA-AES128-SHA256',
  TLS_RSA_WITH_AES_128_GCM_SHA256: 'AES128-GCM-SHA256',
  TLS_RSA_WITH_AES_256_GCM_SHA384: 'AES256-GCM-SHA384',
  TLS_RSA_WITH_AES_128_CBC_SHA: 'AES128-SHA',
  TLS_RSA_WITH_AES_256_CBC_SHA: 'AES256-SHA',
  TLS_RSA_WITH_AES_128_CBC_SHA256: 'AES128-SHA256',
  TLS_AES_128_GCM_SHA256: null,
  TLS_AES_256_GCM_SHA384: null,
  TLS_CHACHA20_POLY1305_SHA256: null,
};

/** --tls-min-version: kube's default (empty) is TLS 1.2. */
export function tlsMinVersion(name: string): SecureVersion {
  if (name === '') return 'TLSv1.2';
  const version = tlsVersions[name];
  if (version === undefined)
    throw new FlagError(`invalid argument "${name}" for "--tls-min-version" flag: unknown tls version "${name}"; allowed: ${Object.keys(tlsVersions).join(', ')}`);
  return version;
}

/** --tls-cipher-suites as an OpenSSL cipher list, or undefined for OpenSSL's defaults. */
export function tlsCiphers(names: readonly string[]): string | undefined {
  const ciphers: string[] = [];
  for (const name of names) {
    const cipher = cipherSuites[name];
    if (cipher === undefined) throw new FlagError(`invalid argument "${names.join(',')}" for "--tls-cipher-suites" flag: Cipher suite ${name} not supported or doesn't exist`);
    if (cipher !== null && !ciphers.includes(cipher)) ciphers.push(cipher);
  }
  return ciphers.length === 0 ? undefined : ciphers.join(':');
}
