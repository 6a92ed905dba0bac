// The service account token authenticators over objects held in memory: what a valid bound or
// legacy token authenticates as, what is left to the next authenticator (another issuer, no JWT),
// and each refusal in kube's words (expiry, audiences, signature, an account or pod that changed
// or went).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { newNotFound } from '@capstan/common';
import { SignJWT } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { AuthenticationError, type TokenAuthenticator } from '../src/authentication/authenticator.ts';
import { boundTokenClaims } from '../src/authentication/service-account-claims.ts';
import { legacyClaimNames } from '../src/authentication/legacy-token-validation.ts';
import type { ServiceAccountObjects } from '../src/authentication/service-account-objects.ts';
import { defaultServiceAccountOptions, type ServiceAccountOptions } from '../src/authentication/service-account-options.ts';
import { serviceAccountTokensOf, type ServiceAccountTokens } from '../src/authentication/service-account-tokens.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';

const issuer = 'https://kubernetes.default.svc.cluster.local';

/** Objects by resource and namespace/name: what the store would answer. */
function objectsOf(stored: Map<string, JsonObject>): ServiceAccountObjects {
  const read = (resource: string, namespace: string, name: string): Promise<JsonObject> => {
    const object = stored.get(`${resource}/${namespace}/${name}`);
    return object === undefined ? Promise.reject(newNotFound({ group: '', resource }, name)) : Promise.resolve(object);
  };
  return {
    serviceAccount: (namespace, name) => read('serviceaccounts', namespace, name),
    pod: (namespace, name) => read('pods', namespace, name),
    secret: (namespace, name) => read('secrets', namespace, name),
    node: (name) => read('nodes', '', name),
  };
}

interface Setup {
  readonly stored: Map<string, JsonObject>;
  readonly tokens: ServiceAccountTokens;
  authenticate(token: string): Promise<unknown>;
}

function setUp(t: { teardown(fn: () => void): void }, change: (options: ServiceAccountOptions) => ServiceAccountOptions = (options) => options): Setup {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-sa-auth-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const stored = new Map<string, JsonObject>([['serviceaccounts/team/robot', { metadata: { name: 'robot', namespace: 'team', uid: 'sa-uid' } }]]);
  const tokens = serviceAccountTokensOf(change(defaultServiceAccountOptions(dir)), objectsOf(stored));
  const authenticate = async (token: string): Promise<unknown> => {
    for (const authenticator of tokens.authenticators as TokenAuthenticator[]) {
      const user = await authenticator.authenticateToken(token);
      if (user !== undefined) return user;
    }
    return undefined;
  };
  return { stored, tokens, authenticate };
}

const claimsFor = (overrides: Partial<Parameters<typeof boundTokenClaims>[0]> = {}) =>
  boundTokenClaims({
    issuer,
    serviceAccount: { namespace: 'team', name: 'robot', uid: 'sa-uid' },
    audiences: [issuer],
    expirationSeconds: 3600,
    warnAfterSeconds: 0,
    now: new Date(),
    jti: 'jti-1',
    ...overrides,
  });

test('a bound token authenticates as its service account, with the pod and credential id as extra', async (t) => {
  const { stored, tokens, authenticate } = setUp(t);
  stored.set('pods/team/web', { metadata: { name: 'web', uid: 'pod-uid' } });
  const token = await tokens.sign(claimsFor({ pod: { name: 'web', uid: 'pod-uid' }, node: { name: 'node-a', uid: 'node-uid' } }));
  t.deepEqual(await authenticate(token), {
    username: 'system:serviceaccount:team:robot',
    uid: 'sa-uid',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:team'],
    extra: {
      'authentication.kubernetes.io/pod-name': ['web'],
      'authentication.kubernetes.io/pod-uid': ['pod-uid'],
      'authentication.kubernetes.io/credential-id': ['JTI=jti-1'],
      'authentication.kubernetes.io/node-name': ['node-a'],
      'authentication.kubernetes.io/node-uid': ['node-uid'],
    },
  });
  // A pod being deleted keeps its tokens for the claims' minute of leeway, then they stop.
  stored.set('pods/team/web', { metadata: { name: 'web', uid: 'pod-uid', deletionTimestamp: new Date(Date.now() - 30_000).toISOString() } });
  t.truthy(await authenticate(token));
  stored.set('pods/team/web', { metadata: { name: 'web', uid: 'pod-uid', deletionTimestamp: new Date(Date.now() - 90_000).toISOString() } });
  await t.throwsAsync(authenticate(token), { instanceOf: AuthenticationError, message: 'service account token has been invalidated' });
  stored.set('pods/team/web', { metadata: { name: 'web', uid: 'other-uid' } });
  await t.throwsAsync(authenticate(token), { message: 'pod UID (other-uid) does not match service account pod ref claim (pod-uid)' });
  stored.delete('pods/team/web');
  await t.throwsAsync(authenticate(token), { message: 'service account token has been invalidated' });
});

test('tokens of other issuers and strings that are no JWT are left to the next authenticator', async (t) => {
  const { authenticate } = setUp(t);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const foreign = await new SignJWT(claimsFor({ issuer: 'https://elsewhere' })).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
  t.is(await authenticate(foreign), undefined);
  t.is(await authenticate('admintoken'), undefined);
  t.is(await authenticate('a.b.c'), undefined);
  // Our issuer with a key that is not ours: refused.
  const forged = await new SignJWT(claimsFor()).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
  await t.throwsAsync(authenticate(forged), { instanceOf: AuthenticationError, message: 'signature verification failed' });
});

test("expired, not-yet-valid and foreign-audience tokens, and accounts that changed, are refused in kube's words", async (t) => {
  const { stored, tokens, authenticate } = setUp(t);
  const refused = async (claims: Record<string, unknown>, message: string): Promise<void> => {
    await t.throwsAsync(authenticate(await tokens.sign(claims)), { instanceOf: AuthenticationError, message });
  };
  await refused(claimsFor({ now: new Date(Date.now() - 3_700_000) }), 'service account token has expired');
  // Within the minute of leeway, still good.
  t.truthy(await authenticate(await tokens.sign(claimsFor({ now: new Date(Date.now() - 3_630_000) }))));
  await refused({ ...claimsFor(), nbf: Math.floor(Date.now() / 1000) + 120 }, 'service account token is not valid yet');
  await refused(claimsFor({ audiences: ['vault'] }), `token audiences ["vault"] is invalid for the target audiences ["${issuer}"]`);
  // No audiences at all: taken as the API's own.
  t.truthy(await authenticate(await tokens.sign(claimsFor({ audiences: [] }))));
  stored.set('serviceaccounts/team/robot', { metadata: { name: 'robot', uid: 'new-uid' } });
  await refused(claimsFor(), 'service account UID (new-uid) does not match claim (sa-uid)');
  stored.delete('serviceaccounts/team/robot');
  await refused(claimsFor(), 'serviceaccounts "robot" not found');
});

test('a legacy secret-based token is checked against its Secret with --service-account-lookup, and only its claims without', async (t) => {
  const legacyClaims = {
    iss: 'kubernetes/serviceaccount',
    [legacyClaimNames.namespace]: 'team',
    [legacyClaimNames.secretName]: 'robot-token',
    [legacyClaimNames.serviceAccountName]: 'robot',
    [legacyClaimNames.serviceAccountUid]: 'sa-uid',
    sub: 'system:serviceaccount:team:robot',
  };
  const { stored, tokens, authenticate } = setUp(t);
  const token = await tokens.sign(legacyClaims);
  await t.throwsAsync(authenticate(token), { message: 'Token has been invalidated' });
  stored.set('secrets/team/robot-token', { metadata: { name: 'robot-token' }, data: { token: Buffer.from('another').toString('base64') } });
  await t.throwsAsync(authenticate(token), { message: "Token does not match server's copy" });
  stored.set('secrets/team/robot-token', { metadata: { name: 'robot-token' }, data: { token: Buffer.from(token).toString('base64') } });
  t.deepEqual(await authenticate(token), {
    username: 'system:serviceaccount:team:robot',
    uid: 'sa-uid',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:team'],
    extra: {},
  });
  await t.throwsAsync(authenticate(await tokens.sign({ ...legacyClaims, sub: 'system:serviceaccount:team:other' })), { message: 'sub claim is invalid' });

  const withoutLookup = setUp(t, (options) => ({ ...options, lookup: false }));
  t.truthy(await withoutLookup.authenticate(await withoutLookup.tokens.sign(legacyClaims)));
});
