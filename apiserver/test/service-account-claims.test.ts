// Service account token claims and flags: the payload kube writes (its claims in go-jose's order,
// the bound object and warnafter), the user a token stands for, and the --service-account-* flags
// read with kube's defaults and complaints.

import test from 'ava';
import { FlagError } from '@capstan/common';
import { boundTokenClaims, kubernetesClaimOf, serviceAccountUser } from '../src/authentication/service-account-claims.ts';
import { serviceAccountFlags, serviceAccountOptionsOf, type ServiceAccountFlagValues } from '../src/authentication/service-account-flags.ts';
import { splitServiceAccountUsername } from '../src/authentication/legacy-token-validation.ts';
import { expirationErrors } from '../src/endpoints/service-account-token.ts';

const account = { namespace: 'team', name: 'robot', uid: 'sa-uid' };
const now = new Date('2026-01-02T03:04:05Z');
const seconds = Math.floor(now.getTime() / 1000);

test("a token bound to a scheduled pod has kube's claims, each level in go-jose's order", (t) => {
  const claims = boundTokenClaims({
    issuer: 'https://kubernetes.default.svc',
    serviceAccount: account,
    audiences: ['https://kubernetes.default.svc', 'vault'],
    expirationSeconds: 3600,
    warnAfterSeconds: 0,
    pod: { name: 'web', uid: 'pod-uid' },
    node: { name: 'node-a', uid: '' },
    now,
    jti: 'the-jti',
  });
  t.is(
    JSON.stringify(claims),
    JSON.stringify({
      aud: ['https://kubernetes.default.svc', 'vault'],
      exp: seconds + 3600,
      iat: seconds,
      iss: 'https://kubernetes.default.svc',
      jti: 'the-jti',
      'kubernetes.io': { namespace: 'team', node: { name: 'node-a' }, pod: { name: 'web', uid: 'pod-uid' }, serviceaccount: { name: 'robot', uid: 'sa-uid' } },
      nbf: seconds,
      sub: 'system:serviceaccount:team:robot',
    }),
  );
  t.deepEqual(kubernetesClaimOf(claims), {
    namespace: 'team',
    serviceaccount: { name: 'robot', uid: 'sa-uid' },
    pod: { name: 'web', uid: 'pod-uid' },
    node: { name: 'node-a', uid: '' },
  });
});

test('a secret-bound token names the secret; an injected token warns after its hour', (t) => {
  const claims = boundTokenClaims({
    issuer: 'i',
    serviceAccount: account,
    audiences: [],
    expirationSeconds: 31_536_000,
    warnAfterSeconds: 3607,
    secret: { name: 's', uid: 'secret-uid' },
    now,
    jti: 'j',
  });
  t.deepEqual(claims['kubernetes.io'], {
    namespace: 'team',
    secret: { name: 's', uid: 'secret-uid' },
    serviceaccount: { name: 'robot', uid: 'sa-uid' },
    warnafter: seconds + 3607,
  });
  t.is(claims.exp, seconds + 31_536_000);
  // A claim that is no object reads as Go decodes an empty one.
  t.deepEqual(kubernetesClaimOf({ 'kubernetes.io': 'x' }), { namespace: '', serviceaccount: { name: '', uid: '' } });
});

test("the user of a token: kube's name, groups and extra; a node uid only beside a node name", (t) => {
  t.deepEqual(serviceAccountUser({ ...account, podName: 'web', podUid: 'pod-uid', credentialId: 'JTI=j' }), {
    username: 'system:serviceaccount:team:robot',
    uid: 'sa-uid',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:team'],
    extra: { 'authentication.kubernetes.io/pod-name': ['web'], 'authentication.kubernetes.io/pod-uid': ['pod-uid'], 'authentication.kubernetes.io/credential-id': ['JTI=j'] },
  });
  // A pod name without its uid says nothing; a node name goes without its uid.
  t.deepEqual(serviceAccountUser({ ...account, podName: 'web', nodeName: 'node-a', nodeUid: '' }).extra, { 'authentication.kubernetes.io/node-name': ['node-a'] });
  t.deepEqual(serviceAccountUser({ ...account, nodeUid: 'node-uid' }).extra, {});
  t.deepEqual(serviceAccountUser(account).extra, {});
  t.deepEqual(splitServiceAccountUsername('system:serviceaccount:team:robot'), { namespace: 'team', name: 'robot' });
  t.is(splitServiceAccountUsername('system:serviceaccount:team:robot:x'), undefined);
  t.is(splitServiceAccountUsername('system:serviceaccount:Team:robot'), undefined);
});

test("TokenRequest expirations: at least 10 minutes, at most 2^32 seconds, in kube's words", (t) => {
  t.deepEqual(expirationErrors(600), []);
  t.deepEqual(expirationErrors(599), [{ type: 'FieldValueInvalid', field: 'spec.expirationSeconds', badValue: 599, detail: 'may not specify a duration less than 10 minutes' }]);
  t.deepEqual(
    expirationErrors(2 ** 32 + 1).map((error) => error.detail),
    ['may not specify a duration larger than 2^32 seconds'],
  );
});

const defaults = Object.fromEntries(Object.entries(serviceAccountFlags).map(([name, spec]) => [name, spec.default])) as unknown as ServiceAccountFlagValues;
const flags = (values: Partial<ServiceAccountFlagValues>): ServiceAccountFlagValues => ({ ...defaults, ...values });

test('without flags the generated key signs for the default issuer, which is also the audience', (t) => {
  t.deepEqual(serviceAccountOptionsOf(defaults, '/data'), {
    issuers: ['https://kubernetes.default.svc.cluster.local'],
    keyFiles: [],
    keyDir: '/data',
    apiAudiences: ['https://kubernetes.default.svc.cluster.local'],
    maxExpirationSeconds: 0,
    extendExpiration: true,
    lookup: true,
  });
  const given = serviceAccountOptionsOf(
    flags({ 'service-account-issuer': ['https://a', 'https://b'], 'api-audiences': ['api'], 'service-account-max-token-expiration': 7_200_000 }),
    '/data',
  );
  t.like(given, { issuers: ['https://a', 'https://b'], apiAudiences: ['api'], maxExpirationSeconds: 7200 });
});

test('the flags kube refuses are refused in its words; without a data directory the signing flags are required', (t) => {
  const refused = (values: Partial<ServiceAccountFlagValues>, keyDir: string | undefined, message: string): void => {
    t.throws(() => serviceAccountOptionsOf(flags(values), keyDir), { instanceOf: FlagError, message });
  };
  refused({ 'service-account-max-token-expiration': 60_000 }, '/d', 'the service-account-max-token-expiration must be between 1 hour and 2^32 seconds');
  refused({ 'service-account-issuer': ['https://a', 'https://a'] }, '/d', 'service-account-issuer "https://a" is already specified');
  refused({ 'service-account-issuer': [''] }, '/d', 'service-account-issuer should not be an empty string');
  refused({ 'service-account-jwks-uri': 'http://example.com/jwks' }, '/d', 'service-account-jwks-uri requires https scheme, parsed as: http://example.com/jwks');
  refused({}, undefined, '--service-account-signing-key-file and --service-account-issuer are required flags');
  refused({ 'service-account-signing-key-file': 'sa.key' }, undefined, 'service-account-issuer is a required flag');
  refused(
    { 'service-account-signing-key-file': 'sa.key', 'service-account-issuer': ['https://a'] },
    undefined,
    'either `--service-account-key-file` or `--service-account-signing-endpoint` must be set',
  );
  refused(
    { 'service-account-issuer': ['https://a'], 'service-account-key-file': ['sa.pub'] },
    undefined,
    '--service-account-signing-key-file, --service-account-issuer, and --api-audiences should be specified together',
  );
  t.like(
    serviceAccountOptionsOf(flags({ 'service-account-signing-key-file': 'sa.key', 'service-account-issuer': ['https://a'], 'service-account-key-file': ['sa.pub'] }), undefined),
    {
      signingKeyFile: 'sa.key',
      keyFiles: ['sa.pub'],
    },
  );
});
