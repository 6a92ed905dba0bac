import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { humanDuration } from '../../apiserver/src/table/human-duration.ts';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };

test('kubectl get prints the columns kube-apiserver serves as Tables', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ metadata: { name: 'cm', labels: { a: 'b' } }, data: { x: '1', y: '2' } }),
  });
  await fetch(`${server.url}/api/v1/namespaces/default/secrets`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ metadata: { name: 's' }, type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' } }),
  });
  await fetch(`${server.url}/apis/coordination.k8s.io/v1/namespaces/default/leases`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'l' } }) });
  t.regex((await kubectl('get', 'configmaps')).stdout, /^NAME\s+DATA\s+AGE\ncm\s+2\s+\d+s\n$/);
  t.regex((await kubectl('get', 'configmaps', '-A', '--show-labels')).stdout, /^NAMESPACE\s+NAME\s+DATA\s+AGE\s+LABELS\ndefault\s+cm\s+2\s+\d+s\s+a=b\n$/);
  t.regex((await kubectl('get', 'secrets')).stdout, /^NAME\s+TYPE\s+DATA\s+AGE\ns\s+kubernetes\.io\/tls\s+2\s+\d+s\n$/);
  t.regex((await kubectl('get', 'namespace', 'default')).stdout, /^NAME\s+STATUS\s+AGE\ndefault\s+Active\s+\d+s\n$/);
  t.regex((await kubectl('get', 'leases')).stdout, /^NAME\s+HOLDER\s+AGE\nl\s+\d+s\n$/);
  // Kinds without a printer of their own get kube-apiserver's default columns.
  await fetch(`${server.url}/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'r' } }) });
  t.regex((await kubectl('get', 'roles')).stdout, /^NAME\s+CREATED AT\nr\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/);
  await fetch(`${server.url}/api/v1/namespaces/default/pods`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ metadata: { name: 'p' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'busybox' }] } }),
  });
  t.regex(
    (await kubectl('get', 'pods', '-o', 'wide')).stdout,
    /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES\np\s+0\/1\s+Pending\s+0\s+\d+s\s+<none>\s+n1\s+<none>\s+<none>\n$/,
  );
});

test('ages read as kubectl shows them', (t) => {
  const s = 1000;
  t.deepEqual(
    [0, 59 * s, 119 * s, 182 * s, 300 * s, 95 * 60 * s, 4.5 * 3600 * s, 30 * 3600 * s, 3 * 86400 * s + 7200 * s, 12 * 86400 * s, 800 * 86400 * s, -5 * s].map(humanDuration),
    ['0s', '59s', '119s', '3m2s', '5m', '95m', '4h30m', '30h', '3d2h', '12d', '2y70d', '<invalid>'],
  );
});
