// kube-apiserver's service account token flags, read into ServiceAccountOptions and checked with
// kube's complaints. Unlike kube-apiserver, which refuses to start without
// --service-account-signing-key-file, Capstan signs with a key of its own kept in the embedded
// store's data directory (`serviceAccountKeyDir`); on etcd, where Capstan writes no data directory,
// the flags are required as kube requires them.

import { FlagError } from '@capstan/common';
import { defaultServiceAccountIssuer, type ServiceAccountOptions } from './service-account-options.ts';

export const serviceAccountFlags = {
  'service-account-issuer': {
    type: 'strings',
    default: [] as readonly string[],
    help: `The "iss" of service account tokens; repeated, the first issues and all are accepted (default ${defaultServiceAccountIssuer} with the generated key)`,
  },
  'service-account-key-file': {
    type: 'strings',
    default: [] as readonly string[],
    help: 'A PEM file of RSA or ECDSA public or private keys that verify service account tokens; may be repeated',
  },
  'service-account-signing-key-file': {
    type: 'string',
    default: '',
    help: "The PEM private key that signs service account tokens (default: an ECDSA P-256 key made once in --data-dir's service-account.key)",
  },
  'api-audiences': { type: 'strings', default: [] as readonly string[], help: 'The audiences of the API; tokens must name one of them (default: the service account issuers)' },
  'service-account-max-token-expiration': {
    type: 'duration',
    default: 0,
    help: 'The longest a requested service account token may be valid; longer requests are shortened to it',
  },
  'service-account-extend-token-expiration': {
    type: 'bool',
    default: true,
    help: 'Tokens the ServiceAccount admission injects into pods are valid a year, with a warning after their nominal hour',
  },
  'service-account-lookup': { type: 'bool', default: true, help: 'Check legacy service account tokens against their Secret and ServiceAccount in the store' },
  'service-account-jwks-uri': { type: 'string', default: '', help: "The jwks_uri of /.well-known/openid-configuration (default: this server's address)" },
} as const;

export interface ServiceAccountFlagValues {
  readonly 'service-account-issuer': readonly string[];
  readonly 'service-account-key-file': readonly string[];
  readonly 'service-account-signing-key-file': string;
  readonly 'api-audiences': readonly string[];
  readonly 'service-account-max-token-expiration': number;
  readonly 'service-account-extend-token-expiration': boolean;
  readonly 'service-account-lookup': boolean;
  readonly 'service-account-jwks-uri': string;
}

/** kube's bounds of --service-account-max-token-expiration: an hour to 2^32 seconds. */
const maxExpirationBoundsMs = { low: 3600_000, high: 2 ** 32 * 1000 };

/**
 * The options; `keyDir` is where a signing key is generated when none is given (undefined: the
 * flags must name one). Throws a FlagError with kube's words for flags kube refuses.
 */
export function serviceAccountOptionsOf(flags: ServiceAccountFlagValues, keyDir: string | undefined): ServiceAccountOptions {
  const signingKeyFile = flags['service-account-signing-key-file'];
  const generated = signingKeyFile === '' && keyDir !== undefined;
  const given = flags['service-account-issuer'];
  if (!generated) requireSigningFlags(signingKeyFile, given, flags['api-audiences'], flags['service-account-key-file']);
  const issuers = given.length === 0 ? [defaultServiceAccountIssuer] : given;
  checkIssuers(issuers);
  const maxMs = flags['service-account-max-token-expiration'];
  if (maxMs !== 0 && (maxMs < maxExpirationBoundsMs.low || maxMs > maxExpirationBoundsMs.high)) {
    throw new FlagError('the service-account-max-token-expiration must be between 1 hour and 2^32 seconds');
  }
  const jwksUri = flags['service-account-jwks-uri'];
  if (jwksUri !== '') checkJwksUri(jwksUri);
  return {
    issuers,
    keyFiles: flags['service-account-key-file'],
    ...(signingKeyFile === '' ? {} : { signingKeyFile }),
    ...(generated ? { keyDir } : {}),
    apiAudiences: flags['api-audiences'].length === 0 ? issuers : flags['api-audiences'],
    maxExpirationSeconds: Math.floor(maxMs / 1000),
    extendExpiration: flags['service-account-extend-token-expiration'],
    lookup: flags['service-account-lookup'],
    ...(jwksUri === '' ? {} : { jwksUri }),
  };
}

/** kube-apiserver's checks when it is given no key to make: the signing key, an issuer and verifying keys. */
function requireSigningFlags(signingKeyFile: string, issuers: readonly string[], audiences: readonly string[], keyFiles: readonly string[]): void {
  const attempted = signingKeyFile !== '' || (issuers.length > 0 && issuers[0] !== '') || audiences.length > 0;
  if (!attempted) throw new FlagError('--service-account-signing-key-file and --service-account-issuer are required flags');
  if (issuers.length === 0) throw new FlagError('service-account-issuer is a required flag');
  if (keyFiles.length === 0) throw new FlagError('either `--service-account-key-file` or `--service-account-signing-endpoint` must be set');
  if (signingKeyFile === '') throw new FlagError('--service-account-signing-key-file, --service-account-issuer, and --api-audiences should be specified together');
}

function checkIssuers(issuers: readonly string[]): void {
  const seen = new Set<string>();
  for (const issuer of issuers) {
    if (issuer.includes(':') && !URL.canParse(issuer)) throw new FlagError(`service-account-issuer ${JSON.stringify(issuer)} contained a ':' but was not a valid URL`);
    if (issuer === '') throw new FlagError('service-account-issuer should not be an empty string');
    if (seen.has(issuer)) throw new FlagError(`service-account-issuer ${JSON.stringify(issuer)} is already specified`);
    seen.add(issuer);
  }
}

function checkJwksUri(uri: string): void {
  if (!URL.canParse(uri)) throw new FlagError(`service-account-jwks-uri must be a valid URL: ${uri}`);
  const parsed = new URL(uri);
  if (parsed.protocol !== 'https:') throw new FlagError(`service-account-jwks-uri requires https scheme, parsed as: ${uri}`);
}
