// The resource quota controller against a real API server, with its ResourceQuota admission: a
// quota gets status.hard and status.used counted from what its namespace already holds (pods,
// services' node ports, count/<resource>.<group> of any resource); admission stops a pod past the
// quota; a deleted pod, or one that ended, gives its share back, and a new pod then fits.

import test from 'ava';
import { StatusError } from '@capstan/common';
import type { KubeObject } from '@capstan/common/client';
import { resourceQuotaController } from '../src/resourcequota/index.ts';
import { eventually, runControllers, startCluster } from './controller-fixture.ts';

type Quota = KubeObject & { status?: { hard?: Record<string, string>; used?: Record<string, string> } };

const namespaces = { group: '', version: 'v1', resource: 'namespaces' };
const inNamespace = (resource: string, group = '', version = 'v1') => ({ group, version, resource, namespace: 'limited' });
const pod = (name: string) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '100m' } } }] } });

test('quota usage is counted from what exists, enforced on create and given back on delete', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await client.create(namespaces, { metadata: { name: 'limited' } });
  await client.create(inNamespace('pods'), pod('before'));
  await client.create(inNamespace('services'), {
    metadata: { name: 'np' },
    spec: {
      type: 'NodePort',
      ports: [
        { name: 'a', port: 80 },
        { name: 'b', port: 81 },
      ],
    },
  });
  await client.create(inNamespace('deployments', 'apps'), {
    metadata: { name: 'd' },
    spec: { selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
  });
  await client.create(inNamespace('resourcequotas'), {
    metadata: { name: 'q' },
    spec: { hard: { pods: '2', 'requests.cpu': '1', 'services.nodeports': '4', 'count/deployments.apps': '3' } },
  });
  runControllers(t, cluster, [resourceQuotaController]);
  const quota = () => client.get<Quota>({ ...inNamespace('resourcequotas'), name: 'q' });
  const usedWhen = (what: string, wanted: Record<string, string>) =>
    eventually(what, async () => {
      const { status } = await quota();
      return JSON.stringify(status?.used) === JSON.stringify(wanted) ? status : undefined;
    });
  const counted = await usedWhen('the usage of what was there before', { 'count/deployments.apps': '1', pods: '1', 'requests.cpu': '100m', 'services.nodeports': '2' });
  t.deepEqual(counted.hard, { 'count/deployments.apps': '3', pods: '2', 'requests.cpu': '1', 'services.nodeports': '4' });

  await client.create(inNamespace('pods'), pod('second'));
  t.like((await quota()).status?.used, { pods: '2', 'requests.cpu': '200m' });
  const refused = await t.throwsAsync(client.create(inNamespace('pods'), pod('third')), { instanceOf: StatusError });
  t.is(refused?.status.code, 403);
  t.is(refused?.status.message, 'pods "third" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');

  await client.delete({ ...inNamespace('pods'), name: 'before' });
  await usedWhen('the deleted pod given back', { 'count/deployments.apps': '1', pods: '1', 'requests.cpu': '100m', 'services.nodeports': '2' });
  await client.create(inNamespace('pods'), pod('third'));
  t.like((await quota()).status?.used, { pods: '2', 'requests.cpu': '200m' });

  // A pod that ended uses nothing but its count: its share is given back too.
  const second = await client.get<KubeObject>({ ...inNamespace('pods'), name: 'second' });
  await client.update({ ...inNamespace('pods'), name: 'second', subresource: 'status' }, { ...second, status: { phase: 'Succeeded' } });
  await usedWhen('the ended pod given back', { 'count/deployments.apps': '1', pods: '1', 'requests.cpu': '100m', 'services.nodeports': '2' });

  // A new hard limit is taken up at once.
  const current = await quota();
  await client.update({ ...inNamespace('resourcequotas'), name: 'q' }, { ...current, spec: { hard: { pods: '5' } } });
  const resized = await usedWhen('the new spec', { pods: '1' });
  t.deepEqual(resized.hard, { pods: '5' });
});
