// A JWT authenticator of --authentication-config (kube's oidc token authenticator): a token whose
// (unverified) `iss` is the issuer's url is this authenticator's to judge, any other is left to the
// next. It is verified as go-oidc verifies it (audience, expiry, not-before with a minute of
// leeway, a supported algorithm, the signature against the issuer's keys), then the claim rules
// are checked and the user mapped from the claims; every refusal is worded as kube words it (a
// TokenReview shows it in status.error).

import { goQuote } from '@capstan/common';
import { celValueOfJsonText, type CelValue } from '@capstan/common/cel';
import { compactVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import type { JwtAuthenticatorConfig } from './authentication-config.ts';
import { AuthenticationError, type TokenAuthenticator, type UserInfo } from './authenticator.ts';
import { evaluate, stringListOf, type AuthenticationExpression } from './jwt-expressions.ts';
import { OidcIssuer } from './oidc-issuer.ts';

/** All of go-oidc's algorithms are accepted with --authentication-config (kube's AllValidSigningAlgorithms). */
export const signingAlgorithms = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512'];

/** A minute of clock skew is allowed for nbf (go-oidc's leeway). */
const notBeforeLeewayMs = 60_000;

type Claims = Record<string, unknown>;

export interface JwtAuthenticator extends TokenAuthenticator {
  /** Starts the issuer's discovery. */
  start(): void;
  stop(): void;
  /** Resolves once the issuer's keys are known (kube's health check passing). */
  readonly discovered: Promise<void>;
}

export function jwtAuthenticator(config: JwtAuthenticatorConfig, log: (message: string) => void, now: () => number = Date.now): JwtAuthenticator {
  const issuer = new OidcIssuer(config.issuer, log);
  return {
    start: () => issuer.start(),
    stop: () => issuer.stop(),
    discovered: issuer.discovered,
    authenticateToken: async (token) => {
      if (untrustedIssuer(token) !== config.issuer.url) return undefined;
      if (!issuer.initialized) throw new AuthenticationError('oidc: authenticator not initialized');
      let claims: Claims;
      try {
        claims = await verifiedClaims(config, issuer, token, now());
      } catch (error) {
        throw new AuthenticationError(`oidc: verify token: ${(error as Error).message}`);
      }
      return userOf(config, claims);
    },
  };
}

/** The `iss` of a token read without verification; undefined when it is no JWT. */
function untrustedIssuer(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8')) as unknown;
    return typeof payload === 'object' && payload !== null ? ((payload as Claims).iss as string | undefined) : undefined;
  } catch {
    return undefined;
  }
}

/** go-oidc's IDTokenVerifier.Verify, then kube's check of several audiences. */
async function verifiedClaims(config: JwtAuthenticatorConfig, issuer: OidcIssuer, token: string, now: number): Promise<Claims> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error(`oidc: malformed jwt, expected 3 parts got ${parts.length}`);
  let claims: Claims;
  try {
    claims = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8')) as Claims;
  } catch (error) {
    throw new Error(`oidc: malformed jwt payload: ${(error as Error).message}`);
  }
  // go-oidc reads these claims into typed fields first.
  for (const name of ['iss', 'sub', 'nonce', 'at_hash']) {
    if (name in claims && typeof claims[name] !== 'string') {
      throw new Error(`oidc: failed to unmarshal claims: json: cannot unmarshal ${jsonKind(claims[name])} into Go struct field idToken.${name} of type string`);
    }
  }
  const audience = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud.map(String) : [];
  const audiences = config.issuer.audiences;
  const singleAudience = audiences.length === 1;
  if (singleAudience && !audience.includes(audiences[0] as string)) throw new Error(`oidc: expected audience ${goQuote(audiences[0] as string)} got ${goStrings(audience)}`);
  const expiry = typeof claims.exp === 'number' ? claims.exp * 1000 : Number.NEGATIVE_INFINITY;
  if (expiry < now) throw new Error(`oidc: token is expired (Token Expiry: ${goTime(expiry)})`);
  if (typeof claims.nbf === 'number' && now + notBeforeLeewayMs < claims.nbf * 1000) {
    throw new Error(`oidc: current time ${goTime(now)} before the nbf (not before) time: ${goTime(claims.nbf * 1000)}`);
  }
  await verifySignature(issuer, token, config.signingAlgorithms ?? signingAlgorithms);
  if (!singleAudience && !audience.some((one) => audiences.includes(one))) {
    throw new Error(`oidc: expected audience in ${goStrings([...audiences].sort())} got ${goStrings(audience)}`);
  }
  return claims;
}

async function verifySignature(issuer: OidcIssuer, token: string, algorithms: readonly string[]): Promise<void> {
  const header = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString('utf8') || '{}') as { alg?: unknown };
  if (!algorithms.includes(String(header.alg))) {
    throw new Error(`oidc: id token signed with unsupported algorithm, expected ${goStrings(algorithms)} got ${goQuote(String(header.alg))}`);
  }
  const attempt = async (keys: JWTVerifyGetKey | undefined): Promise<void> => {
    if (keys === undefined) throw new Error('oidc: authenticator not initialized');
    await compactVerify(token, keys, { algorithms: [...algorithms] });
  };
  try {
    await attempt(await issuer.keys(false));
  } catch (error) {
    // A key the issuer added since the key set was fetched: fetch it again, once.
    if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw signatureError(error);
    try {
      await attempt(await issuer.keys(true));
    } catch (again) {
      throw signatureError(again);
    }
  }
}

/** go-oidc's words for a signature no key of the issuer verifies. */
function signatureError(error: unknown): Error {
  if (error instanceof Error && error.message === 'oidc: authenticator not initialized') return error;
  return new Error('failed to verify signature: failed to verify id token signature');
}

/** The user the claims stand for, once every claim rule holds (kube's order: mappings, required claims, validation rules). */
function userOf(config: JwtAuthenticatorConfig, claims: Claims): UserInfo {
  const { claimMappings } = config;
  const username = usernameOf(config, claims);
  const groups = groupsOf(config, claims);
  let uid = '';
  if (claimMappings.uid.claim !== '') uid = stringClaim(claims, claimMappings.uid.claim, (error) => `oidc: parse uid claim ${goQuote(claimMappings.uid.claim)}: ${error}`);
  else if (claimMappings.uid.compiled !== undefined) {
    const value = mapped(claimMappings.uid.compiled, claims, 'oidc: error evaluating uid claim expression');
    if (typeof value !== 'string') throw new AuthenticationError('oidc: error evaluating uid claim expression: uid claim expression must return a string');
    uid = value;
  }
  const extra = extraOf(config, claims);
  for (const [claim, required] of config.requiredClaims) {
    if (!(claim in claims)) throw new AuthenticationError(`oidc: required claim ${claim} not present in ID token`);
    const value = stringClaim(claims, claim, (error) => `oidc: parse claim ${claim}: ${error}`);
    if (value !== required) throw new AuthenticationError(`oidc: required claim ${claim} value does not match. Got = ${value}, want = ${required}`);
  }
  checkRules(config.claimValidationRules, { claims: celClaimsOf(claims) }, 'oidc: error evaluating claim validation expression');
  const user: UserInfo = { username, uid, groups, extra };
  checkRules(config.userValidationRules, { user: { username, uid, groups, extra } }, 'oidc: error evaluating user info validation rule');
  return user;
}

function usernameOf(config: JwtAuthenticatorConfig, claims: Claims): string {
  const mapping = config.claimMappings.username;
  if (mapping.compiled !== undefined) {
    const value = mapped(mapping.compiled, claims, 'oidc: error evaluating username claim expression');
    if (typeof value !== 'string') throw new AuthenticationError('oidc: error evaluating username claim expression: username claim expression must return a string');
    if (value === '') throw new AuthenticationError('oidc: empty username via CEL expression is not allowed');
    return value;
  }
  const username = stringClaim(claims, mapping.claim, (error) => `oidc: parse username claims ${goQuote(mapping.claim)}: ${error}`);
  // An email is the user only when verified, if the token says.
  if (mapping.claim === 'email' && 'email_verified' in claims) {
    if (typeof claims.email_verified !== 'boolean') throw new AuthenticationError(`oidc: parse 'email_verified' claim: ${unmarshalError(claims.email_verified, 'bool')}`);
    if (!claims.email_verified) throw new AuthenticationError('oidc: email not verified');
  }
  return (mapping.prefix ?? '') + username;
}

function groupsOf(config: JwtAuthenticatorConfig, claims: Claims): string[] {
  const mapping = config.claimMappings.groups;
  if (mapping.claim !== '' && mapping.claim in claims) {
    // A single string is one group (kube's stringOrArray).
    const value = claims[mapping.claim];
    const groups = typeof value === 'string' ? [value] : Array.isArray(value) && value.every((group) => typeof group === 'string') ? (value as string[]) : undefined;
    if (groups === undefined) throw new AuthenticationError(`oidc: parse groups claim ${goQuote(mapping.claim)}: ${unmarshalError(value, 'string')}`);
    return groups.map((group) => (mapping.prefix ?? '') + group);
  }
  if (mapping.compiled === undefined) return [];
  try {
    return stringListOf(mapped(mapping.compiled, claims, 'oidc: error evaluating group claim expression'));
  } catch (error) {
    if (error instanceof AuthenticationError) throw error;
    throw new AuthenticationError(`oidc: error evaluating group claim expression: ${(error as Error).message}`);
  }
}

function extraOf(config: JwtAuthenticatorConfig, claims: Claims): Record<string, string[]> {
  const extra: Record<string, string[]> = {};
  // The token's jti is its credential id (kube's authentication.kubernetes.io/credential-id).
  if (typeof claims.jti === 'string' && claims.jti !== '') extra['authentication.kubernetes.io/credential-id'] = [`JTI=${claims.jti}`];
  for (const mapping of config.claimMappings.extra) {
    const value = mapped(mapping, claims, 'oidc');
    let values: string[];
    try {
      values = stringListOf(value);
    } catch (error) {
      throw new AuthenticationError(`oidc: error evaluating extra claim expression: ${mapping.expression}: ${(error as Error).message}`);
    }
    if (values.length > 0) extra[mapping.key] = values;
  }
  return extra;
}

/** A claim mapping's value; its evaluation error as kube's mapper words it. */
function mapped(rule: AuthenticationExpression, claims: Claims, context: string): CelValue {
  try {
    return evaluate(rule, { claims: celClaimsOf(claims) });
  } catch (error) {
    const detail = `expression '${rule.expression}' resulted in error: ${(error as Error).message}`;
    throw new AuthenticationError(context === 'oidc' ? detail : `${context}: ${detail}`);
  }
}

/** A token's claims are converted once, whatever number of expressions read them. */
const celClaims = new WeakMap<Claims, unknown>();

function celClaimsOf(claims: Claims): unknown {
  let values = celClaims.get(claims);
  if (values === undefined) celClaims.set(claims, (values = claimValues(claims)));
  return values;
}

/** The claims as CEL sees them in kube: decoded into Go's `any`, every number is a double. */
function claimValues(value: unknown): unknown {
  if (typeof value === 'number') return celValueOfJsonText(value.toExponential());
  if (Array.isArray(value)) return value.map(claimValues);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, claimValues(item)]));
  return value;
}

/** Validation rules in order: each must be true, else its message. */
function checkRules(rules: readonly AuthenticationExpression[], variables: Record<string, unknown>, context: string): void {
  for (const rule of rules) {
    let value: unknown;
    try {
      value = evaluate(rule, variables);
    } catch (error) {
      throw new AuthenticationError(`${context}: expression '${rule.expression}' resulted in error: ${(error as Error).message}`);
    }
    if (typeof value !== 'boolean') throw new AuthenticationError(`${context}: validation expression must return a boolean`);
    if (!value) throw new AuthenticationError(`${context}: validation expression '${rule.expression}' failed: ${rule.message}`);
  }
}

/** A claim that must be a string (Go's json.Unmarshal into a string). */
function stringClaim(claims: Claims, claim: string, wrap: (error: string) => string): string {
  if (!(claim in claims)) throw new AuthenticationError(wrap('claim not present'));
  const value = claims[claim];
  if (typeof value !== 'string') throw new AuthenticationError(wrap(unmarshalError(value, 'string')));
  return value;
}

/** encoding/json's UnmarshalTypeError for a value that is not of the Go type. */
function unmarshalError(value: unknown, goType: string): string {
  return `json: cannot unmarshal ${jsonKind(value)} into Go value of type ${goType}`;
}

/** A JSON value's kind as encoding/json names it. */
function jsonKind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value === 'object' ? 'object' : typeof value;
}

/** A []string as Go's %q prints it. */
const goStrings = (values: readonly string[]): string => `[${values.map(goQuote).join(' ')}]`;

/** A time as Go's %v prints a time.Time in UTC. */
function goTime(ms: number): string {
  if (!Number.isFinite(ms)) return '0001-01-01 00:00:00 +0000 UTC';
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} +0000 UTC`;
}
