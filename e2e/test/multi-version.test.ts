// A kind served in two group-versions is one stored object: core/v1 and events.k8s.io/v1 Events
// read, write and watch the same events, each in its own shape.

import test from 'ava';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const json = { 'content-type': 'application/json' };
const core = () => `${shared.server().url}/api/v1/namespaces/default/events`;
const events = () => `${shared.server().url}/apis/events.k8s.io/v1/namespaces/default/events`;
const get = async (url: string): Promise<Record<string, any>> => (await (await fetch(url)).json()) as Record<string, any>;
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: json, body: JSON.stringify(body) });

test('a core/v1 Event reads through events.k8s.io/v1 with regarding, note and the deprecated fields, and back', async (t) => {
  t.is(
    (
      await post(core(), {
        metadata: { name: 'started' },
        involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
        reason: 'Started',
        message: 'Started container web',
        type: 'Normal',
        source: { component: 'kubelet', host: 'node-1' },
        firstTimestamp: '2026-11-23T19:00:00Z',
        lastTimestamp: '2026-11-23T19:00:05Z',
        count: 2,
      })
    ).status,
    201,
  );
  const seen = await get(`${events()}/started`);
  t.like(seen, {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    regarding: { kind: 'Pod', name: 'web', namespace: 'default' },
    note: 'Started container web',
    deprecatedSource: { component: 'kubelet', host: 'node-1' },
    deprecatedFirstTimestamp: '2026-11-23T19:00:00Z',
    deprecatedLastTimestamp: '2026-11-23T19:00:05Z',
    deprecatedCount: 2,
  });
  for (const coreField of ['involvedObject', 'message', 'source', 'count']) t.false(coreField in seen, coreField);
  const listed = await get(events());
  t.is(listed.kind, 'EventList');
  t.is(listed.apiVersion, 'events.k8s.io/v1');
  t.true(listed.items.some((item: Record<string, unknown>) => item.note === 'Started container web'));
});

test('an events.k8s.io/v1 Event is stored once: core/v1 reads it with involvedObject and message; kubectl lists it both ways', async (t) => {
  const created = await post(events(), {
    metadata: { name: 'pulled' },
    regarding: { kind: 'Pod', name: 'api', namespace: 'default' },
    reason: 'Pulled',
    note: 'Pulled image nginx',
    type: 'Normal',
    eventTime: '2026-11-23T19:01:00.000000Z',
    reportingController: 'kubelet',
    reportingInstance: 'node-1',
    action: 'Pull',
  });
  t.is(created.status, 201);
  t.like(await created.json(), { apiVersion: 'events.k8s.io/v1', note: 'Pulled image nginx' });
  t.like(await get(`${core()}/pulled`), {
    apiVersion: 'v1',
    involvedObject: { kind: 'Pod', name: 'api' },
    message: 'Pulled image nginx',
    reportingComponent: 'kubelet',
    eventTime: '2026-11-23T19:01:00.000000Z',
  });
  t.regex((await shared.kubectl('events')).stdout, /Pulled\s+Pod\/api\s+Pulled image nginx/);
  t.regex((await shared.kubectl('get', 'events')).stdout, /Pulled\s+pod\/api\s+Pulled image nginx/);
});

test('a watch through events.k8s.io/v1 sees a core/v1 write in its own shape', async (t) => {
  const { metadata } = await get(events());
  const response = await fetch(`${events()}?watch=1&resourceVersion=${metadata.resourceVersion}&timeoutSeconds=10&fieldSelector=metadata.name%3Dwatched`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  await post(core(), { metadata: { name: 'watched' }, involvedObject: { kind: 'Node', name: 'node-1' }, reason: 'Ready', message: 'Node is ready', type: 'Normal' });
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  const event = JSON.parse(text.slice(0, text.indexOf('\n'))) as { type: string; object: Record<string, unknown> };
  t.is(event.type, 'ADDED');
  t.like(event.object, { apiVersion: 'events.k8s.io/v1', note: 'Node is ready', regarding: { kind: 'Node', name: 'node-1' } });
});

test('a new events.k8s.io/v1 Event must have an eventTime, a type and its reporting fields, and may not set the deprecated ones', async (t) => {
  const refused = await post(events(), {
    metadata: { name: 'incomplete' },
    regarding: { kind: 'Pod', name: 'api', namespace: 'default' },
    type: 'Info',
    deprecatedCount: 3,
    deprecatedSource: { component: 'kubelet' },
    series: { count: 1 },
  });
  t.is(refused.status, 422);
  const status = (await refused.json()) as { message: string; details: { causes: { field: string; message: string }[] } };
  t.deepEqual(
    status.details.causes.map((cause) => `${cause.field}: ${cause.message}`),
    [
      'series.count: Invalid value: "": should be at least 2',
      'series.lastObservedTime: Required value',
      'eventTime: Required value',
      'type: Invalid value: "": has invalid value: Info',
      'count: Invalid value: "": needs to be unset',
      'source: Invalid value: "": needs to be unset',
    ],
  );
  // With an eventTime, what a reporter must say is required, in either group-version.
  const unreported = { metadata: { name: 'unreported' }, regarding: { kind: 'Pod', name: 'api', namespace: 'default' }, type: 'Normal', eventTime: '2026-11-23T19:01:00.000000Z' };
  const fromEvents = (await (await post(events(), unreported)).json()) as { details: { causes: { field: string }[] } };
  t.deepEqual(
    fromEvents.details.causes.map((cause) => cause.field),
    ['reportingController', 'reportingController', 'reportingController', 'reportingInstance', 'action', 'reason'],
  );
  // An old-style Event (no eventTime) is about an object of its own namespace.
  const fromCore = await post(core(), { metadata: { name: 'elsewhere' }, involvedObject: { kind: 'Pod', name: 'api', namespace: 'other' }, reason: 'Pulled', type: 'Normal' });
  t.is(fromCore.status, 422);
  t.is(((await fromCore.json()) as { message: string }).message, 'Event "elsewhere" is invalid: involvedObject.namespace: Invalid value: "other": does not match event.namespace');
});
