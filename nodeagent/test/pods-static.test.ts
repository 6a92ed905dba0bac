// Static pods from staticPodPath: named <name>-<node>, run by the agent, mirrored in the API (the
// mirror made again when deleted, deleted when the file goes); in standalone mode they run with
// no API server at all.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const manifest = `apiVersion: v1
kind: Pod
metadata:
  name: static-web
  labels:
    tier: control-plane
spec:
  containers:
  - name: web
    image: nginx:1.27
`;

const getPod = (client: RestClient, name: string) => client.get<Pod & { metadata: { name: string } }>(podsOf('default', name)).catch(() => undefined);

test('a static pod runs and gets a mirror pod, made again when deleted and deleted when its file goes', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-static', api });
  const client = node.client as RestClient;
  const nodeObject = await client.get({ group: '', version: 'v1', resource: 'nodes', name: 'node-static' });
  writeFileSync(join(node.staticPodPath, 'web.yaml'), manifest);
  const mirror = await waitForPod(client, 'default', 'static-web-node-static', (p) => p.status?.phase === 'Running', 'the mirror pod to show Running');
  const annotations = mirror.metadata.annotations ?? {};
  t.is(annotations['kubernetes.io/config.source'], 'file');
  t.regex(annotations['kubernetes.io/config.hash'] ?? '', /^[0-9a-f]{32}$/);
  t.is(annotations['kubernetes.io/config.mirror'], annotations['kubernetes.io/config.hash']);
  t.truthy(annotations['kubernetes.io/config.seen']);
  t.not(mirror.metadata.uid, annotations['kubernetes.io/config.hash'], 'the mirror pod has a uid of its own');
  t.deepEqual(mirror.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Node', name: 'node-static', uid: nodeObject.metadata?.uid, controller: true }]);
  t.is(mirror.metadata.labels?.tier, 'control-plane');
  t.is(mirror.spec.nodeName, 'node-static');
  t.is(mirror.status?.containerStatuses?.[0]?.name, 'web');
  t.true(mirror.status?.containerStatuses?.[0]?.ready);
  // The runtime runs it under the static pod's uid, the hash.
  const { items } = await node.runtime.listPodSandbox({ filter: { labelSelector: { 'io.kubernetes.pod.uid': annotations['kubernetes.io/config.hash'] as string } } });
  t.is(items.length, 1);

  await client.delete(podsOf('default', 'static-web-node-static'), { gracePeriodSeconds: 0 });
  const again = await until(
    () => getPod(client, 'static-web-node-static'),
    (p) => p !== undefined && p.metadata.uid !== mirror.metadata.uid,
    'the mirror pod to be made again',
  );
  t.is(again?.metadata.annotations?.['kubernetes.io/config.mirror'], annotations['kubernetes.io/config.hash']);
  // Deleting the mirror pod does not restart the static pod.
  t.is((await node.runtime.listPodSandbox({})).items.length, 1);

  rmSync(join(node.staticPodPath, 'web.yaml'));
  await until(
    () => getPod(client, 'static-web-node-static'),
    (p) => p === undefined,
    'the mirror pod to be deleted',
  );
  await until(
    async () => (await node.runtime.listContainers({})).containers.length,
    (n) => n === 0,
    'the static pod to be removed',
  );
  t.pass();
});

test('a static pod runs before its Node exists; its mirror pod is tried again after the error back-off and made once the Node is registered', async (t) => {
  let mirrorFailures = 0;
  const log = (message: string): void => void (message.startsWith('Failed creating a mirror pod') && mirrorFailures++);
  const node = await startAgentNode(t, { nodeName: 'node-late', api, registerNode: false, extra: { errorBackOffMs: 1000, log } });
  const client = node.client as RestClient;
  writeFileSync(join(node.staticPodPath, 'web.yaml'), manifest);
  await until(
    async () => (await node.runtime.listContainers({})).containers.filter((c) => c.state === 'CONTAINER_RUNNING').length,
    (n) => n === 1,
    'the static pod to run without its Node',
  );
  // Nothing changes in the pod from here on: only the back-off makes the agent try again.
  const seen = mirrorFailures;
  await until(
    () => mirrorFailures,
    (n) => n >= seen + 2,
    'the mirror pod to be tried again, twice',
  );
  t.is(await getPod(client, 'static-web-node-late'), undefined, 'no mirror pod without the Node to own it');
  await client.create({ group: '', version: 'v1', resource: 'nodes' }, { metadata: { name: 'node-late' } });
  const mirror = await waitForPod(client, 'default', 'static-web-node-late', () => true, 'the mirror pod once the Node is there', 10_000);
  t.is(mirror.metadata.ownerReferences?.[0]?.name, 'node-late');
});

test('in standalone mode a static pod runs without an API server', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'lonely' });
  writeFileSync(
    join(node.staticPodPath, 'web.json'),
    JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'solo', namespace: 'kube-system' }, spec: { containers: [{ name: 'app', image: 'busybox:1.36' }] } }),
  );
  const ref = await until(
    () => node.workers.directory.findContainer('kube-system', 'solo-lonely', 'app'),
    (c) => c?.running === true,
    'the static pod to run',
  );
  t.is(ref?.attempt, 0);
  t.like(node.workers.directory.findPod('kube-system', 'solo-lonely'), { fullName: 'solo-lonely_kube-system' });
  const listed = node.workers.directory.listPods() as unknown as readonly Pod[];
  t.is(listed.length, 1);
  t.is(listed[0]?.status?.phase, 'Running');
});
