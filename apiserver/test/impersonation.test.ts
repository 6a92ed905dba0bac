// Impersonation headers (src/filters/impersonation.ts) against a real server, with the answers
// kube-apiserver 1.35 gives: the impersonated user (groups, uid, extra, a service account's groups,
// system:authenticated added), kube's 400 for groups or a uid without a user, and its 403 when the
// authorizer does not allow the `impersonate` verb.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { postReview, writeTokenFile } from './token-users.ts';

let allowing: ApiServerChild | undefined;
let denying: ApiServerChild | undefined;
test.before(async () => {
  const tokenFile = writeTokenFile();
  [allowing, denying] = await Promise.all([
    startApiServerChild({ prefix: 'capstan-impersonate-', args: [`--token-auth-file=${tokenFile}`, '--authorization-mode=AlwaysAllow'] }),
    startApiServerChild({ prefix: 'capstan-impersonate-', args: [`--token-auth-file=${tokenFile}`, '--authorization-mode=AlwaysDeny'] }),
  ]);
});
test.after.always(() => Promise.all([allowing?.stop(), denying?.stop()]));

const whoami = (server: ApiServerChild | undefined, headers: Record<string, string>) =>
  postReview((server as ApiServerChild).url, 'selfsubjectreviews', 'alicetoken', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }, headers);

test('the impersonated user has the groups, uid and extra asked for, and system:authenticated', async (t) => {
  const answer = await whoami(allowing, {
    'impersonate-user': 'bob',
    'impersonate-group': 'g1',
    'impersonate-uid': 'u1',
    'impersonate-extra-scopes%2Fread': 'v1',
  });
  t.is(answer.status, 201);
  t.deepEqual(answer.body.status, { userInfo: { username: 'bob', uid: 'u1', groups: ['g1', 'system:authenticated'], extra: { 'scopes/read': ['v1'] } } });
  // kube answers a new object: no spec, its own creation time.
  t.false('spec' in answer.body);
  t.regex(String((answer.body.metadata as { creationTimestamp: string }).creationTimestamp), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
});

test('a service account is impersonated with its groups unless groups are asked for', async (t) => {
  const own = await whoami(allowing, { 'impersonate-user': 'system:serviceaccount:ns1:sa1' });
  t.deepEqual(own.body.status, {
    userInfo: { username: 'system:serviceaccount:ns1:sa1', groups: ['system:serviceaccounts', 'system:serviceaccounts:ns1', 'system:authenticated'] },
  });
  const asked = await whoami(allowing, { 'impersonate-user': 'system:serviceaccount:ns1:sa1', 'impersonate-group': 'system:unauthenticated' });
  t.deepEqual(asked.body.status, { userInfo: { username: 'system:serviceaccount:ns1:sa1', groups: ['system:unauthenticated'] } });
  const anonymous = await whoami(allowing, { 'impersonate-user': 'system:anonymous' });
  t.deepEqual(anonymous.body.status, { userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } });
});

test('groups, extras or a uid without a user are kube’s 400', async (t) => {
  const groups = await whoami(allowing, { 'impersonate-group': 'devs' });
  t.is(groups.status, 400);
  t.like(groups.body, { reason: 'BadRequest', message: 'requested [{Group  devs    }] without impersonating a user' });
  const others = await whoami(allowing, { 'impersonate-uid': 'x', 'impersonate-extra-foo': 'a' });
  t.like(others.body, { code: 400, message: 'requested [{UserExtra  a  authentication.k8s.io/v1  foo} {UID  x  authentication.k8s.io/v1  }] without impersonating a user' });
});

test('impersonating without the impersonate verb is kube’s 403, for users and service accounts', async (t) => {
  const user = await whoami(denying, { 'impersonate-user': 'bob' });
  t.is(user.status, 403);
  t.deepEqual(user.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'users "bob" is forbidden: User "alice" cannot impersonate resource "users" in API group "" at the cluster scope',
    reason: 'Forbidden',
    details: { name: 'bob', kind: 'users' },
    code: 403,
  });
  const serviceAccount = await whoami(denying, { 'impersonate-user': 'system:serviceaccount:default:sa1' });
  t.like(serviceAccount.body, {
    message: 'serviceaccounts "sa1" is forbidden: User "alice" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "default"',
    details: { name: 'sa1', kind: 'serviceaccounts' },
  });
});
