// The service environment variables a container gets, as the kubelet makes them, from Services
// created through a real API server (which gives them their cluster IPs).

import test from 'ava';
import { createServer, type AddressInfo } from 'node:net';
import { RestClient } from '@capstan/common/client';
import { apiPodObjects } from '../src/pods/pod-objects.ts';
import { startServiceLister } from '../src/pods/service-lister.ts';
import type { Pod } from '../src/pods/pod-types.ts';
import { createPod, execIn, isRunning } from './pods-events-and-exec.ts';
import { podManifest, startAgentNode, startApiServer, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const services = (namespace: string) => ({ group: '', version: 'v1', resource: 'services', namespace });

function environment(stdout: string): Map<string, string> {
  return new Map(
    stdout
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );
}

test('Services of the namespace give their variables; the container’s own win and expand them; enableServiceLinks=false leaves them out', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-service-env', api });
  const client = node.client as RestClient;
  const web = await client.create<{ metadata: { name: string }; spec: { clusterIP: string } }>(services('default'), {
    metadata: { name: 'web-api' },
    spec: {
      ports: [
        { name: 'http', port: 80 },
        { name: 'metrics', port: 9090, protocol: 'UDP' },
      ],
    },
  });
  await client.create(services('default'), { metadata: { name: 'headless' }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } });
  await client.create({ group: '', version: 'v1', resource: 'namespaces' }, { metadata: { name: 'elsewhere' } });
  await client.create(services('elsewhere'), { metadata: { name: 'other' }, spec: { ports: [{ port: 81 }] } });
  const ip = web.spec.clusterIP;

  await createPod(
    client,
    podManifest('linked', node.nodeName, {
      containers: [
        {
          name: 'app',
          image: 'busybox',
          env: [
            { name: 'WEB_API_SERVICE_PORT', value: 'mine' },
            { name: 'URL', value: 'http://$(WEB_API_SERVICE_HOST):$(WEB_API_SERVICE_PORT_HTTP)' },
          ],
        },
      ],
    }),
  );
  const linked = await waitForPod(client, 'default', 'linked', isRunning, 'the linked pod');
  const env = environment((await execIn(node, linked, ['env'])).stdout);
  const expected: Record<string, string> = {
    WEB_API_SERVICE_HOST: ip,
    WEB_API_SERVICE_PORT: 'mine',
    WEB_API_SERVICE_PORT_HTTP: '80',
    WEB_API_SERVICE_PORT_METRICS: '9090',
    WEB_API_PORT: `tcp://${ip}:80`,
    WEB_API_PORT_80_TCP: `tcp://${ip}:80`,
    WEB_API_PORT_80_TCP_PROTO: 'tcp',
    WEB_API_PORT_80_TCP_PORT: '80',
    WEB_API_PORT_80_TCP_ADDR: ip,
    WEB_API_PORT_9090_UDP: `udp://${ip}:9090`,
    WEB_API_PORT_9090_UDP_PROTO: 'udp',
    WEB_API_PORT_9090_UDP_PORT: '9090',
    WEB_API_PORT_9090_UDP_ADDR: ip,
    URL: `http://${ip}:80`,
  };
  for (const [key, value] of Object.entries(expected)) t.is(env.get(key), value, key);
  // The master Service, read from the same informer.
  t.regex(env.get('KUBERNETES_SERVICE_HOST') ?? '', /^\d+\.\d+\.\d+\.\d+$/);
  t.false([...env.keys()].some((key) => key.startsWith('HEADLESS_') || key.startsWith('OTHER_')));

  await createPod(client, podManifest('unlinked', node.nodeName, { enableServiceLinks: false, containers: [{ name: 'app', image: 'busybox' }] }));
  const unlinked: Pod = await waitForPod(client, 'default', 'unlinked', isRunning, 'the unlinked pod');
  const unlinkedEnv = environment((await execIn(node, unlinked, ['env'])).stdout);
  t.false([...unlinkedEnv.keys()].some((key) => key.startsWith('WEB_API_')));
  t.is(unlinkedEnv.get('KUBERNETES_SERVICE_HOST'), env.get('KUBERNETES_SERVICE_HOST'));
});

test('until the Services informer has listed once, a pod from the API server gets the kubelet’s error; a static pod does not wait', async (t) => {
  // An API server that is not there: the informer keeps retrying its first list.
  const closed = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const client = new RestClient({ server: `http://127.0.0.1:${closed}` });
  const lister = startServiceLister(client, () => {});
  t.teardown(() => lister.stop());
  const objects = apiPodObjects(client, lister);
  await t.throwsAsync(objects.services('default', false), { message: 'services have not yet been read at least once, cannot construct envvars' });
  t.deepEqual(await objects.services('default', true), { inNamespace: [], master: undefined });
});
