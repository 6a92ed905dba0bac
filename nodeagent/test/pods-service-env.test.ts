// The service environment variables a container gets, as the kubelet makes them, from Services
// created through a real API server (which gives them their cluster IPs).

import test from 'ava';
import type { RestClient } from '@capstan/common/client';
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
  t.false([...env.keys()].some((key) => key.startsWith('HEADLESS_') || key.startsWith('OTHER_')));

  await createPod(client, podManifest('unlinked', node.nodeName, { enableServiceLinks: false, containers: [{ name: 'app', image: 'busybox' }] }));
  const unlinked: Pod = await waitForPod(client, 'default', 'unlinked', isRunning, 'the unlinked pod');
  t.false([...environment((await execIn(node, unlinked, ['env'])).stdout).keys()].some((key) => key.startsWith('WEB_API_')));
});
