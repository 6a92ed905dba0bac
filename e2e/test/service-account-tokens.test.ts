// Service account tokens end to end: `kubectl create token` (audiences, duration, a bound pod)
// against a real API server, the token used by @kubernetes/client-node through a kubeconfig to act
// as the service account, a pod-bound token refused once its pod is gone, and the OpenID discovery
// documents verifying a token as an outside relying party would.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AuthenticationV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const issuer = 'https://kubernetes.default.svc.cluster.local';

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer(['--service-account-max-token-expiration=2h']);
});
test.after.always(() => server?.stop());

const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;

/** Clients of the server with the bearer token in their kubeconfig's user. */
function clientsWithToken(token: string, name: string) {
  const path = join(server.kubeconfig, '..', `${name}.kubeconfig`);
  writeFileSync(
    path,
    `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: ${JSON.stringify(server.url)}, insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: ${JSON.stringify(token)}}}]
contexts: [{name: c, context: {cluster: c, user: u, namespace: default}}]
current-context: c
`,
  );
  const config = new KubeConfig();
  config.loadFromFile(path);
  return { authentication: config.makeApiClient(AuthenticationV1Api), core: config.makeApiClient(CoreV1Api) };
}

const whoAmI = async (token: string, name: string) => ({ ...(await clientsWithToken(token, name).authentication.createSelfSubjectReview({ body: {} })).status?.userInfo });

test('kubectl create token gives a token with which client-node acts as the service account', async (t) => {
  await kubectl('create', 'serviceaccount', 'robot');
  const uid = JSON.parse(await kubectl('get', 'serviceaccount', 'robot', '-o', 'json')).metadata.uid;
  const token = (await kubectl('create', 'token', 'robot')).trim();
  const claims = decodeJwt(token);
  t.is(claims.iss, issuer);
  t.deepEqual(claims.aud, [issuer]);
  t.is(claims.sub, 'system:serviceaccount:default:robot');
  t.is((claims.exp as number) - (claims.iat as number), 3600);
  t.deepEqual(claims['kubernetes.io'], { namespace: 'default', serviceaccount: { name: 'robot', uid } });

  t.deepEqual(await whoAmI(token, 'robot'), {
    username: 'system:serviceaccount:default:robot',
    uid,
    groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
    extra: { 'authentication.kubernetes.io/credential-id': [`JTI=${claims.jti}`] },
  });
  // Reads go through as that user.
  const { core } = clientsWithToken(token, 'robot-read');
  t.is((await core.readNamespacedServiceAccount({ name: 'robot', namespace: 'default' })).metadata?.uid, uid);

  // --audience and --duration: a token for another audience is no credential for the API.
  const vault = (await kubectl('create', 'token', 'robot', '--audience=vault', '--duration=2h')).trim();
  const vaultClaims = decodeJwt(vault);
  t.deepEqual(vaultClaims.aud, ['vault']);
  t.is((vaultClaims.exp as number) - (vaultClaims.iat as number), 7200);
  const refused = (await t.throwsAsync(whoAmI(vault, 'vault'))) as Error & { code?: number };
  t.is(refused.code, 401);
  // Past --service-account-max-token-expiration, the token is shortened to it, and kubectl shows kube's warning.
  const capped = await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'create', 'token', 'robot', '--duration=3h'], { encoding: 'utf8' });
  t.is((decodeJwt(capped.stdout.trim()).exp as number) - (decodeJwt(capped.stdout.trim()).iat as number), 7200);
  t.is(capped.stderr, 'Warning: requested expiration of 10800 seconds shortened to 7200 seconds\n');

  // kube's refusals reach kubectl as they are.
  const short = await t.throwsAsync(kubectl('create', 'token', 'robot', '--duration=1m'));
  t.regex(short?.message ?? '', /TokenRequest\.authentication\.k8s\.io "" is invalid: spec\.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes/);
  const missing = await t.throwsAsync(kubectl('create', 'token', 'nobody'));
  t.regex(missing?.message ?? '', /serviceaccounts "nobody" not found/);
});

test('a token bound to a pod names it and stops working once the pod is deleted', async (t) => {
  await kubectl('create', 'serviceaccount', 'web');
  await kubectl('run', 'web', '--image=busybox', '--overrides={"spec":{"serviceAccountName":"web"}}');
  const podUid = JSON.parse(await kubectl('get', 'pod', 'web', '-o', 'json')).metadata.uid;
  const token = (await kubectl('create', 'token', 'web', '--bound-object-kind=Pod', '--bound-object-name=web')).trim();
  t.deepEqual((decodeJwt(token)['kubernetes.io'] as { pod: unknown }).pod, { name: 'web', uid: podUid });
  const user = await whoAmI(token, 'web');
  t.deepEqual(user?.extra, {
    'authentication.kubernetes.io/credential-id': [`JTI=${decodeJwt(token).jti}`],
    'authentication.kubernetes.io/pod-name': ['web'],
    'authentication.kubernetes.io/pod-uid': [podUid],
  });
  const other = await t.throwsAsync(kubectl('create', 'token', 'robot2', '--bound-object-kind=Pod', '--bound-object-name=web'));
  t.regex(other?.message ?? '', /serviceaccounts "robot2" not found/);

  // The tokens the ServiceAccount admission's volume asks for (3607 s, the API's audiences) are
  // valid a year and warn after their hour, whatever the maximum; the answer says 3607 s.
  const answer = await fetch(`${server.url}/api/v1/namespaces/default/serviceaccounts/web/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ spec: { expirationSeconds: 3607, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'web' } } }),
  });
  t.is(answer.status, 201);
  const request = (await answer.json()) as { spec: Record<string, unknown>; status: { token: string; expirationTimestamp: string } };
  t.deepEqual(request.spec, { audiences: [issuer], expirationSeconds: 3607, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'web' } });
  const extended = decodeJwt(request.status.token);
  t.is((extended.exp as number) - (extended.iat as number), 365 * 24 * 3600);
  t.is((extended['kubernetes.io'] as { warnafter: number }).warnafter, (extended.iat as number) + 3607);
  t.true(Math.abs(Date.parse(request.status.expirationTimestamp) / 1000 - ((extended.iat as number) + 3607)) <= 1);

  // The pod is on no node: the delete removes it at once.
  await kubectl('delete', 'pod', 'web', '--wait=true');
  const refused = (await t.throwsAsync(whoAmI(token, 'web-gone'))) as Error & { code?: number };
  t.is(refused.code, 401);
});

test('a token bound to a Secret stops working once the Secret is deleted', async (t) => {
  await kubectl('create', 'serviceaccount', 'keeper');
  await kubectl('create', 'secret', 'generic', 'anchor', '--from-literal=k=v');
  const bound = (await kubectl('create', 'token', 'keeper', '--bound-object-kind=Secret', '--bound-object-name=anchor')).trim();
  t.is((await whoAmI(bound, 'keeper-bound')).username, 'system:serviceaccount:default:keeper');
  await kubectl('delete', 'secret', 'anchor');
  t.is(((await t.throwsAsync(whoAmI(bound, 'keeper-gone'))) as Error & { code?: number }).code, 401);
});

test('the generated signing key is kept in the data directory: tokens outlive a restart of the server', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'capstan-sa-restart-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await startApiServer([`--data-dir=${dataDir}`]);
  const kubectlOf = (process: ApiServerProcess, ...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${process.kubeconfig}`, ...args], { encoding: 'utf8' });
  let token: string;
  try {
    await kubectlOf(first, 'create', 'serviceaccount', 'keeper');
    token = (await kubectlOf(first, 'create', 'token', 'keeper')).stdout.trim();
  } finally {
    await first.stop();
  }
  const second = await startApiServer([`--data-dir=${dataDir}`]);
  t.teardown(() => second.stop());
  const review = await fetch(`${second.url}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}',
  });
  t.is(((await review.json()) as { status: { userInfo: { username: string } } }).status.userInfo.username, 'system:serviceaccount:default:keeper');
});

test('the OpenID discovery documents let a relying party verify a token', async (t) => {
  await kubectl('create', 'serviceaccount', 'oidc');
  const token = (await kubectl('create', 'token', 'oidc', '--audience=relying-party')).trim();
  const configurationAnswer = await fetch(`${server.url}/.well-known/openid-configuration`);
  t.is(configurationAnswer.headers.get('cache-control'), 'public, max-age=3600');
  t.is(configurationAnswer.headers.get('content-type'), 'application/json');
  const configuration = (await configurationAnswer.json()) as Record<string, unknown>;
  const { port } = new URL(server.url);
  t.like(configuration, { issuer, response_types_supported: ['id_token'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['ES256'] });
  t.regex(String(configuration.jwks_uri), new RegExp(`^https://.+:${port}/openid/v1/jwks$`));

  const jwksAnswer = await fetch(`${server.url}/openid/v1/jwks`);
  t.is(jwksAnswer.headers.get('content-type'), 'application/jwk-set+json');
  const keySet = (await jwksAnswer.json()) as Parameters<typeof createLocalJWKSet>[0];
  const { payload } = await jwtVerify(token, createLocalJWKSet(keySet), { issuer, audience: 'relying-party' });
  t.is(payload.sub, 'system:serviceaccount:default:oidc');
  // A token altered after signing fails the same check.
  const [header, body] = token.split('.');
  const tampered = `${header}.${body}.${Buffer.alloc(64).toString('base64url')}`;
  await t.throwsAsync(jwtVerify(tampered, createLocalJWKSet(keySet), { issuer }));
});
