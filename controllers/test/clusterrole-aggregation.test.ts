// The clusterrole-aggregation controller against a real API server: an aggregated ClusterRole gets
// the rules of the roles its selectors match, follows their changes, and the bootstrap policy's
// admin, edit and view are filled in (view's rules flow into edit and admin).

import test from 'ava';
import type { KubeObject } from '@capstan/common/client';
import { clusterRoleAggregationController } from '../src/clusterrole-aggregation/index.ts';
import { eventually, runControllers, startCluster } from './controller-fixture.ts';

const clusterRoles = { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles' };
type ClusterRole = KubeObject & { rules?: unknown[] | null };

const rulesOf = async (client: { get<T extends KubeObject>(target: object): Promise<T> }, name: string) => (await client.get<ClusterRole>({ ...clusterRoles, name })).rules ?? [];

test('an aggregated ClusterRole has the rules of the roles it selects, by name order, each once, and follows their changes', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const part = (name: string, resource: string) => ({
    metadata: { name, labels: { 'example.com/aggregate-to-ops': 'true' } },
    rules: [{ verbs: ['get'], apiGroups: [''], resources: [resource] }],
  });
  await client.create(clusterRoles, part('ops-b', 'secrets'));
  await client.create(clusterRoles, part('ops-a', 'pods'));
  await client.create(clusterRoles, {
    metadata: { name: 'ops-dup', labels: { 'example.com/aggregate-to-ops': 'true' } },
    rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
  });
  await client.create(clusterRoles, { metadata: { name: 'ops' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'example.com/aggregate-to-ops': 'true' } }] } });
  runControllers(t, cluster, [clusterRoleAggregationController]);
  const pods = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
  const secrets = { verbs: ['get'], apiGroups: [''], resources: ['secrets'] };
  await eventually('ops aggregated', async () => ((await rulesOf(client, 'ops')).length === 2 ? true : undefined));
  t.deepEqual(await rulesOf(client, 'ops'), [pods, secrets]);

  await client.delete({ ...clusterRoles, name: 'ops-b' });
  await eventually('secrets gone from ops', async () => ((await rulesOf(client, 'ops')).length === 1 ? true : undefined));
  t.deepEqual(await rulesOf(client, 'ops'), [pods]);

  const managers = (await client.get<KubeObject>({ ...clusterRoles, name: 'ops' })).metadata?.managedFields?.map((entry) => entry.manager);
  t.true(managers?.includes('clusterrole-aggregation-controller'));

  // The bootstrap policy's aggregated roles: view's rules are in edit's, edit's in admin's.
  await eventually('view, edit and admin aggregated', async () => {
    for (const name of ['view', 'edit', 'admin']) if ((await rulesOf(client, name)).length === 0) return undefined;
    return true;
  });
  const view = JSON.stringify(await rulesOf(client, 'view'));
  t.true(view.includes('"pods/log"'));
  t.false(view.includes('"secrets"'));
  t.true(JSON.stringify(await rulesOf(client, 'edit')).includes('"secrets"'));
});
