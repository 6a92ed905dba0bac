// Volumes and environment from the API's objects, through the simulated runtime and a real API
// server: configMap, secret, downwardAPI and projected volumes written with the kubelet's atomic
// writer layout (..data -> timestamped directory, one symlink per top-level name, modes) and
// updated within the sync period when the ConfigMap changes; a missing ConfigMap holding the
// pod's containers back with FailedMount until it exists; environment variables from ConfigMaps
// and Secrets, and the kubelet's CreateContainerConfigError messages.

import { lstatSync, readFileSync, readlinkSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { createPod as create, eventsOf, execIn, isRunning as running } from './pods-events-and-exec.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const configMaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'default' };
const secrets = { group: '', version: 'v1', resource: 'secrets', namespace: 'default' };
const base64 = (text: string): string => Buffer.from(text).toString('base64');
const modeOf = (path: string): number => statSync(path).mode & 0o777;

test('configMap, secret, downwardAPI and projected volumes are written as the kubelet writes them, and follow ConfigMap updates', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-volumes', api, config: 'syncFrequency: 1s\n' });
  const client = node.client as RestClient;
  await client.create(configMaps, { metadata: { name: 'settings' }, data: { 'app.conf': 'level=info\n', extra: 'x' }, binaryData: { 'blob.bin': base64('\u0001\u0002') } });
  await client.create(secrets, { metadata: { name: 'creds' }, data: { password: base64('s3cret') } });
  // The pod runs as `default`, whose token the projected volume asks TokenRequest for. No controller
  // makes the account, and no admission names it in the pod here: TokenRequest binds a token only
  // to a pod of the same account.
  await client.create({ group: '', version: 'v1', resource: 'serviceaccounts', namespace: 'default' }, { metadata: { name: 'default' } });
  const created = await create(
    client,
    podManifest(
      'mounted',
      node.nodeName,
      {
        serviceAccountName: 'default',
        containers: [
          {
            name: 'app',
            image: 'busybox:1.36',
            volumeMounts: [
              { name: 'config', mountPath: '/etc/config' },
              { name: 'creds', mountPath: '/etc/creds', readOnly: true },
              { name: 'info', mountPath: '/etc/podinfo' },
              { name: 'all', mountPath: '/etc/all' },
            ],
          },
        ],
        volumes: [
          { name: 'config', configMap: { name: 'settings' } },
          { name: 'creds', secret: { secretName: 'creds', defaultMode: 0o400, items: [{ key: 'password', path: 'db/password' }] } },
          {
            name: 'info',
            downwardAPI: {
              items: [
                { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
                { path: 'annotations', fieldRef: { fieldPath: 'metadata.annotations' } },
                { path: 'name', fieldRef: { fieldPath: 'metadata.name' }, mode: 0o600 },
              ],
            },
          },
          {
            name: 'all',
            projected: {
              sources: [
                { configMap: { name: 'settings', items: [{ key: 'extra', path: 'from-config' }] } },
                { secret: { name: 'creds' } },
                { downwardAPI: { items: [{ path: 'namespace', fieldRef: { fieldPath: 'metadata.namespace' } }] } },
                { serviceAccountToken: { path: 'token' } },
              ],
            },
          },
        ],
      },
      { labels: { tier: 'front', app: 'web' }, annotations: { note: 'say "hi"\n' } },
    ),
  );
  const pod = await waitForPod(client, 'default', 'mounted', running, 'the pod to run');
  const volumes = join(node.rootDir, 'pods', created.metadata.uid, 'volumes');
  const config = join(volumes, 'kubernetes.io~configmap', 'config');

  // The atomic writer's layout: ..data points at a timestamped directory, visible names point into ..data.
  const firstData = readlinkSync(join(config, '..data'));
  t.regex(firstData, /^\.\.\d{4}_\d{2}_\d{2}_\d{2}_\d{2}_\d{2}\.\d+$/);
  t.deepEqual(readdirSync(config).sort(), ['..data', firstData, 'app.conf', 'blob.bin', 'extra'].sort());
  t.is(readlinkSync(join(config, 'app.conf')), '..data/app.conf');
  t.true(lstatSync(join(config, 'app.conf')).isSymbolicLink());
  t.is(readFileSync(join(config, 'app.conf'), 'utf8'), 'level=info\n');
  t.deepEqual([...readFileSync(join(config, 'blob.bin'))], [1, 2]);
  t.is(modeOf(join(config, firstData, 'app.conf')), 0o644);
  t.is(modeOf(join(config, firstData)), 0o755);

  const creds = join(volumes, 'kubernetes.io~secret', 'creds');
  t.is(readlinkSync(join(creds, 'db')), '..data/db');
  t.is(readFileSync(join(creds, 'db', 'password'), 'utf8'), 's3cret');
  t.is(modeOf(join(creds, '..data', 'db', 'password')), 0o400);

  const info = join(volumes, 'kubernetes.io~downward-api', 'info');
  t.is(readFileSync(join(info, 'labels'), 'utf8'), 'app="web"\ntier="front"');
  t.is(readFileSync(join(info, 'annotations'), 'utf8'), 'note="say \\"hi\\"\\n"');
  t.is(readFileSync(join(info, 'name'), 'utf8'), 'mounted');
  t.is(modeOf(join(info, '..data', 'name')), 0o600);

  // Every source is there, the token from TokenRequest: a JWT bound to the pod.
  const all = join(volumes, 'kubernetes.io~projected', 'all');
  t.deepEqual(
    readdirSync(all)
      .filter((name) => !name.startsWith('..'))
      .sort(),
    ['from-config', 'namespace', 'password', 'token'],
  );
  const claims = JSON.parse(Buffer.from(readFileSync(join(all, 'token'), 'utf8').split('.')[1] ?? '', 'base64url').toString('utf8'));
  t.deepEqual(claims['kubernetes.io'].pod, { name: 'mounted', uid: created.metadata.uid });
  t.is(readFileSync(join(all, 'from-config'), 'utf8'), 'x');
  t.is(readFileSync(join(all, 'namespace'), 'utf8'), 'default');

  // The container sees the files at its mount paths.
  t.deepEqual(await execIn(node, pod, ['cat', '/etc/config/app.conf']), { exitCode: 0, stdout: 'level=info\n' });
  t.deepEqual(await execIn(node, pod, ['cat', '/etc/creds/db/password']), { exitCode: 0, stdout: 's3cret' });

  // An update reaches the files within the sync period, through a new timestamped directory; a dropped key goes.
  await client.patch({ ...configMaps, name: 'settings' }, { data: { 'app.conf': 'level=debug\n', extra: null } }, { type: 'merge' });
  await until(
    () => readFileSync(join(config, 'app.conf'), 'utf8'),
    (text) => text === 'level=debug\n',
    'the updated file',
    10_000,
  );
  const secondData = readlinkSync(join(config, '..data'));
  t.not(secondData, firstData);
  t.deepEqual(readdirSync(config).sort(), ['..data', secondData, 'app.conf', 'blob.bin'].sort());
  t.deepEqual(await execIn(node, pod, ['cat', '/etc/config/app.conf']), { exitCode: 0, stdout: 'level=debug\n' });
  // The projected volume's item for the dropped key fails the remount: its old files stay.
  t.is(readFileSync(join(all, 'from-config'), 'utf8'), 'x');
  const events = await until(
    () => eventsOf(client, 'mounted'),
    (items) => items.some((e) => e.reason === 'FailedMount'),
    'a FailedMount event',
  );
  t.is(
    events.find((e) => e.reason === 'FailedMount' && e.involvedObject.name === 'mounted')?.message,
    'MountVolume.SetUp failed for volume "all" : configmap references non-existent config key: extra',
  );
});

test('a missing ConfigMap keeps the containers waiting with FailedMount until it exists', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-missing', api, extra: { errorBackOffMs: 500 } });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('waiting', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', volumeMounts: [{ name: 'config', mountPath: '/etc/config' }] }],
      volumes: [
        { name: 'config', configMap: { name: 'later' } },
        { name: 'maybe', configMap: { name: 'absent', optional: true } },
      ],
    }),
  );
  const events = await until(
    () => eventsOf(client, 'waiting'),
    (items) => items.some((e) => e.reason === 'FailedMount'),
    'a FailedMount event',
  );
  t.is(
    events.find((e) => e.reason === 'FailedMount' && e.involvedObject.name === 'waiting')?.message,
    'MountVolume.SetUp failed for volume "config" : configmap "later" not found',
  );
  const pending = await client.get<Pod & { metadata: { name: string } }>(podsOf('default', 'waiting'));
  t.is(pending.status?.phase, 'Pending');
  t.like(pending.status?.containerStatuses?.[0], { state: { waiting: { reason: 'ContainerCreating' } } });
  t.is((await node.runtime.listContainers({})).containers.length, 0, 'no container was created');

  await client.create(configMaps, { metadata: { name: 'later' }, data: { key: 'value' } });
  const pod = await waitForPod(client, 'default', 'waiting', running, 'the pod to run once the ConfigMap exists');
  t.deepEqual(await execIn(node, pod, ['cat', '/etc/config/key']), { exitCode: 0, stdout: 'value' });
  // The optional volume whose ConfigMap does not exist is an empty directory.
  t.deepEqual(readdirSync(join(node.rootDir, 'pods', pod.metadata.uid, 'volumes', 'kubernetes.io~configmap', 'maybe')), []);
});

test('environment variables come from ConfigMaps and Secrets, with the kubelet errors when a key or object is missing', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-env', api, extra: { errorBackOffMs: 500 } });
  const client = node.client as RestClient;
  await client.create(configMaps, { metadata: { name: 'env-config' }, data: { LEVEL: 'info', COLOR: 'blue' } });
  await client.create(secrets, { metadata: { name: 'env-secret' }, data: { token: base64('t0ken') } });
  const container = (env: unknown[], envFrom: unknown[] = []) => ({ name: 'app', image: 'busybox:1.36', env, envFrom });
  await create(
    client,
    podManifest('env-ok', node.nodeName, {
      containers: [
        container(
          [
            { name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'env-secret', key: 'token' } } },
            { name: 'COLOR', valueFrom: { configMapKeyRef: { name: 'env-config', key: 'COLOR' } } },
            { name: 'GREETING', value: 'level $(CFG_LEVEL) in $(COLOR)' },
            { name: 'SKIPPED', valueFrom: { configMapKeyRef: { name: 'env-config', key: 'nope', optional: true } } },
          ],
          [{ configMapRef: { name: 'env-config' }, prefix: 'CFG_' }, { secretRef: { name: 'no-such-secret', optional: true } }],
        ),
      ],
    }),
  );
  await create(client, podManifest('env-key', node.nodeName, { containers: [container([{ name: 'K', valueFrom: { configMapKeyRef: { name: 'env-config', key: 'missing' } } }])] }));
  await create(client, podManifest('env-object', node.nodeName, { containers: [container([], [{ configMapRef: { name: 'nope' } }])] }));

  const ok = await waitForPod(client, 'default', 'env-ok', running, 'env-ok to run');
  const env = (await execIn(node, ok, ['env'])).stdout.split('\n');
  for (const line of ['TOKEN=t0ken', 'COLOR=blue', 'CFG_LEVEL=info', 'CFG_COLOR=blue', 'GREETING=level info in blue']) t.true(env.includes(line), line);
  t.false(env.some((line) => line.startsWith('SKIPPED=')));

  const waitingOn = async (name: string) =>
    (await waitForPod(client, 'default', name, (p) => p.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CreateContainerConfigError', `${name} to wait`)).status
      ?.containerStatuses?.[0]?.state?.waiting;
  t.deepEqual(await waitingOn('env-key'), { reason: 'CreateContainerConfigError', message: "couldn't find key missing in ConfigMap default/env-config" });
  t.deepEqual(await waitingOn('env-object'), { reason: 'CreateContainerConfigError', message: 'configmap "nope" not found' });
  const failed = await until(
    () => eventsOf(client, 'env-key'),
    (items) => items.some((e) => e.reason === 'Failed'),
    'a Failed event',
  );
  t.is(failed.find((e) => e.involvedObject.name === 'env-key' && e.reason === 'Failed')?.message, "Error: couldn't find key missing in ConfigMap default/env-config");

  // Once the key exists, the next try starts the container.
  await client.patch({ ...configMaps, name: 'env-config' }, { data: { missing: 'found' } }, { type: 'merge' });
  const fixed = await waitForPod(client, 'default', 'env-key', running, 'env-key to run');
  t.true((await execIn(node, fixed, ['env'])).stdout.split('\n').includes('K=found'));
});
