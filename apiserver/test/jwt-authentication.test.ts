// --authentication-config's JWT authenticators against a real server and a real HTTPS issuer
// (jwt-issuer.ts), with the answers kube-apiserver 1.35 gives (each compared with it): the user
// mapped from the claims, go-oidc's refusals, claim and user validation rules, a rotated key, the
// anonymous authenticator's paths, and kube's errors for a bad configuration file.

import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { generateKeyPair } from 'jose';
import { eventually } from '../../common/test/eventually.ts';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { apiServerId } from '../src/authentication/authentication-config-metrics.ts';
import { loadAuthenticationConfig } from '../src/authentication/authentication-config.ts';
import { parseFlags } from '@capstan/common';
import { authenticationFlags, authenticationOptionsOf } from '../src/authentication/authentication-flags.ts';
import { jwtAuthenticator } from '../src/authentication/jwt-authenticator.ts';
import { startJwtIssuer, type JwtIssuer } from './jwt-issuer.ts';
import { asUser, postReview, writeTokenFile } from './token-users.ts';

let issuer: JwtIssuer | undefined;
let server: ApiServerChild | undefined;
let configFile = '';

const configOf = (issuerUrl: string, ca: string): string => `apiVersion: apiserver.config.k8s.io/v1
kind: AuthenticationConfiguration
jwt:
- issuer:
    url: ${issuerUrl}
    audiences: [capstan]
    certificateAuthority: ${JSON.stringify(ca)}
  claimValidationRules:
  - claim: tenant
    requiredValue: acme
  - expression: "claims.?level.orValue(0) < 5"
    message: level too high
  claimMappings:
    username: {claim: sub, prefix: "oidc:"}
    groups: {claim: groups, prefix: "oidc:"}
    uid: {expression: "'uid-' + claims.sub"}
    extra:
    - key: example.com/team
      valueExpression: "claims.?team.orValue('')"
  userValidationRules:
  - expression: "!user.username.startsWith('oidc:system:')"
    message: no system users
- issuer:
    url: ${issuerUrl}/multi
    discoveryURL: ${issuerUrl}/discovery/multi
    audiences: [a, b]
    audienceMatchPolicy: MatchAny
    certificateAuthority: ${JSON.stringify(ca)}
  claimMappings:
    username: {expression: "claims.sub"}
anonymous:
  enabled: true
  conditions:
  - path: /livez
`;

test.before(async () => {
  issuer = await startJwtIssuer();
  configFile = join(mkdtempSync(join(tmpdir(), 'capstan-authn-config-')), 'authentication.yaml');
  writeFileSync(configFile, configOf(issuer.url, issuer.ca));
  server = await startApiServerChild({ prefix: 'capstan-jwt-', args: [`--token-auth-file=${writeTokenFile()}`, `--authentication-config=${configFile}`] });
});
test.after.always(async () => {
  await server?.stop();
  await issuer?.close();
});

/** The authentication options of these flags, as `capstan apiserver` reads them. */
const optionsOf = (...argv: string[]) =>
  authenticationOptionsOf(parseFlags(authenticationFlags, argv).flags, { argv, serviceAccountKeyDir: mkdtempSync(join(tmpdir(), 'capstan-authn-keys-')) });

/** A TokenReview's audiences when it names none: the API's, the service account issuer's by default (as kube's). */
const apiAudiences = ['https://kubernetes.default.svc.cluster.local'];

const sign = (claims: Record<string, unknown>) => (issuer as JwtIssuer).sign({ sub: 'jane', aud: 'capstan', tenant: 'acme', ...claims });

/** A TokenReview's status, once the issuer is discovered (which the server does in the background). */
async function reviewed(token: string): Promise<Record<string, unknown>> {
  for (;;) {
    const { body } = await postReview((server as ApiServerChild).url, 'tokenreviews', 'admintoken', {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenReview',
      spec: { token },
    });
    const status = body.status as Record<string, unknown>;
    if (!String(status.error).includes('oidc: authenticator not initialized')) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// One after the other: the issuer is shared, and one test adds a key to it that the others would sign with mid-way.
test.serial('a token of the issuer is the user its claim mappings make', async (t) => {
  const token = await sign({ groups: ['dev', 'ops'], team: 'blue', jti: 'j1' });
  t.deepEqual(await reviewed(token), {
    audiences: apiAudiences,
    authenticated: true,
    user: {
      username: 'oidc:jane',
      uid: 'uid-jane',
      groups: ['oidc:dev', 'oidc:ops', 'system:authenticated'],
      extra: { 'authentication.kubernetes.io/credential-id': ['JTI=j1'], 'example.com/team': ['blue'] },
    },
  });
  const { body } = await postReview((server as ApiServerChild).url, 'selfsubjectreviews', token, { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
  t.like(body.status, { userInfo: { username: 'oidc:jane', groups: ['oidc:dev', 'oidc:ops', 'system:authenticated'] } });
  // A single string is one group.
  t.like(await reviewed(await sign({ groups: 'dev' })), { user: { groups: ['oidc:dev', 'system:authenticated'] } });
});

test.serial('tokens the rules refuse are answered in kube’s words', async (t) => {
  const refusal = async (claims: Record<string, unknown>) => ((await reviewed(await sign(claims))) as { error: string }).error;
  const cases: [Record<string, unknown>, string][] = [
    [{ tenant: undefined }, 'oidc: required claim tenant not present in ID token'],
    [{ tenant: 'x' }, 'oidc: required claim tenant value does not match. Got = x, want = acme'],
    [{ tenant: 3 }, 'oidc: parse claim tenant: json: cannot unmarshal number into Go value of type string'],
    [{ level: 7 }, "oidc: error evaluating claim validation expression: validation expression 'claims.?level.orValue(0) < 5' failed: level too high"],
    [{ sub: 'system:admin' }, "oidc: error evaluating user info validation rule: validation expression '!user.username.startsWith('oidc:system:')' failed: no system users"],
    [{ aud: ['x', 'y'] }, 'oidc: verify token: oidc: expected audience "capstan" got ["x" "y"]'],
    [{ exp: 1700000000 }, 'oidc: verify token: oidc: token is expired (Token Expiry: 2023-11-14 22:13:20 +0000 UTC)'],
    [{ sub: undefined }, 'oidc: parse username claims "sub": claim not present'],
    [{ groups: 5 }, 'oidc: parse groups claim "groups": json: cannot unmarshal number into Go value of type string'],
  ];
  for (const [claims, error] of cases) t.is(await refusal(claims), `[invalid bearer token, ${error}]`, JSON.stringify(claims));
  // Another issuer's token is not this authenticator's to judge.
  t.is(await refusal({ iss: 'https://elsewhere' }), 'invalid bearer token');
});

test.serial('a token signed with a key the issuer added since is verified after the key set is fetched again', async (t) => {
  const jwi = issuer as JwtIssuer;
  t.true((await reviewed(await sign({}))).authenticated as boolean);
  const fetched = jwi.fetches.jwks;
  await jwi.rotate();
  // The key set is fetched again for an unknown key at most once a second: a token of the new key
  // may be refused until then, and is accepted from then on.
  const token = await sign({});
  const accepted = await eventually('the new key to be fetched', async () => {
    const status = await reviewed(token);
    return status.authenticated === true ? status : undefined;
  });
  t.like(accepted, { authenticated: true, user: { username: 'oidc:jane' } });
  t.true(jwi.fetches.jwks > fetched);
});

test.serial('anonymous requests reach only the paths of the anonymous conditions', async (t) => {
  const status = async (path: string) => (await fetch(`${(server as ApiServerChild).url}${path}`)).status;
  t.is(await status('/livez'), 200);
  t.is(await status('/readyz'), 401);
  t.is(await status('/api'), 401);
});

test.serial('a bad configuration file is refused with kube’s aggregated field errors', (t) => {
  const path = join(mkdtempSync(join(tmpdir(), 'capstan-authn-bad-')), 'authentication.yaml');
  writeFileSync(
    path,
    `apiVersion: apiserver.config.k8s.io/v1
kind: AuthenticationConfiguration
jwt:
- issuer: {url: "http://example.com", audiences: [a, b]}
  claimValidationRules:
  - expression: "claims.x"
  claimMappings:
    username: {claim: sub}
    extra:
    - {key: kubernetes.io/x, valueExpression: "claims.x"}
anonymous:
  enabled: false
  conditions: [{path: /livez}]
`,
  );
  t.throws(() => loadAuthenticationConfig(path), {
    message:
      'invalid authentication configuration: [jwt[0].issuer.url: Invalid value: "http://example.com": URL scheme must be https, ' +
      'jwt[0].issuer.audienceMatchPolicy: Invalid value: "": audienceMatchPolicy must be MatchAny for multiple audiences, ' +
      'jwt[0].claimValidationRules[0].expression: Invalid value: "claims.x": must evaluate to bool, ' +
      'jwt[0].claimMappings.username.prefix: Required value: prefix is required when claim is set. It can be set to an empty string to disable prefixing, ' +
      'jwt[0].claimMappings.extra[0].key: Invalid value: "kubernetes.io/x": k8s.io, kubernetes.io and their subdomains are reserved for Kubernetes use, ' +
      'anonymous.conditions: Invalid value: [{"Path":"/livez"}]: enabled should be set to true when conditions are defined]',
  });
  // kube decodes the file strictly.
  writeFileSync(path, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthenticationConfiguration\njwt:\n- issuer: {url: "https://example.com", foo: 1}\nbar: 2\n');
  t.throws(() => loadAuthenticationConfig(path), {
    message: `failed to load authentication configuration from file "${path}": strict decoding error: unknown field "bar", unknown field "jwt[0].issuer.foo"`,
  });
  writeFileSync(path, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthorizationConfiguration\n');
  t.throws(() => loadAuthenticationConfig(path), {
    message: `failed to load authentication configuration from file "${path}": expected AuthenticationConfiguration, got *apiserver.AuthorizationConfiguration`,
  });
  // The file's anonymous authenticator and --anonymous-auth exclude each other, and so do the file and --oidc-* flags.
  t.throws(() => optionsOf(`--authentication-config=${configFile}`, '--anonymous-auth=true'), {
    message: 'anonymous: Forbidden: --anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file',
  });
  t.like(optionsOf(`--authentication-config=${configFile}`), { authenticationConfig: { anonymous: { enabled: true, paths: ['/livez'] } } });
  t.throws(() => optionsOf(`--authentication-config=${configFile}`, '--oidc-issuer-url=https://example.com', '--oidc-client-id=x'), {
    message: 'authentication-config file and oidc-* flags are mutually exclusive',
  });
});

test.serial('the legacy --oidc-* flags make one JWT authenticator, checked as kube checks them', async (t) => {
  t.throws(() => optionsOf('--oidc-issuer-url=https://example.com'), { message: 'oidc-issuer-url and oidc-client-id must be specified together when any oidc-* flags are set' });
  t.throws(() => optionsOf('--oidc-issuer-url=http://example.com', '--oidc-client-id=x'), {
    message: 'invalid authentication configuration: jwt[0].issuer.url: Invalid value: "http://example.com": URL scheme must be https',
  });
  t.throws(() => optionsOf('--oidc-issuer-url=https://example.com', '--oidc-client-id=x', '--oidc-signing-algs=HS256'), { message: 'oidc: unsupported signing alg: "HS256"' });
  const jwi = issuer as JwtIssuer;
  const caFile = join(mkdtempSync(join(tmpdir(), 'capstan-oidc-ca-')), 'ca.crt');
  writeFileSync(caFile, jwi.ca);
  const options = optionsOf(
    `--oidc-issuer-url=${jwi.url}`,
    '--oidc-client-id=capstan',
    `--oidc-ca-file=${caFile}`,
    '--oidc-groups-claim=groups',
    '--oidc-required-claim=tenant=acme',
  );
  const config = options.authenticationConfig?.jwt[0];
  if (config === undefined) return t.fail('no JWT authenticator');
  const authenticator = jwtAuthenticator(config, () => {});
  authenticator.start();
  t.teardown(() => authenticator.stop());
  const token = await sign({ groups: ['dev'] });
  for (;;) {
    try {
      // A username claim other than email is prefixed with the issuer url and '#'.
      t.deepEqual(await authenticator.authenticateToken(token), { username: `${jwi.url}#jane`, uid: '', groups: ['dev'], extra: {} });
      break;
    } catch (error) {
      if ((error as Error).message !== 'oidc: authenticator not initialized') throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  // --oidc-signing-algs (RS256 by default) limits the algorithms.
  const es = await generateKeyPair('ES256');
  await t.throwsAsync(Promise.resolve(authenticator.authenticateToken(await jwi.sign({ sub: 'jane', aud: 'capstan', tenant: 'acme' }, { alg: 'ES256', key: es.privateKey }))), {
    message: 'oidc: verify token: oidc: id token signed with unsupported algorithm, expected ["RS256"] got "ES256"',
  });
});

test.serial('a changed configuration file is reloaded; a bad one, or one changing anonymous, is logged and left aside', async (t) => {
  const jwi = issuer as JwtIssuer;
  const file = join(mkdtempSync(join(tmpdir(), 'capstan-authn-reload-')), 'authentication.yaml');
  writeFileSync(file, configOf(jwi.url, jwi.ca));
  const reloading = await startApiServerChild({ prefix: 'capstan-jwt-reload-', args: [`--token-auth-file=${writeTokenFile()}`, `--authentication-config=${file}`] });
  t.teardown(() => reloading.stop());
  const token = await sign({});
  const username = async () => {
    const { body } = await postReview(reloading.url, 'tokenreviews', 'admintoken', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } });
    return ((body.status as { user: { username?: string } }).user.username ?? '') as string;
  };
  const until = async (done: () => Promise<boolean> | boolean) => {
    while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await until(async () => (await username()) === 'oidc:jane');
  writeFileSync(file, configOf(jwi.url, jwi.ca).replace('prefix: "oidc:"}', 'prefix: "next:"}'));
  await until(async () => (await username()) === 'next:jane');
  t.pass();
  writeFileSync(file, configOf(jwi.url.replace('https', 'http'), jwi.ca));
  await until(() => reloading.output().includes('URL scheme must be https'));
  writeFileSync(file, configOf(jwi.url, jwi.ca).replace('path: /livez', 'path: /readyz'));
  await until(() => reloading.output().includes('anonymous: Forbidden: changed from initial configuration file'));
  t.is(await username(), 'next:jane');
  // kube's reload metrics: successes, failures (two files at least: a write may be read half done, which counts too), and the hash of the configuration in force.
  const metrics = await (await fetch(`${reloading.url}/metrics`, asUser('admintoken'))).text();
  const idHash = `sha256:${createHash('sha256').update(apiServerId()).digest('hex')}`;
  const reloads = (status: string) =>
    new RegExp(`^apiserver_authentication_config_controller_automatic_reloads_total\\{apiserver_id_hash="${idHash}",status="${status}"\\} (\\d+)$`, 'm').exec(metrics)?.[1];
  t.true(Number(reloads('success')) >= 1);
  t.true(Number(reloads('failure')) >= 2);
  t.regex(metrics, new RegExp(`^apiserver_authentication_config_controller_automatic_reload_last_timestamp_seconds\\{apiserver_id_hash="${idHash}",status="success"\\} \\d`, 'm'));
  const inForce = configOf(jwi.url, jwi.ca).replace('prefix: "oidc:"}', 'prefix: "next:"}');
  t.true(
    metrics.includes(
      `apiserver_authentication_config_controller_last_config_info{apiserver_id_hash="${idHash}",hash="sha256:${createHash('sha256').update(inForce).digest('hex')}"} 1\n`,
    ),
  );
  t.true(metrics.includes('# HELP apiserver_authentication_config_controller_automatic_reloads_total [BETA] Total number of automatic reloads'));
});

test.serial('an issuer discovered at its discoveryURL takes tokens for any of its audiences', async (t) => {
  const jwi = issuer as JwtIssuer;
  const multi = (claims: Record<string, unknown>) => jwi.sign({ iss: `${jwi.url}/multi`, ...claims });
  t.deepEqual(await reviewed(await multi({ sub: 'mo', aud: ['z', 'b'] })), {
    audiences: apiAudiences,
    authenticated: true,
    user: { username: 'mo', groups: ['system:authenticated'] },
  });
  t.like(await reviewed(await multi({ sub: 'mo', aud: ['z'] })), { error: '[invalid bearer token, oidc: verify token: oidc: expected audience in ["a" "b"] got ["z"]]' });
  t.like(await reviewed(await multi({ aud: 'a' })), {
    error: "[invalid bearer token, oidc: error evaluating username claim expression: expression 'claims.sub' resulted in error: no such key: sub]",
  });
});
