// How the API server reaches the node agents (kube's kubelet client): kube-apiserver's --kubelet-*
// flags, plus Capstan's --kubelet-bearer-token-file, the agents' interim credential until
// TokenReview and SubjectAccessReview vouch for them.

import { readFileSync } from 'node:fs';
import { FlagError, errorMessage } from '@capstan/common';

/** The node address types kube knows, in the order kube-apiserver prefers them by default. */
export const nodeAddressTypes = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'] as const;

export interface KubeletClientConfig {
  /** --kubelet-preferred-address-types: which of a Node's status.addresses to connect to, first match wins. */
  readonly preferredAddressTypes: readonly string[];
  /** The agents' port when a Node reports none in status.daemonEndpoints.kubeletEndpoint (kube's --kubelet-port). */
  readonly defaultPort: number;
  /** --kubelet-certificate-authority; absent, the agents' serving certificates are not verified, as kube does. */
  readonly certificateAuthority?: Buffer;
  /** --kubelet-client-certificate and --kubelet-client-key: the certificate the API server presents. */
  readonly clientCertificate?: Buffer;
  readonly clientKey?: Buffer;
  /** --kubelet-bearer-token-file's token, sent as Authorization: Bearer. */
  readonly bearerToken?: string;
  /** --kubelet-timeout: how long connecting and waiting for an agent's answer may take (never a stream's length). */
  readonly timeoutMs: number;
}

export const defaultKubeletClientConfig: KubeletClientConfig = {
  preferredAddressTypes: nodeAddressTypes,
  defaultPort: 10250,
  timeoutMs: 5000,
};

export const kubeletFlags = {
  'kubelet-preferred-address-types': {
    type: 'strings',
    default: nodeAddressTypes as readonly string[],
    help: 'List of the preferred NodeAddressTypes to use for node agent connections',
  },
  'kubelet-certificate-authority': { type: 'string', default: '', help: "Path to a cert file for the certificate authority of the node agents' serving certificates" },
  'kubelet-client-certificate': { type: 'string', default: '', help: 'Path to a client cert file for TLS to the node agents' },
  'kubelet-client-key': { type: 'string', default: '', help: 'Path to a client key file for TLS to the node agents' },
  'kubelet-bearer-token-file': {
    type: 'string',
    default: '',
    help: 'Path to a file holding the bearer token presented to the node agents (their interim authentication)',
  },
  'kubelet-timeout': { type: 'duration', default: 5000, help: 'Timeout for node agent operations' },
} as const;

export interface KubeletFlagValues {
  readonly 'kubelet-preferred-address-types': readonly string[];
  readonly 'kubelet-certificate-authority': string;
  readonly 'kubelet-client-certificate': string;
  readonly 'kubelet-client-key': string;
  readonly 'kubelet-bearer-token-file': string;
  readonly 'kubelet-timeout': number;
}

/** The configuration the flags describe, with the files read; a FlagError names the flag at fault. */
export function kubeletClientConfig(flags: KubeletFlagValues): KubeletClientConfig {
  const types = flags['kubelet-preferred-address-types'];
  if (types.length === 0) throw new FlagError('--kubelet-preferred-address-types must not be empty');
  for (const type of types) {
    if (!(nodeAddressTypes as readonly string[]).includes(type)) {
      throw new FlagError(`--kubelet-preferred-address-types: unknown address type ${JSON.stringify(type)}, expected one of ${nodeAddressTypes.join(', ')}`);
    }
  }
  const certificate = flags['kubelet-client-certificate'];
  const key = flags['kubelet-client-key'];
  if ((certificate === '') !== (key === '')) throw new FlagError('--kubelet-client-certificate and --kubelet-client-key must be set together');
  const tokenFile = flags['kubelet-bearer-token-file'];
  const token = tokenFile === '' ? '' : readFlagFile('kubelet-bearer-token-file', tokenFile).toString('utf8').trim();
  if (tokenFile !== '' && token === '') throw new FlagError(`--kubelet-bearer-token-file: ${tokenFile} holds no token`);
  const authority = flags['kubelet-certificate-authority'];
  return {
    preferredAddressTypes: types,
    defaultPort: defaultKubeletClientConfig.defaultPort,
    timeoutMs: flags['kubelet-timeout'],
    ...(authority === '' ? {} : { certificateAuthority: readFlagFile('kubelet-certificate-authority', authority) }),
    ...(certificate === '' ? {} : { clientCertificate: readFlagFile('kubelet-client-certificate', certificate), clientKey: readFlagFile('kubelet-client-key', key) }),
    ...(token === '' ? {} : { bearerToken: token }),
  };
}

function readFlagFile(flag: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new FlagError(`--${flag}: ${errorMessage(error)}`);
  }
}
