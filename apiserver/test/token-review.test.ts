// TokenReview (src/authentication/token-review.ts), bootstrap tokens and the WebSocket bearer
// protocol against a real server started with --token-auth-file and --enable-bootstrap-token-auth,
// with the answers kube-apiserver 1.35 gives.

import test from 'ava';
import { WebSocket } from 'ws';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { asUser, postReview, writeTokenFile } from './token-users.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-tokens-', args: [`--token-auth-file=${writeTokenFile()}`, '--enable-bootstrap-token-auth', '--anonymous-auth=false'] });
});
test.after.always(() => server?.stop());
const url = (): string => (server as ApiServerChild).url;

const review = (spec: unknown) => postReview(url(), 'tokenreviews', 'admintoken', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec });
const whoami = async (token: string) => (await postReview(url(), 'selfsubjectreviews', token, { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' })).body;

/** The API's audiences: the default service account issuer's. */
const apiAudiences = ['https://kubernetes.default.svc.cluster.local'];

test('a TokenReview of a good token answers its user, in system:authenticated', async (t) => {
  const answer = await review({ token: 'alicetoken' });
  t.is(answer.status, 201);
  t.deepEqual(answer.body.spec, { token: 'alicetoken' });
  // kube's create handler tracks the request's fields, as for any create (the User-Agent's product is the manager).
  const [managed] = (answer.body.metadata as { managedFields: Record<string, unknown>[] }).managedFields;
  t.like(managed, { manager: 'node', operation: 'Update', apiVersion: 'authentication.k8s.io/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:token': {} } } });
  // The audiences are the API's (the service account issuer's by default), as kube answers them.
  t.deepEqual(answer.body.status, {
    audiences: apiAudiences,
    authenticated: true,
    user: { username: 'alice', uid: 'uid-alice', groups: ['devs', 'ops', 'system:authenticated'] },
  });
});

test('a TokenReview of a bad token answers kube’s error; one without a token is 400', async (t) => {
  t.deepEqual((await review({ token: 'nope' })).body.status, { user: {}, error: 'invalid bearer token' });
  // Without --api-audiences, a token file's token is good for no audience asked for.
  t.deepEqual((await review({ token: 'alicetoken', audiences: ['foo'] })).body.status, { user: {}, error: 'invalid bearer token' });
  const empty = await review({});
  t.is(empty.status, 400);
  t.like(empty.body, { reason: 'BadRequest', message: 'token is required for TokenReview in authentication' });
});

test('a bootstrap token authenticates while its Secret says so', async (t) => {
  const secret = (name: string, data: Record<string, string>) =>
    fetch(
      `${url()}/api/v1/namespaces/kube-system/secrets`,
      asUser('admintoken', {
        method: 'POST',
        body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, type: 'bootstrap.kubernetes.io/token', stringData: data }),
      }),
    );
  const groups = 'system:bootstrappers:zz,system:bootstrappers:aa';
  t.is(
    (await secret('bootstrap-token-abcdef', { 'token-id': 'abcdef', 'token-secret': '0123456789abcdef', 'usage-bootstrap-authentication': 'true', 'auth-extra-groups': groups }))
      .status,
    201,
  );
  const bootstrapUser = { username: 'system:bootstrap:abcdef', groups: ['system:bootstrappers', 'system:bootstrappers:aa', 'system:bootstrappers:zz', 'system:authenticated'] };
  t.deepEqual((await whoami('abcdef.0123456789abcdef')).status, { userInfo: bootstrapUser });
  // A wrong secret, an expired token, and one not meant for authentication are refused.
  t.like(await whoami('abcdef.0123456789abcdeg'), { code: 401, message: 'Unauthorized' });
  await secret('bootstrap-token-expird', {
    'token-id': 'expird',
    'token-secret': '0123456789abcdef',
    'usage-bootstrap-authentication': 'true',
    expiration: '2020-01-01T00:00:00Z',
  });
  t.like(await whoami('expird.0123456789abcdef'), { code: 401 });
  await secret('bootstrap-token-unused', { 'token-id': 'unused', 'token-secret': '0123456789abcdef', 'usage-bootstrap-signing': 'true' });
  t.like(await whoami('unused.0123456789abcdef'), { code: 401 });
  t.deepEqual((await review({ token: 'abcdef.0123456789abcdef' })).body.status, { audiences: apiAudiences, authenticated: true, user: bootstrapUser });
});

/** The status of a WebSocket handshake offering these subprotocols (a pod's log: 404 for a pod that is not there). */
function handshakeStatus(protocols: string[]): Promise<number> {
  const socket = new WebSocket(`${url().replace(/^http/, 'ws')}/api/v1/namespaces/default/pods/none/log`, protocols);
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', reject);
  });
}

test('a WebSocket may carry its bearer token as a base64url.bearer.authorization.k8s.io subprotocol', async (t) => {
  const protocol = (token: string) => `base64url.bearer.authorization.k8s.io.${Buffer.from(token).toString('base64url')}`;
  // Authenticated: the request reaches the endpoint, whose pod does not exist.
  t.is(await handshakeStatus([protocol('alicetoken'), 'binary.k8s.io']), 404);
  t.is(await handshakeStatus([protocol('nope'), 'binary.k8s.io']), 401);
  // Without another subprotocol to answer with, the token is refused (and anonymous is off).
  t.is(await handshakeStatus([protocol('alicetoken')]), 401);
  t.is(await handshakeStatus(['binary.k8s.io']), 401);
});

test('the bearer token is the word after the scheme, as kube splits the Authorization header', async (t) => {
  const status = async (authorization: string) => (await fetch(`${url()}/api`, { headers: { authorization } })).status;
  t.is(await status('bearer alicetoken'), 200);
  t.is(await status('Bearer alicetoken extra'), 200);
  // Two spaces leave the token empty: no credentials (and anonymous is off here).
  const spaced = await fetch(`${url()}/api`, { headers: { authorization: 'Bearer  alicetoken' } });
  t.is(spaced.status, 401);
  t.is(spaced.headers.get('warning'), '299 - "the provided Authorization header contains extra space before the bearer token, and is ignored"');
  t.is(await status('Basic YWxpY2U6eA=='), 401);
});
