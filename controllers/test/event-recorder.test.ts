// The controllers' events on a real API server, correlated as kube-controller-manager's are: a
// repeat bumps the first event's count, twelve similar events (one reason, twelve messages) are
// nine events and one "(combined from similar events)" event of count 3, with kube's source and
// an empty reportingInstance.

import type { KubeObject } from '@capstan/common/client';
import test from 'ava';
import { EventRecorder } from '../src/event-recorder.ts';
import { startCluster } from './controller-fixture.ts';

type Event = KubeObject & {
  reason?: string;
  message?: string;
  count?: number;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  reportingInstance?: string;
};

test('repeats are counted on the first event and similar events are combined, as client-go records them', async (t) => {
  const { client } = await startCluster(t);
  const failures: string[] = [];
  const recorder = new EventRecorder(client, 'replicaset-controller', (message) => failures.push(message));
  const object = { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: 'web', uid: 'uid-web' };
  for (let i = 0; i < 3; i++) await recorder.record(object, 'Normal', 'SuccessfulCreate', 'Created pod: web-1');
  for (let i = 0; i < 12; i++) await recorder.record(object, 'Warning', 'FailedCreate', `Error creating: pod ${i}`);
  t.deepEqual(failures, []);
  const events = (await client.list<Event>({ group: '', version: 'v1', resource: 'events', namespace: 'default' })).items;
  const created = events.filter((e) => e.reason === 'SuccessfulCreate');
  t.is(created.length, 1);
  t.is(created[0]?.count, 3);
  t.deepEqual(created[0]?.source, { component: 'replicaset-controller' });
  t.is(created[0]?.reportingComponent, 'replicaset-controller');
  t.is(created[0]?.reportingInstance ?? '', '');
  const failed = events.filter((e) => e.reason === 'FailedCreate');
  t.deepEqual(failed.map((e) => e.message).sort(), ['(combined from similar events): Error creating: pod 11', ...Array.from({ length: 9 }, (_, i) => `Error creating: pod ${i}`)]);
  t.is(failed.find((e) => e.message?.startsWith('(combined'))?.count, 3);
});

test('repeats recorded at once are written one after another, as client-go writes them: one event counted to the last', async (t) => {
  const { client } = await startCluster(t);
  const failures: string[] = [];
  const recorder = new EventRecorder(client, 'deployment-controller', (message) => failures.push(message));
  const object = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web', uid: 'uid-web' };
  await Promise.all(Array.from({ length: 20 }, () => recorder.record(object, 'Normal', 'ScalingReplicaSet', 'Scaled up replica set web-1 from 0 to 1')));
  t.deepEqual(failures, []);
  const events = (await client.list<Event>({ group: '', version: 'v1', resource: 'events', namespace: 'default' })).items;
  t.deepEqual(
    events.map((e) => [e.reason, e.count]),
    [['ScalingReplicaSet', 20]],
  );
});
