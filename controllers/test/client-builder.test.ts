// The controllers' service account clients (--use-service-account-credentials) against a real API
// server with RBAC: each is the service account kube-system/<name>, made when missing, its token
// from TokenRequest; a token the server refuses (its account was deleted and made again) is
// replaced on the next request, as client-go's resettable token source does.

import test from 'ava';
import type { KubeObject, RestClient } from '@capstan/common/client';
import { ServiceAccountClientBuilder } from '../src/client-builder.ts';
import { startCluster } from './controller-fixture.ts';

const selfReview = { group: 'authentication.k8s.io', version: 'v1', resource: 'selfsubjectreviews' } as const;
const serviceAccounts = { group: '', version: 'v1', resource: 'serviceaccounts', namespace: 'kube-system' } as const;

interface SelfSubjectReview extends KubeObject {
  readonly status: { readonly userInfo: { readonly username: string; readonly groups: readonly string[] } };
}

const whoAmI = async (client: RestClient) =>
  (await client.create<SelfSubjectReview>(selfReview, { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' })).status.userInfo;

test('a controller client is its own service account, made when missing, and gets a new token once the server refuses the old one', async (t) => {
  const cluster = await startCluster(t, ['--authorization-mode=Node,RBAC']);
  const builder = new ServiceAccountClientBuilder(cluster.client);
  t.teardown(() => builder.close());
  const signal = new AbortController().signal;
  await t.throwsAsync(cluster.client.get({ ...serviceAccounts, name: 'namespace-controller' }), { instanceOf: Error });
  const client = await builder.client('namespace-controller', signal);
  t.is(await builder.client('namespace-controller', signal), client);
  const account = await cluster.client.get<{ metadata: { uid: string } }>({ ...serviceAccounts, name: 'namespace-controller' });
  const user = await whoAmI(client);
  t.is(user.username, 'system:serviceaccount:kube-system:namespace-controller');
  t.deepEqual(user.groups, ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated']);
  // Its bootstrap role lets it list namespaces, not write Secrets.
  await client.list({ group: '', version: 'v1', resource: 'namespaces' });
  const refused = await client.create({ group: '', version: 'v1', resource: 'secrets', namespace: 'default' }, { metadata: { name: 'nope' } }).catch((error: unknown) => error);
  t.like(refused, { code: 403 });

  // A token is bound to its account's uid: deleted and made again, the account's old token is refused (401).
  await cluster.client.delete({ ...serviceAccounts, name: 'namespace-controller' });
  await cluster.client.create(serviceAccounts, { metadata: { name: 'namespace-controller' } });
  const stale = await whoAmI(client).catch((error: unknown) => error);
  t.like(stale, { code: 401 });
  // The refusal reset the token: the next request asks for a fresh one.
  t.is((await whoAmI(client)).username, 'system:serviceaccount:kube-system:namespace-controller');
  const renewed = await cluster.client.get<{ metadata: { uid: string } }>({ ...serviceAccounts, name: 'namespace-controller' });
  t.not(renewed.metadata.uid, account.metadata.uid);
});
