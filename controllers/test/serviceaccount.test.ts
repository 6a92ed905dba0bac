// The serviceaccount controller against a real API server: every namespace, those there before it
// started and those made after, gets a ServiceAccount "default"; a deleted one comes back; a
// namespace being deleted gets none.

import test from 'ava';
import { isNotFound } from '@capstan/common';
import type { KubeObject } from '@capstan/common/client';
import { eventually } from '../../common/test/eventually.ts';
import { serviceAccountController } from '../src/serviceaccount/index.ts';
import { runControllers, startCluster, type TestCluster } from './controller-fixture.ts';

const namespaces = { group: '', version: 'v1', resource: 'namespaces' };
const accounts = (namespace: string) => ({ group: '', version: 'v1', resource: 'serviceaccounts', namespace });

/** The namespace's default ServiceAccount once it is there (its uid). */
async function defaultAccount(cluster: TestCluster, namespace: string): Promise<string> {
  return eventually(`the default ServiceAccount of ${namespace}`, async () => {
    try {
      return (await cluster.client.get<KubeObject>({ ...accounts(namespace), name: 'default' })).metadata?.uid;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  });
}

test('every namespace gets a default ServiceAccount, made again when it is deleted', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await client.create(namespaces, { metadata: { name: 'before' } });
  runControllers(t, cluster, [serviceAccountController]);
  t.truthy(await defaultAccount(cluster, 'before'));
  // The namespaces the API server makes itself get one too.
  t.truthy(await defaultAccount(cluster, 'default'));
  t.truthy(await defaultAccount(cluster, 'kube-system'));

  await client.create(namespaces, { metadata: { name: 'after' } });
  const first = await defaultAccount(cluster, 'after');
  await client.delete({ ...accounts('after'), name: 'default' });
  const second = await eventually('a new default ServiceAccount', async () => {
    const uid = await defaultAccount(cluster, 'after');
    return uid === first ? undefined : uid;
  });
  t.not(second, first);
  const listed = await client.list<KubeObject>(accounts('after'));
  t.deepEqual(
    listed.items.map((account) => account.metadata?.name),
    ['default'],
  );
});
