// Service account tokens as one piece: the options and keys, the signer TokenRequest issues with
// (the first issuer), and the two token authenticators kube-apiserver adds after the token file:
// bound tokens of any --service-account-issuer, then legacy secret-based tokens.

import { SignJWT } from 'jose';
import type { TokenAuthenticator } from './authenticator.ts';
import { legacyIssuer, legacyTokenValidator } from './legacy-token-validation.ts';
import { jwtTokenAuthenticator } from './service-account-authenticator.ts';
import type { ServiceAccountKeys } from './service-account-keys.ts';
import type { ServiceAccountObjects } from './service-account-objects.ts';
import { serviceAccountKeysOf, type ServiceAccountOptions } from './service-account-options.ts';
import { boundTokenValidator } from './service-account-validation.ts';

export interface ServiceAccountTokens {
  readonly options: ServiceAccountOptions;
  readonly keys: ServiceAccountKeys;
  /** The `iss` of the tokens this server issues. */
  readonly issuer: string;
  readonly authenticators: readonly TokenAuthenticator[];
  /** The compact JWS of a payload, signed with the signing key (header: alg and kid, as kube's). */
  sign(payload: Record<string, unknown>): Promise<string>;
}

export function serviceAccountTokensOf(options: ServiceAccountOptions, objects: ServiceAccountObjects): ServiceAccountTokens {
  const keys = serviceAccountKeysOf(options);
  const { signing } = keys;
  return {
    options,
    keys,
    issuer: options.issuers[0] as string,
    authenticators: [
      jwtTokenAuthenticator({ issuers: options.issuers, keys: keys.verifying, implicitAudiences: options.apiAudiences, validate: boundTokenValidator(objects) }),
      jwtTokenAuthenticator({ issuers: [legacyIssuer], keys: keys.verifying, implicitAudiences: options.apiAudiences, validate: legacyTokenValidator(objects, options.lookup) }),
    ],
    sign: (payload) => new SignJWT(payload).setProtectedHeader({ alg: signing.algorithm, kid: signing.keyId }).sign(signing.privateKey),
  };
}
