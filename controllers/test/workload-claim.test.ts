// Claiming and pod control against a real API server: a workload adopts the orphans its selector
// matches, keeps what it controls, releases what no longer matches, leaves others' pods alone; an
// adoption is refused when the owner is being deleted; pods made from its template are recorded
// with kube's events.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { createLogger } from '@capstan/common';
import type { KubeObject } from '@capstan/common/client';
import test from 'ava';
import { EventRecorder } from '../src/event-recorder.ts';
import { claimObjects, recheckDeletionTimestamp } from '../src/workload/claim-objects.ts';
import { controllerRefOf, newControllerRef, replicaSetKind } from '../src/workload/controller-ref.ts';
import { labelSelectorMatcher } from '../src/workload/label-selector-matcher.ts';
import { PodControl, podsResource } from '../src/workload/pod-control.ts';
import { eventually, startCluster } from './controller-fixture.ts';

const replicaSets = { ...replicaSetKind.resource, namespace: 'default' };
const pods = { ...podsResource, namespace: 'default' };
const spec = { containers: [{ name: 'c', image: 'busybox' }] };

test('a set adopts matching orphans, keeps its own, releases the unmatched and leaves other controllers’ pods', async (t) => {
  const { client } = await startCluster(t);
  const template = { metadata: { labels: { app: 'web' } }, spec };
  const owner = await client.create<KubeObject>(replicaSets, { metadata: { name: 'web' }, spec: { replicas: 0, selector: { matchLabels: { app: 'web' } }, template } });
  const other = await client.create<KubeObject>(replicaSets, { metadata: { name: 'other' }, spec: { replicas: 0, selector: { matchLabels: { app: 'web' } }, template } });
  const ownRef = newControllerRef(owner, replicaSetKind);
  await client.create(pods, { metadata: { name: 'orphan', labels: { app: 'web' } }, spec });
  await client.create(pods, { metadata: { name: 'stranger', labels: { app: 'db' } }, spec });
  await client.create(pods, { metadata: { name: 'kept', labels: { app: 'web' }, ownerReferences: [ownRef] }, spec });
  await client.create(pods, { metadata: { name: 'relabelled', labels: { app: 'old' }, ownerReferences: [ownRef] }, spec });
  await client.create(pods, { metadata: { name: 'others', labels: { app: 'web' }, ownerReferences: [newControllerRef(other, replicaSetKind)] }, spec });
  const listed = (await client.list<Pod>(pods)).items;
  let rechecks = 0;
  const recheck = recheckDeletionTimestamp(client, owner, replicaSetKind);
  const claimed = await claimObjects({
    client,
    owner,
    ownerKind: replicaSetKind,
    matches: labelSelectorMatcher({ matchLabels: { app: 'web' } }),
    target: podsResource,
    objects: listed,
    canAdopt: () => {
      rechecks += 1;
      return recheck();
    },
  });
  t.deepEqual(claimed.map((pod) => pod.metadata?.name).sort(), ['kept', 'orphan']);
  t.is(rechecks, 1, 'the owner is read afresh once, before the first adoption');
  const after = new Map((await client.list<Pod>(pods)).items.map((pod) => [pod.metadata?.name, pod]));
  t.deepEqual(controllerRefOf(after.get('orphan') as Pod), ownRef);
  t.is(after.get('relabelled')?.metadata?.ownerReferences, undefined, 'released');
  t.is(controllerRefOf(after.get('others') as Pod)?.name, 'other');
  t.is(after.get('stranger')?.metadata?.ownerReferences, undefined);
});

test('no adoption by an owner that has just been deleted; a pod recreated under its name is not released by the old uid', async (t) => {
  const { client } = await startCluster(t);
  const owner = await client.create<KubeObject>(replicaSets, {
    metadata: { name: 'going', finalizers: ['example.com/hold'] },
    spec: { replicas: 0, selector: { matchLabels: { app: 'going' } }, template: { metadata: { labels: { app: 'going' } }, spec } },
  });
  await client.delete({ ...replicaSets, name: 'going' });
  const orphan = await client.create<Pod>(pods, { metadata: { name: 'lonely', labels: { app: 'going' } }, spec });
  const error = await t.throwsAsync(
    claimObjects({
      client,
      owner,
      ownerKind: replicaSetKind,
      matches: labelSelectorMatcher({ matchLabels: { app: 'going' } }),
      target: podsResource,
      objects: [orphan],
      canAdopt: recheckDeletionTimestamp(client, owner, replicaSetKind),
    }),
  );
  t.regex(error.message, /^default\/going has just been deleted at /);
  t.is((await client.get<Pod>({ ...pods, name: 'lonely' })).metadata?.ownerReferences, undefined);

  // The informer's copy says the pod is ours, but the pod under that name is another one now.
  const stale = { ...orphan, metadata: { ...orphan.metadata, labels: { app: 'moved' }, ownerReferences: [newControllerRef(owner, replicaSetKind)] } };
  await client.delete({ ...pods, name: 'lonely' });
  await client.create(pods, { metadata: { name: 'lonely', labels: { app: 'moved' }, ownerReferences: [newControllerRef(owner, replicaSetKind)] }, spec });
  const live = { ...owner, metadata: { ...owner.metadata, deletionTimestamp: undefined } };
  await claimObjects({ client, owner: live, ownerKind: replicaSetKind, matches: () => false, target: podsResource, objects: [stale], canAdopt: async () => {} });
  t.is(controllerRefOf(await client.get<Pod>({ ...pods, name: 'lonely' }))?.uid, owner.metadata?.uid, 'the uid precondition refused the release');
  await client.patch({ ...replicaSets, name: 'going' }, { metadata: { finalizers: null } }, { type: 'merge' });
});

test('pods made from the template are recorded as kube records them, and a refused create as FailedCreate', async (t) => {
  const { client } = await startCluster(t);
  const owner = await client.create<KubeObject>(replicaSets, {
    metadata: { name: 'made' },
    spec: { replicas: 0, selector: { matchLabels: { app: 'made' } }, template: { metadata: { labels: { app: 'made' } }, spec } },
  });
  const logger = createLogger({ name: 'test', level: 'silent' });
  const control = new PodControl(client, new EventRecorder(client, 'replicaset-controller', (message) => logger.warn(message)), replicaSetKind);
  const created = await control.createPodFromTemplate(owner, { metadata: { labels: { app: 'made' } }, spec }, newControllerRef(owner, replicaSetKind));
  t.regex(created.metadata?.name ?? '', /^made-[a-z0-9]{5}$/);
  await t.throwsAsync(control.createPodFromTemplate(owner, { metadata: { labels: { app: 'made' } }, spec: { containers: [] } }, newControllerRef(owner, replicaSetKind)));
  await control.deletePod(owner, 'default', created.metadata?.name ?? '');
  const events = await eventually('the three events', async () => {
    const list = (
      await client.list<KubeObject & { reason?: string; message?: string; type?: string; source?: { component?: string } }>({
        group: '',
        version: 'v1',
        resource: 'events',
        namespace: 'default',
      })
    ).items;
    return list.length >= 3 ? list : undefined;
  });
  const byReason = new Map(events.map((event) => [event.reason, event]));
  t.is(byReason.get('SuccessfulCreate')?.message, `Created pod: ${created.metadata?.name}`);
  t.is(byReason.get('SuccessfulDelete')?.message, `Deleted pod: ${created.metadata?.name}`);
  t.regex(byReason.get('FailedCreate')?.message ?? '', /^Error creating: Pod "made-[a-z0-9]{5}" is invalid: spec.containers: Required value$/);
  t.is(byReason.get('FailedCreate')?.type, 'Warning');
  t.is(byReason.get('SuccessfulCreate')?.source?.component, 'replicaset-controller');
});
