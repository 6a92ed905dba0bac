// The service account issuer's OpenID discovery documents, as kube-apiserver serves them:
// /.well-known/openid-configuration (issuer, jwks_uri, the signing algorithms) and /openid/v1/jwks
// (every verifying key as a JWK, its kid kube's), cacheable for an hour. kube serves them only
// for an https issuer without query or fragment; the jwks_uri is --service-account-jwks-uri or
// https://<this server's address>/openid/v1/jwks.

import { exportJWK } from 'jose';
import type { Logger } from '@capstan/common';
import type { BytesResponse } from '../discovery/discovery-endpoints.ts';
import type { VerifyingKey } from './service-account-keys.ts';
import type { ServiceAccountTokens } from './service-account-tokens.ts';

export const openIdConfigurationPath = '/.well-known/openid-configuration';
export const jwksPath = '/openid/v1/jwks';

/** What kube's staticPublicKeysGetter answers for GetCacheAgeMaxSeconds. */
const cacheMaxAgeSeconds = 3600;

export interface OpenIdMetadata {
  /** The document at the path, or undefined for any other path. */
  respond(path: string): Promise<BytesResponse | undefined>;
}

/**
 * The documents, or undefined (with the reason) when kube would not serve them: an issuer that is
 * no https URL. `externalHost` is this server's host:port, asked at the first request.
 */
export function openIdMetadataOf(tokens: ServiceAccountTokens, externalHost: () => string): OpenIdMetadata | { readonly disabled: string } {
  const issuer = tokens.issuer;
  const parsed = URL.canParse(issuer) ? new URL(issuer) : undefined;
  if (parsed?.protocol !== 'https:') return { disabled: `issuer URL must use https scheme, got: ${issuer}` };
  if (parsed.search !== '') return { disabled: `issuer URL may not include a query, got: ${issuer}` };
  if (parsed.hash !== '') return { disabled: `issuer URL may not include a fragment, got: ${issuer}` };
  let documents: Promise<{ configuration: Buffer; keySet: Buffer }> | undefined;
  const build = async (): Promise<{ configuration: Buffer; keySet: Buffer }> => {
    const keys = await Promise.all(tokens.keys.verifying.map(jwkOf));
    const configuration = {
      issuer,
      jwks_uri: tokens.options.jwksUri ?? `https://${externalHost()}${jwksPath}`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [...new Set(tokens.keys.verifying.map((key) => key.algorithm))].sort(),
    };
    return { configuration: Buffer.from(JSON.stringify(configuration)), keySet: Buffer.from(JSON.stringify({ keys })) };
  };
  const cacheControl = `public, max-age=${cacheMaxAgeSeconds}`;
  return {
    respond: async (path) => {
      if (path !== openIdConfigurationPath && path !== jwksPath) return undefined;
      documents ??= build();
      const { configuration, keySet } = await documents;
      return path === jwksPath
        ? { status: 200, headers: { 'content-type': 'application/jwk-set+json', 'cache-control': cacheControl }, body: keySet }
        : { status: 200, headers: { 'content-type': 'application/json', 'cache-control': cacheControl }, body: configuration };
    },
  };
}

/** A public key as go-jose writes its JWK, in its field order: use, kty, kid, crv, alg, then the key. */
async function jwkOf(key: VerifyingKey): Promise<Record<string, unknown>> {
  const { kty, crv, x, y, n, e } = await exportJWK(key.publicKey);
  const head = { use: 'sig', kty, kid: key.keyId };
  return kty === 'RSA' ? { ...head, alg: key.algorithm, n, e } : { ...head, crv, alg: key.algorithm, x, y };
}

/** The documents an API server serves, or undefined (and a log line saying why) where kube serves none. */
export function servedOpenIdMetadata(tokens: ServiceAccountTokens | undefined, externalHost: () => string, logger: Logger): OpenIdMetadata | undefined {
  if (tokens === undefined) return undefined;
  const metadata = openIdMetadataOf(tokens, externalHost);
  if (!('disabled' in metadata)) return metadata;
  logger.info({ reason: metadata.disabled }, 'the service account issuer discovery endpoints are not served');
  return undefined;
}

/** host:port of an address and port, an IPv6 address in brackets. */
export const hostPort = (address: string, port: number): string => (address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`);
