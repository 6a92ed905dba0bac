// How service account tokens are issued and checked: kube-apiserver's --service-account-* and
// --api-audiences, read (service-account-flags.ts), and the keys they name.

import { generatedSigningKey, readPublicKeys, readSigningKey, type ServiceAccountKeys, type VerifyingKey } from './service-account-keys.ts';

export interface ServiceAccountOptions {
  /** --service-account-issuer: the first is the `iss` of issued tokens; tokens of any of them are accepted. */
  readonly issuers: readonly string[];
  /** --service-account-key-file: PEM files of public or private keys that verify tokens. */
  readonly keyFiles: readonly string[];
  /** --service-account-signing-key-file; without it, the key generated in keyDir signs. */
  readonly signingKeyFile?: string;
  /** Where Capstan keeps the signing key it generates (the embedded store's data directory). */
  readonly keyDir?: string;
  /** --api-audiences: the audiences the API server identifies as; the issuers when none are given. */
  readonly apiAudiences: readonly string[];
  /** --service-account-max-token-expiration, in seconds; 0 for no limit. */
  readonly maxExpirationSeconds: number;
  /** --service-account-extend-token-expiration. */
  readonly extendExpiration: boolean;
  /** --service-account-lookup: legacy (secret-based) tokens are checked against their Secret and ServiceAccount. */
  readonly lookup: boolean;
  /** --service-account-jwks-uri: the jwks_uri of the discovery document; the server's own address when absent. */
  readonly jwksUri?: string;
}

/** The issuer of Capstan's generated key when no --service-account-issuer is given. */
export const defaultServiceAccountIssuer = 'https://kubernetes.default.svc.cluster.local';

/** kube's ExpirationExtensionSeconds: a year, for the admission-injected tokens when extension is on. */
export const extendedExpirationSeconds = 24 * 365 * 60 * 60;

/** Service account tokens with Capstan's defaults: the generated key in `keyDir`, the default issuer. */
export function defaultServiceAccountOptions(keyDir: string): ServiceAccountOptions {
  return {
    issuers: [defaultServiceAccountIssuer],
    keyFiles: [],
    keyDir,
    apiAudiences: [defaultServiceAccountIssuer],
    maxExpirationSeconds: 0,
    extendExpiration: true,
    lookup: true,
  };
}

/** The keys the options name, read (and the generated one made, the first time). */
export function serviceAccountKeysOf(options: ServiceAccountOptions): ServiceAccountKeys {
  const fromFiles: VerifyingKey[] = options.keyFiles.flatMap((path) => readPublicKeys(path));
  if (options.signingKeyFile !== undefined) return { signing: readSigningKey(options.signingKeyFile), verifying: fromFiles };
  if (options.keyDir === undefined) throw new Error('--service-account-signing-key-file and --service-account-issuer are required flags');
  const signing = generatedSigningKey(options.keyDir);
  // The generated key verifies too, once, beside whatever the key files hold.
  const verifying = fromFiles.some((key) => key.keyId === signing.keyId) ? fromFiles : [...fromFiles, signing];
  return { signing, verifying: verifying.map(({ publicKey, keyId, algorithm }) => ({ publicKey, keyId, algorithm })) };
}
