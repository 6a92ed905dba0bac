// kube's JWTTokenAuthenticator for service account tokens: a token whose `iss` is one of ours is
// verified with the verifying keys (the one its `kid` names, else all), its audiences checked
// against the API's audiences, then its claims validated against the store (bound tokens,
// service-account-validation.ts; legacy secret-based tokens, legacy-token-validation.ts). A token
// of another issuer, or no JWT at all, is left to the next authenticator; a token of ours that
// fails any check is refused (401).

import { compactVerify, decodeProtectedHeader } from 'jose';
import { AuthenticationError, type TokenAuthenticator, type UserInfo } from './authenticator.ts';
import { serviceAccountUser, type ServiceAccountInfo } from './service-account-claims.ts';
import type { VerifyingKey } from './service-account-keys.ts';

export type TokenValidator = (token: string, payload: Record<string, unknown>) => Promise<ServiceAccountInfo>;

export interface JwtAuthenticatorConfig {
  readonly issuers: readonly string[];
  readonly keys: readonly VerifyingKey[];
  /** --api-audiences: what a token must name one of; a token without audiences is taken to name them. */
  readonly implicitAudiences: readonly string[];
  readonly validate: TokenValidator;
}

export function jwtTokenAuthenticator(config: JwtAuthenticatorConfig): TokenAuthenticator {
  const issuers = new Set(config.issuers);
  return {
    authenticateToken: async (token: string): Promise<UserInfo | undefined> => {
      if (!issuers.has(unverifiedIssuerOf(token) ?? '')) return undefined;
      let kid: string | undefined;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        // Not a JWS: not ours after all.
        return undefined;
      }
      const payload = await verifiedPayload(token, kid === undefined || kid === '' ? config.keys : config.keys.filter((key) => key.keyId === kid));
      if (typeof payload.iss !== 'string' || !issuers.has(payload.iss)) throw new AuthenticationError(`token issuer ${JSON.stringify(payload.iss ?? '')} is invalid`);
      checkAudiences(audiencesOf(payload.aud), config.implicitAudiences);
      let info: ServiceAccountInfo;
      try {
        info = await config.validate(token, payload);
      } catch (error) {
        if (error instanceof AuthenticationError) throw error;
        throw new AuthenticationError((error as Error).message, { cause: error });
      }
      return serviceAccountUser(info);
    },
  };
}

/** kube's hasCorrectIssuer: the `iss` of the payload, read without verifying anything. */
function unverifiedIssuerOf(token: string): string | undefined {
  if (token.trimStart().startsWith('{')) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    const issuer = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).iss : undefined;
    return typeof issuer === 'string' ? issuer : undefined;
  } catch {
    return undefined;
  }
}

async function verifiedPayload(token: string, keys: readonly VerifyingKey[]): Promise<Record<string, unknown>> {
  if (keys.length === 0) throw new AuthenticationError('invalid signature, no keys found');
  const failures: string[] = [];
  for (const key of keys) {
    try {
      const { payload } = await compactVerify(token, key.publicKey, { algorithms: [key.algorithm] });
      const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
      if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new Error('the payload is no JSON object');
      return claims as Record<string, unknown>;
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  throw new AuthenticationError(failures.length === 1 ? (failures[0] as string) : `[${failures.join(', ')}]`);
}

function audiencesOf(aud: unknown): string[] {
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((item): item is string => typeof item === 'string') : [];
}

/** A token's audiences (the API's own when it names none) must meet the API's. */
function checkAudiences(tokenAudiences: readonly string[], apiAudiences: readonly string[]): void {
  const audiences = tokenAudiences.length === 0 ? apiAudiences : tokenAudiences;
  if (apiAudiences.length === 0 || audiences.some((audience) => apiAudiences.includes(audience))) return;
  throw new AuthenticationError(`token audiences ${goStrings(audiences)} is invalid for the target audiences ${goStrings(apiAudiences)}`);
}

/** A []string as Go's %q writes it. */
const goStrings = (values: readonly string[]): string => `[${values.map((value) => JSON.stringify(value)).join(' ')}]`;

/** Seconds of clock skew kube's claim checks allow (go-jose's DefaultLeeway). */
export const claimLeewaySeconds = 60;

/** go-jose's Claims.Validate on the time claims, with kube's words for each failure. */
export function checkTimeClaims(payload: Record<string, unknown>, nowSeconds: number): void {
  const { nbf, exp, iat } = payload;
  if (typeof nbf === 'number' && nowSeconds + claimLeewaySeconds < nbf) throw new AuthenticationError('service account token is not valid yet');
  if (typeof exp === 'number' && nowSeconds - claimLeewaySeconds > exp) throw new AuthenticationError('service account token has expired');
  if (typeof iat === 'number' && nowSeconds + claimLeewaySeconds < iat) throw new AuthenticationError('service account token is issued in the future');
}
