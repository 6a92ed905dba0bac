// The StatefulSet controller against a real API server, OrderedReady: web-0 first, web-1 only once
// web-0 is Running and Ready, each pod with kube's identity and its claim "www-web-<n>" made before
// it; status and the ControllerRevision as kube writes them; kubectl's rollout status and get;
// scaling down removes the highest ordinal first.

import test from 'ava';
import type { ControllerRevision, StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { eventually, kubectl } from './controller-fixture.ts';
import { events } from './simulated-kubelet.ts';
import { startStatefulSetCluster, webStatefulSet } from './statefulset-objects.ts';

const statefulSets = { group: 'apps', version: 'v1', resource: 'statefulsets', namespace: 'default' } as const;
const revisions = { group: 'apps', version: 'v1', resource: 'controllerrevisions', namespace: 'default' } as const;
const claims = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace: 'default' } as const;

test('OrderedReady creates web-0, then web-1 once web-0 is ready, each after its claim; scaling down goes from the highest ordinal', async (t) => {
  const { cluster, client, runner } = await startStatefulSetCluster(t);
  await client.create(statefulSets, webStatefulSet(3));

  await kubectl(cluster, 'rollout', 'status', 'sts/web', '--timeout=60s');
  const order = runner.log.filter((line) => /^(added|ready) /.test(line));
  t.deepEqual(order, ['added web-0', 'ready web-0', 'added web-1', 'ready web-1', 'added web-2', 'ready web-2']);

  const set = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
  const [revision, ...others] = (await client.list<ControllerRevision>(revisions)).items;
  t.is(others.length, 0);
  t.regex(revision?.metadata?.name ?? '', /^web-[bcdfghjklmnpqrstvwxz2456789]+$/);
  t.is(revision?.revision, 1);
  t.is(revision?.metadata?.labels?.['controller.kubernetes.io/hash'], revision?.metadata?.name?.slice('web-'.length));
  t.is(revision?.metadata?.ownerReferences?.[0]?.uid, set.metadata?.uid);
  t.deepEqual((revision?.data as { spec: { template: Record<string, unknown> } }).spec.template.$patch, 'replace');
  t.like(set.status, {
    observedGeneration: 1,
    replicas: 3,
    readyReplicas: 3,
    currentReplicas: 3,
    updatedReplicas: 3,
    availableReplicas: 3,
    currentRevision: revision?.metadata?.name,
    updateRevision: revision?.metadata?.name,
    collisionCount: 0,
  });

  const pod = runner.pod('web-1');
  t.like(pod?.metadata?.labels, {
    app: 'nginx',
    'statefulset.kubernetes.io/pod-name': 'web-1',
    'apps.kubernetes.io/pod-index': '1',
    'controller-revision-hash': revision?.metadata?.name,
  });
  t.is(pod?.spec?.hostname, 'web-1');
  t.is(pod?.spec?.subdomain, 'nginx');
  t.deepEqual(
    pod?.spec?.volumes?.find((volume) => volume.name === 'www'),
    { name: 'www', persistentVolumeClaim: { claimName: 'www-web-1' } },
  );
  t.like(pod?.metadata?.ownerReferences?.[0], { kind: 'StatefulSet', name: 'web', controller: true, blockOwnerDeletion: true });
  const claimList = (await client.list<PersistentVolumeClaim>(claims)).items;
  t.deepEqual(claimList.map((claim) => claim.metadata?.name).sort(), ['www-web-0', 'www-web-1', 'www-web-2']);
  // Retain/Retain (the default policy): claims are nobody's.
  t.is(claimList[0]?.metadata?.ownerReferences, undefined);
  t.deepEqual(claimList[0]?.metadata?.labels, { app: 'nginx' });

  const messages = (await events(client)).filter((e) => e.involvedObject.kind === 'StatefulSet').map((e) => `${e.reason} ${e.message}`);
  t.true(messages.includes('SuccessfulCreate Create Pod web-0 in StatefulSet web successful'), messages.join('\n'));
  t.true(messages.includes('SuccessfulCreate Create Claim www-web-0 Pod web-0 in StatefulSet web success'), messages.join('\n'));

  const table = await kubectl(cluster, 'get', 'sts', 'web');
  t.regex(table, /^NAME\s+READY\s+AGE\nweb\s+3\/3\s+\S+\n$/);

  await kubectl(cluster, 'scale', 'sts/web', '--replicas=1');
  await eventually('web scaled to 1', async () => {
    const current = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
    return current.status?.replicas === 1 && runner.pods().length === 1 ? current : undefined;
  });
  t.deepEqual(
    runner.log.filter((line) => line.startsWith('deleted ')),
    ['deleted web-2', 'deleted web-1'],
  );
  // whenScaled Retain: the claims of the removed pods stay.
  t.is((await client.list<PersistentVolumeClaim>(claims)).items.length, 3);
});
