// The secure port's certificate and TLS settings from kube-apiserver's flags: --tls-cert-file and
// --tls-private-key-file, or a self-signed pair kept in --cert-dir (apiserver.crt, apiserver.key;
// made on the first start and reused after) for the server's addresses and the kubernetes
// Service's names; --client-ca-file, the authorities client certificates must chain to (none: no
// client certificate is asked for); --tls-min-version and --tls-cipher-suites; HTTP/2 unless
// --disable-http2-serving, with --http2-max-streams-per-connection.

import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import type { SecureVersion } from 'node:tls';
import { errorMessage, FlagError, loadServingCertificate, ServingCertificateError } from '@capstan/common';
import { kubernetesServiceIP, type ServiceCidr } from '../resources/core/services/addresses/service-cidr.ts';
import { tlsCiphers, tlsMinVersion } from './tls-settings.ts';

/** kube-apiserver's --http2-max-streams-per-connection. */
export const defaultHttp2MaxStreams = 1000;

export const secureServingFlags = {
  'secure-port': { type: 'int', default: 6443, help: 'The port to serve HTTPS on (0 picks a free one)' },
  'cert-dir': {
    type: 'string',
    default: '',
    help: 'Where the self-signed serving certificate is kept when --tls-cert-file is not given (default: <data-dir>/pki)',
  },
  'tls-cert-file': { type: 'string', default: '', help: 'The serving certificate (PEM, with its intermediates after it)' },
  'tls-private-key-file': { type: 'string', default: '', help: "The serving certificate's private key (PEM)" },
  'client-ca-file': {
    type: 'string',
    default: '',
    help: 'Authorities (PEM) a client certificate must be signed by; its common name is the user and its organizations the groups',
  },
  'tls-min-version': { type: 'string', default: '', help: 'The lowest TLS version served: VersionTLS10, VersionTLS11, VersionTLS12 (default), VersionTLS13' },
  'tls-cipher-suites': { type: 'strings', default: [] as readonly string[], help: "TLS 1.2 cipher suites, by Go's names (default: OpenSSL's)" },
  'tls-san': { type: 'strings', default: [] as readonly string[], help: 'More names and addresses for the self-signed serving certificate' },
  'disable-http2-serving': { type: 'bool', default: false, help: 'If true, HTTP2 serving will be disabled [default=false]' },
  'http2-max-streams-per-connection': {
    type: 'int',
    default: 1000,
    help: "The limit that the server gives to clients for the maximum number of streams in an HTTP/2 connection. Zero means to use golang's default.",
  },
} as const;

export interface SecureServingFlagValues {
  readonly 'cert-dir': string;
  readonly 'tls-cert-file': string;
  readonly 'tls-private-key-file': string;
  readonly 'client-ca-file': string;
  readonly 'tls-min-version': string;
  readonly 'tls-cipher-suites': readonly string[];
  readonly 'tls-san': readonly string[];
  readonly 'disable-http2-serving': boolean;
  readonly 'http2-max-streams-per-connection': number;
}

/** What the HTTPS listener serves with. */
export interface SecureServing {
  readonly cert: Buffer;
  readonly key: Buffer;
  /** The authorities client certificates are verified against; without them none is asked for. */
  readonly clientCA?: Buffer;
  readonly minVersion: SecureVersion;
  readonly ciphers?: string;
  /** --disable-http2-serving: HTTP/1.1 alone. */
  readonly disableHttp2?: boolean;
  /** HTTP/2's limit on a connection's concurrent streams (kube-apiserver's 1000 when absent). */
  readonly http2MaxStreamsPerConnection?: number;
}

/** Go's HTTP/2 server limit, which kube-apiserver keeps for --http2-max-streams-per-connection=0 (the limit Go's clients assume before the server's settings arrive). */
const goDefaultMaxStreams = 100;

/** The names and addresses of kube's self-signed certificate: the server's, and the kubernetes Service's. */
export interface ServingNames {
  readonly bindAddress: string;
  /** The kubernetes Service's cluster IP (the first of the primary Service range). */
  readonly serviceIP?: string;
}

/** The serving names of an API server bound to `bindAddress` whose Service cluster IPs come from these ranges. */
export function servingNamesOf(bindAddress: string, serviceClusterIpRange: readonly ServiceCidr[]): ServingNames {
  const primary = serviceClusterIpRange[0];
  return { bindAddress, ...(primary === undefined ? {} : { serviceIP: kubernetesServiceIP(primary) }) };
}

export async function secureServingOf(flags: SecureServingFlagValues, defaultCertDir: string, names: ServingNames): Promise<SecureServing> {
  const certFile = flags['tls-cert-file'];
  const keyFile = flags['tls-private-key-file'];
  if ((certFile === '') !== (keyFile === '')) throw new FlagError('--tls-cert-file and --tls-private-key-file are given together or not at all');
  const alternates = servingAlternateNames(names, flags['tls-san']);
  let pair: { cert: Buffer; key: Buffer };
  try {
    pair = await loadServingCertificate({
      tlsCertFile: certFile,
      tlsPrivateKeyFile: keyFile,
      certDirectory: flags['cert-dir'] === '' ? defaultCertDir : flags['cert-dir'],
      pairName: 'apiserver',
      hostname: 'localhost',
      alternateIPs: alternates.ips,
      alternateDNS: alternates.dnsNames,
    });
  } catch (error) {
    if (error instanceof ServingCertificateError) throw new FlagError(error.message);
    throw error;
  }
  const clientCAFile = flags['client-ca-file'];
  let clientCA: Buffer | undefined;
  if (clientCAFile !== '') {
    try {
      clientCA = readFileSync(clientCAFile);
    } catch (error) {
      throw new FlagError(`unable to load client CA file "${clientCAFile}": ${errorMessage(error)}`);
    }
  }
  const ciphers = tlsCiphers(flags['tls-cipher-suites']);
  return {
    cert: pair.cert,
    key: pair.key,
    ...(clientCA === undefined ? {} : { clientCA }),
    minVersion: tlsMinVersion(flags['tls-min-version']),
    ...(ciphers === undefined ? {} : { ciphers }),
    ...http2Serving(flags),
  };
}

function http2Serving(flags: SecureServingFlagValues): Pick<SecureServing, 'disableHttp2' | 'http2MaxStreamsPerConnection'> {
  if (flags['disable-http2-serving']) return { disableHttp2: true };
  const maxStreams = flags['http2-max-streams-per-connection'];
  if (maxStreams < 0) throw new FlagError(`--http2-max-streams-per-connection must be 0 or more: ${maxStreams}`);
  return { http2MaxStreamsPerConnection: maxStreams === 0 ? goDefaultMaxStreams : maxStreams };
}

/** The names and addresses a serving certificate of the API server is for, with the extra ones (--tls-san). */
export function servingAlternateNames(names: ServingNames, extras: readonly string[] = []): { ips: string[]; dnsNames: string[] } {
  const isAddress = (value: string) => isIP(value) !== 0;
  return { ips: [...servingAddresses(names), ...extras.filter(isAddress)], dnsNames: [...servingDNSNames(), ...extras.filter((extra) => !isAddress(extra))] };
}

/** Loopback, the bound address, the host's own addresses, and the kubernetes Service's IP. */
function servingAddresses(names: ServingNames): string[] {
  const addresses = new Set(['127.0.0.1', '::1']);
  if (names.bindAddress !== '0.0.0.0' && names.bindAddress !== '::') addresses.add(names.bindAddress);
  for (const list of Object.values(networkInterfaces())) for (const address of list ?? []) if (!address.address.startsWith('fe80')) addresses.add(address.address);
  if (names.serviceIP !== undefined) addresses.add(names.serviceIP);
  return [...addresses];
}

/** The host's name and the kubernetes Service's names, as kube-apiserver puts them in its certificate. */
function servingDNSNames(): string[] {
  return [...new Set(['localhost', hostname().toLowerCase(), 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local', 'kubernetes.default', 'kubernetes'])];
}
