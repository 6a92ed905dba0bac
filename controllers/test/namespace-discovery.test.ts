import test from 'ava';
import { discoverDeletableResources, groupVersionString } from '../src/namespace/deletable-resources.ts';
import { startCluster } from './controller-fixture.ts';
import { kubectlRun } from './namespace-fixture.ts';

test('the resources a namespace is emptied of are those kubectl lists as namespaced and deletable, at their preferred versions', async (t) => {
  const cluster = await startCluster(t);
  const listed = await kubectlRun(cluster, 'api-resources', '--namespaced=true', '--verbs=delete', '-o', 'name');
  t.is(listed.code, 0, listed.stderr);
  const expected = listed.stdout.trim().split('\n').sort();
  t.true(expected.includes('pods') && expected.includes('roles.rbac.authorization.k8s.io'));
  const withVersions = await kubectlRun(cluster, 'api-resources', '--namespaced=true', '--verbs=delete', '--no-headers', '-o', 'wide');
  const versions = new Map(
    withVersions.stdout
      .trim()
      .split('\n')
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        const name = columns[0] as string;
        const apiVersion = columns.find((c) => /^(?:[a-z0-9.-]+\/)?v\d/.test(c)) as string;
        return [`${name}.${apiVersion.includes('/') ? apiVersion.split('/')[0] : ''}`, apiVersion];
      }),
  );

  for (const aggregated of [true, false]) {
    const discovery = await discoverDeletableResources(cluster.client, { aggregated });
    t.is(discovery.failure, undefined);
    const names = discovery.resources.map((r) => (r.group === '' ? r.resource : `${r.resource}.${r.group}`)).sort();
    t.deepEqual(names, expected, aggregated ? 'aggregated discovery' : 'legacy discovery');
    for (const r of discovery.resources) t.is(groupVersionString(r.group, r.version), versions.get(`${r.resource}.${r.group}`) ?? '(not listed)', `${r.resource}.${r.group}`);
    const pods = discovery.resources.find((r) => r.group === '' && r.resource === 'pods');
    t.deepEqual([...(pods?.verbs ?? [])].sort(), ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
  }
});
