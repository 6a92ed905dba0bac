// The DefaultTolerationSeconds admission: pods are created tolerating the not-ready and unreachable
// NoExecute taints for 300 s (or the flags' seconds) unless a toleration of theirs covers them.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };

const defaults = (seconds: number) => [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds },
];

async function createPod(base: string, name: string, tolerations?: unknown[]): Promise<{ spec: { tolerations?: unknown[] } }> {
  const pod = { metadata: { name }, spec: { containers: [{ name: 'c', image: 'x' }], ...(tolerations ? { tolerations } : {}) } };
  const response = await fetch(`${base}/api/v1/namespaces/default/pods`, { method: 'POST', headers: json, body: JSON.stringify(pod) });
  if (response.status !== 201) throw new Error(`create ${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { spec: { tolerations?: unknown[] } };
}

test('a pod gets the two default NoExecute tolerations unless its own cover them', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'run', 'web', '--image=nginx']);
  const web = JSON.parse((await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'get', 'pod', 'web', '-o', 'json'])).stdout);
  t.deepEqual(web.spec.tolerations, defaults(300));
  // Tolerating every taint (empty key, Exists) covers both.
  t.deepEqual((await createPod(server.url, 'all', [{ operator: 'Exists' }])).spec.tolerations, [{ operator: 'Exists' }]);
  // An empty effect covers NoExecute; a NoSchedule toleration does not.
  const own = [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists' },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoSchedule' },
  ];
  t.deepEqual((await createPod(server.url, 'own', own)).spec.tolerations, [...own, defaults(300)[1]]);
  // An update leaves the tolerations as they are written.
  const current = await (await fetch(`${server.url}/api/v1/namespaces/default/pods/web`)).json();
  const patched = await fetch(`${server.url}/api/v1/namespaces/default/pods/web`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { labels: { touched: 'yes' }, resourceVersion: (current as { metadata: { resourceVersion: string } }).metadata.resourceVersion } }),
  });
  t.deepEqual(((await patched.json()) as { spec: { tolerations: unknown[] } }).spec.tolerations, defaults(300));
});

test('--default-not-ready-toleration-seconds and --default-unreachable-toleration-seconds set the seconds', async (t) => {
  const server = await startApiServer(['--default-not-ready-toleration-seconds=30', '--default-unreachable-toleration-seconds=60']);
  t.teardown(() => server.stop());
  const [notReady, unreachable] = defaults(0);
  t.deepEqual((await createPod(server.url, 'p')).spec.tolerations, [
    { ...notReady, tolerationSeconds: 30 },
    { ...unreachable, tolerationSeconds: 60 },
  ]);
});
