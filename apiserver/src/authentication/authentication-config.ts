// --authentication-config: kube's AuthenticationConfiguration (apiserver.config.k8s.io/v1, also
// v1beta1 and v1alpha1), read once at start: JWT authenticators (issuer, claim validation rules,
// claim mappings, user validation rules) and the anonymous authenticator. The file is checked as
// kube-apiserver checks it, and a bad one fails the start with kube's aggregated field errors; the
// CEL expressions are compiled here, once (see jwt-expressions.ts).

import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import { X509Certificate } from 'node:crypto';
import { fieldDuplicate, fieldErrorMessage, fieldInvalid, fieldRequired, fieldTooMany, FlagError, goQuote, isDNS1123Subdomain, type FieldError } from '@capstan/common';
import { parse } from 'yaml';
import { compileClaimsExpression, compileUserExpression, type AuthenticationExpression } from './jwt-expressions.ts';

export interface ClaimOrExpression {
  readonly claim: string;
  readonly expression: string;
}

export interface PrefixedClaimOrExpression extends ClaimOrExpression {
  /** undefined when not set: kube tells an empty prefix from none. */
  readonly prefix: string | undefined;
}

export interface JwtAuthenticatorConfig {
  readonly issuer: {
    readonly url: string;
    readonly discoveryURL: string;
    readonly certificateAuthority: string;
    readonly audiences: readonly string[];
    readonly audienceMatchPolicy: string;
    readonly egressSelectorType: string;
  };
  /** claim + requiredValue rules. */
  readonly requiredClaims: ReadonlyMap<string, string>;
  readonly claimValidationRules: readonly AuthenticationExpression[];
  readonly claimMappings: {
    readonly username: PrefixedClaimOrExpression & { readonly compiled: AuthenticationExpression | undefined };
    readonly groups: PrefixedClaimOrExpression & { readonly compiled: AuthenticationExpression | undefined };
    readonly uid: ClaimOrExpression & { readonly compiled: AuthenticationExpression | undefined };
    readonly extra: readonly (AuthenticationExpression & { readonly key: string })[];
  };
  readonly userValidationRules: readonly AuthenticationExpression[];
  /** --oidc-signing-algs; every algorithm kube knows when absent. */
  readonly signingAlgorithms?: readonly string[];
}

export interface AnonymousConfig {
  readonly enabled: boolean;
  /** Paths anonymous requests may reach; none means every path. */
  readonly paths: readonly string[];
}

export interface AuthenticationConfig {
  readonly jwt: readonly JwtAuthenticatorConfig[];
  readonly anonymous: AnonymousConfig | undefined;
  /** The file and its text, for a configuration read from --authentication-config (which is reloaded when it changes). */
  readonly source?: { readonly path: string; readonly text: string };
}

const apiVersions = ['apiserver.config.k8s.io/v1', 'apiserver.config.k8s.io/v1beta1', 'apiserver.config.k8s.io/v1alpha1'];

/** The group's other kinds, which decode but are not an AuthenticationConfiguration. */
const otherKinds = ['AdmissionConfiguration', 'AuthorizationConfiguration', 'EncryptionConfiguration', 'TracingConfiguration', 'EgressSelectorConfiguration'];

/** The fields of each object of the file (kube decodes it strictly). */
type KnownFields = { readonly [field: string]: KnownFields | null };
const prefixed: KnownFields = { claim: null, prefix: null, expression: null };
const knownFields: KnownFields = {
  apiVersion: null,
  kind: null,
  jwt: {
    issuer: { url: null, discoveryURL: null, certificateAuthority: null, audiences: null, audienceMatchPolicy: null, egressSelectorType: null },
    claimValidationRules: { claim: null, requiredValue: null, expression: null, message: null },
    claimMappings: { username: prefixed, groups: prefixed, uid: { claim: null, expression: null }, extra: { key: null, valueExpression: null } },
    userValidationRules: { expression: null, message: null },
  },
  anonymous: { enabled: null, conditions: { path: null } },
};

/** The file's configuration; a FlagError saying what is wrong with it otherwise. */
export function loadAuthenticationConfig(path: string): AuthenticationConfig {
  return authenticationConfigOfText(readFileSync(path, 'utf8'), path);
}

/** The configuration of the file's text (read at start, or again once it changed). */
export function authenticationConfigOfText(text: string, path: string): AuthenticationConfig {
  const loadError = (message: string) => new FlagError(`failed to load authentication configuration from file ${goQuote(path)}: ${message}`);
  if (text.length === 0) throw loadError('empty config data');
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw loadError((error as Error).message);
  }
  const root = objectOf(document);
  if (!apiVersions.includes(stringOf(root.apiVersion))) throw loadError(`no kind ${goQuote(stringOf(root.kind))} is registered for version ${goQuote(stringOf(root.apiVersion))}`);
  if (root.kind !== 'AuthenticationConfiguration') {
    const kind = stringOf(root.kind);
    if (!otherKinds.includes(kind)) throw loadError(`no kind ${goQuote(kind)} is registered for version ${goQuote(stringOf(root.apiVersion))}`);
    throw loadError(`expected AuthenticationConfiguration, got *apiserver.${kind}`);
  }
  const unknown = unknownFields(root, knownFields, '');
  if (unknown.length > 0) throw loadError(`strict decoding error: ${unknown.map((field) => `unknown field ${goQuote(field)}`).join(', ')}`);
  return { ...authenticationConfigOf(root), source: { path, text } };
}

/** A decoded AuthenticationConfiguration checked as kube checks it (also the one the --oidc-* flags make); a FlagError when it is bad. */
export function authenticationConfigOf(root: Record<string, unknown>, signingAlgorithms?: readonly string[]): AuthenticationConfig {
  const errors: FieldError[] = [];
  const jwt = arrayOf(root.jwt);
  if (jwt.length > 64) errors.push(fieldTooMany('jwt', jwt.length, 64));
  const authenticators =
    jwt.length > 64 ? [] : jwt.map((one, i) => ({ ...jwtAuthenticatorOf(objectOf(one), `jwt[${i}]`, errors), ...(signingAlgorithms === undefined ? {} : { signingAlgorithms }) }));
  const seenIssuers = new Set<string>();
  const seenDiscovery = new Set<string>();
  authenticators.forEach(({ issuer }, i) => {
    if (seenIssuers.has(issuer.url)) errors.push(fieldDuplicate(`jwt[${i}].issuer.url`, issuer.url));
    seenIssuers.add(issuer.url);
    if (issuer.discoveryURL !== '') {
      if (seenDiscovery.has(issuer.discoveryURL)) errors.push(fieldDuplicate(`jwt[${i}].issuer.discoveryURL`, issuer.discoveryURL));
      seenDiscovery.add(issuer.discoveryURL);
    }
  });
  const anonymous = root.anonymous === undefined || root.anonymous === null ? undefined : anonymousOf(objectOf(root.anonymous), errors);
  if (errors.length > 0) {
    const messages = errors.map(fieldErrorMessage);
    throw new FlagError(`invalid authentication configuration: ${messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`}`);
  }
  return { jwt: authenticators, anonymous };
}

function anonymousOf(anonymous: Record<string, unknown>, errors: FieldError[]): AnonymousConfig {
  const enabled = anonymous.enabled === true;
  const paths = arrayOf(anonymous.conditions).map((condition) => stringOf(objectOf(condition).path));
  if (!enabled && paths.length > 0) {
    // The conditions as Go's %v of the internal type (no JSON names) prints them.
    errors.push(
      fieldInvalid('anonymous.conditions', { goSyntax: JSON.stringify(paths.map((path) => ({ Path: path }))) }, 'enabled should be set to true when conditions are defined'),
    );
  }
  return { enabled, paths };
}

function jwtAuthenticatorOf(jwt: Record<string, unknown>, path: string, errors: FieldError[]): JwtAuthenticatorConfig {
  const issuerObject = objectOf(jwt.issuer);
  const issuer = {
    url: stringOf(issuerObject.url),
    discoveryURL: stringOf(issuerObject.discoveryURL),
    certificateAuthority: stringOf(issuerObject.certificateAuthority),
    audiences: arrayOf(issuerObject.audiences).map(stringOf),
    audienceMatchPolicy: stringOf(issuerObject.audienceMatchPolicy),
    egressSelectorType: stringOf(issuerObject.egressSelectorType),
  };
  issuerErrors(issuer, `${path}.issuer`, errors);
  const { requiredClaims, claimValidationRules } = claimValidationRulesOf(arrayOf(jwt.claimValidationRules), `${path}.claimValidationRules`, errors);
  const claimMappings = claimMappingsOf(objectOf(jwt.claimMappings), `${path}.claimMappings`, errors);
  const emailUsed = claimMappings.username.compiled?.usesClaim('email') === true;
  const emailVerifiedUsed = [claimMappings.username.compiled, ...claimMappings.extra, ...claimValidationRules].some((rule) => rule?.usesClaim('email_verified') === true);
  if (emailUsed && !emailVerifiedUsed) {
    errors.push(
      fieldInvalid(
        `${path}.claimMappings.username.expression`,
        claimMappings.username.expression,
        'claims.email_verified must be used in claimMappings.username.expression or claimMappings.extra[*].valueExpression or claimValidationRules[*].expression when claims.email is used in claimMappings.username.expression',
      ),
    );
  }
  const userValidationRules: AuthenticationExpression[] = [];
  const seen = new Set<string>();
  arrayOf(jwt.userValidationRules).forEach((value, i) => {
    const rule = objectOf(value);
    const expression = stringOf(rule.expression);
    const rulePath = `${path}.userValidationRules[${i}].expression`;
    if (expression === '') return errors.push(fieldRequired(rulePath));
    if (seen.has(expression)) return errors.push(fieldDuplicate(rulePath, expression));
    seen.add(expression);
    const compiled = compileUserExpression(expression, stringOf(rule.message), rulePath, errors);
    if (compiled !== undefined) userValidationRules.push(compiled);
  });
  return { issuer, requiredClaims, claimValidationRules, claimMappings, userValidationRules };
}

function issuerErrors(issuer: JwtAuthenticatorConfig['issuer'], path: string, errors: FieldError[]): void {
  if (issuer.url === '') errors.push(fieldRequired(`${path}.url`));
  else urlErrors(issuer.url, `${path}.url`, errors);
  if (issuer.discoveryURL !== '') {
    if (issuer.url !== '' && issuer.url.replace(/\/+$/, '') === issuer.discoveryURL.replace(/\/+$/, '')) {
      errors.push(fieldInvalid(`${path}.discoveryURL`, issuer.discoveryURL, 'discoveryURL must be different from URL'));
    }
    urlErrors(issuer.discoveryURL, `${path}.discoveryURL`, errors);
  }
  const audiencesPath = `${path}.audiences`;
  if (issuer.audiences.length === 0) {
    errors.push(fieldRequired(audiencesPath, `at least one ${audiencesPath} is required`));
  } else {
    const seen = new Set<string>();
    issuer.audiences.forEach((audience, i) => {
      if (audience === '') errors.push(fieldRequired(`${audiencesPath}[${i}]`));
      if (seen.has(audience)) errors.push(fieldDuplicate(`${audiencesPath}[${i}]`, audience));
      seen.add(audience);
    });
    const policy = issuer.audienceMatchPolicy;
    if (issuer.audiences.length > 1 && policy !== 'MatchAny')
      errors.push(fieldInvalid(`${path}.audienceMatchPolicy`, policy, 'audienceMatchPolicy must be MatchAny for multiple audiences'));
    if (issuer.audiences.length === 1 && policy !== '' && policy !== 'MatchAny') {
      errors.push(fieldInvalid(`${path}.audienceMatchPolicy`, policy, 'audienceMatchPolicy must be empty or MatchAny for single audience'));
    }
  }
  if (issuer.certificateAuthority !== '' && !holdsCertificate(issuer.certificateAuthority)) {
    errors.push(fieldInvalid(`${path}.certificateAuthority`, '<omitted>', 'data does not contain any valid RSA or ECDSA certificates'));
  }
  // Capstan dials every issuer directly: either egress selection is the direct one.
  if (issuer.egressSelectorType !== '' && issuer.egressSelectorType !== 'controlplane' && issuer.egressSelectorType !== 'cluster') {
    errors.push(fieldInvalid(`${path}.egressSelectorType`, issuer.egressSelectorType, 'egress selector must be either controlplane or cluster'));
  }
}

function urlErrors(text: string, path: string, errors: FieldError[]): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch (error) {
    errors.push(fieldInvalid(path, text, (error as Error).message));
    return;
  }
  if (url.protocol !== 'https:') errors.push(fieldInvalid(path, text, 'URL scheme must be https'));
  if (url.username !== '' || url.password !== '') errors.push(fieldInvalid(path, text, 'URL must not contain a username or password'));
  if (url.search !== '') errors.push(fieldInvalid(path, text, 'URL must not contain a query'));
  if (url.hash !== '') errors.push(fieldInvalid(path, text, 'URL must not contain a fragment'));
}

function holdsCertificate(pem: string): boolean {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.some((block) => {
    try {
      new X509Certificate(block);
      return true;
    } catch {
      return false;
    }
  });
}

function claimValidationRulesOf(
  rules: readonly unknown[],
  path: string,
  errors: FieldError[],
): { requiredClaims: Map<string, string>; claimValidationRules: AuthenticationExpression[] } {
  const requiredClaims = new Map<string, string>();
  const claimValidationRules: AuthenticationExpression[] = [];
  const seenExpressions = new Set<string>();
  rules.forEach((value, i) => {
    const rule = objectOf(value);
    const [claim, expression, message, requiredValue] = [rule.claim, rule.expression, rule.message, rule.requiredValue].map(stringOf) as [string, string, string, string];
    const rulePath = `${path}[${i}]`;
    if (claim !== '' && expression !== '') return errors.push(fieldInvalid(rulePath, claim, "claim and expression can't both be set"));
    if (claim === '' && expression === '') return errors.push(fieldRequired(rulePath, 'claim or expression is required'));
    if (claim !== '') {
      if (message !== '') errors.push(fieldInvalid(`${rulePath}.message`, message, 'may not be specified when claim is set'));
      if (requiredClaims.has(claim)) errors.push(fieldDuplicate(`${rulePath}.claim`, claim));
      requiredClaims.set(claim, requiredValue);
      return;
    }
    if (requiredValue !== '') errors.push(fieldInvalid(`${rulePath}.requiredValue`, requiredValue, 'may not be specified when expression is set'));
    if (seenExpressions.has(expression)) return errors.push(fieldDuplicate(`${rulePath}.expression`, expression));
    seenExpressions.add(expression);
    const compiled = compileClaimsExpression(expression, 'bool', message, `${rulePath}.expression`, errors);
    if (compiled !== undefined) claimValidationRules.push(compiled);
  });
  return { requiredClaims, claimValidationRules };
}

function claimMappingsOf(mappings: Record<string, unknown>, path: string, errors: FieldError[]): JwtAuthenticatorConfig['claimMappings'] {
  const username = prefixedMappingOf(objectOf(mappings.username), `${path}.username`, true, errors);
  const groups = prefixedMappingOf(objectOf(mappings.groups), `${path}.groups`, false, errors);
  const uidObject = objectOf(mappings.uid);
  const uidClaim = stringOf(uidObject.claim);
  const uidExpression = stringOf(uidObject.expression);
  let uidCompiled: AuthenticationExpression | undefined;
  if (uidClaim !== '' && uidExpression !== '') errors.push(fieldInvalid(`${path}.uid`, '', "claim and expression can't both be set"));
  else if (uidExpression !== '') uidCompiled = compileClaimsExpression(uidExpression, 'any', '', `${path}.uid.expression`, errors);
  const extra: (AuthenticationExpression & { key: string })[] = [];
  const seenKeys = new Set<string>();
  arrayOf(mappings.extra).forEach((value, i) => {
    const mapping = objectOf(value);
    const key = stringOf(mapping.key);
    const mappingPath = `${path}.extra[${i}]`;
    errors.push(...domainPrefixedPathErrors(`${mappingPath}.key`, key));
    if (key !== key.toLowerCase()) errors.push(fieldInvalid(`${mappingPath}.key`, key, 'must be lowercase'));
    if (isKubernetesDomainPrefix(key)) errors.push(fieldInvalid(`${mappingPath}.key`, key, 'k8s.io, kubernetes.io and their subdomains are reserved for Kubernetes use'));
    if (seenKeys.has(key)) return errors.push(fieldDuplicate(`${mappingPath}.key`, key));
    seenKeys.add(key);
    const valueExpression = stringOf(mapping.valueExpression);
    if (valueExpression === '') return errors.push(fieldRequired(`${mappingPath}.valueExpression`));
    const compiled = compileClaimsExpression(valueExpression, 'any', '', `${mappingPath}.valueExpression`, errors);
    if (compiled !== undefined) extra.push(Object.assign(compiled, { key }));
  });
  return { username, groups, uid: { claim: uidClaim, expression: uidExpression, compiled: uidCompiled }, extra };
}

function prefixedMappingOf(
  mapping: Record<string, unknown>,
  path: string,
  required: boolean,
  errors: FieldError[],
): PrefixedClaimOrExpression & { compiled: AuthenticationExpression | undefined } {
  const claim = stringOf(mapping.claim);
  const expression = stringOf(mapping.expression);
  const prefix = typeof mapping.prefix === 'string' ? mapping.prefix : undefined;
  let compiled: AuthenticationExpression | undefined;
  if (expression !== '' && claim !== '') errors.push(fieldInvalid(path, '', "claim and expression can't both be set"));
  else if (expression === '' && claim === '' && required) errors.push(fieldRequired(path, 'claim or expression is required'));
  else if (expression !== '') {
    compiled = compileClaimsExpression(expression, 'any', '', `${path}.expression`, errors);
    // A mapping with any error is not kept (kube then skips its check of claims.email).
    if (prefix !== undefined) {
      errors.push(fieldInvalid(`${path}.prefix`, prefix, 'may not be specified when expression is set'));
      compiled = undefined;
    }
  } else if (claim !== '' && prefix === undefined) {
    errors.push(fieldRequired(`${path}.prefix`, 'prefix is required when claim is set. It can be set to an empty string to disable prefixing'));
  }
  return { claim, expression, prefix, compiled };
}

/** kube's IsDomainPrefixedPath: a DNS subdomain, a slash, and a non-empty path. */
function domainPrefixedPathErrors(path: string, key: string): FieldError[] {
  const slash = key.indexOf('/');
  const domain = key.slice(0, slash);
  if (slash <= 0 || key.slice(slash + 1) === '') return [fieldInvalid(path, key, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  return isDNS1123Subdomain(domain).map((message) => fieldInvalid(path, domain, message));
}

function isKubernetesDomainPrefix(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash < 0) return false;
  const domain = key.slice(0, slash);
  return domain === 'kubernetes.io' || domain.endsWith('.kubernetes.io') || domain === 'k8s.io' || domain.endsWith('.k8s.io');
}

/** Fields the file has and kube does not know, depth first with sorted keys (as kube's YAML-to-JSON decoding meets them). */
function unknownFields(value: unknown, known: KnownFields, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => unknownFields(item, known, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value)
    .sort()
    .flatMap((key) => {
      const field = path === '' ? key : `${path}.${key}`;
      if (!(key in known)) return [field];
      const inner = known[key];
      return inner === null || inner === undefined ? [] : unknownFields((value as Record<string, unknown>)[key], inner, field);
    });
}

const objectOf = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const arrayOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');
