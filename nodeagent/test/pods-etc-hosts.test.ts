// The kubelet-managed /etc/hosts: every container of a pod sees <root-dir>/pods/<uid>/etc-hosts at
// /etc/hosts with the kubelet's layout (header, localhost entries, the pod IP with its host name,
// the FQDN first with a subdomain, then the hostAliases); a hostNetwork pod gets the node's hosts
// file under the host-network header; a container that mounts its own /etc/hosts keeps it.

import test from 'ava';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { createPod, execIn, isRunning } from './pods-events-and-exec.ts';
import { podManifest, startAgentNode, startApiServer, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const localhostEntries =
  '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n';
const aliases = [
  { ip: '10.1.2.3', hostnames: ['foo.local', 'bar.local'] },
  { ip: '10.1.2.4', hostnames: ['baz.local'] },
];

test("a pod with a subdomain and hostAliases sees the kubelet's hosts file at /etc/hosts", async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-hosts', api });
  const client = node.client as RestClient;
  await createPod(client, podManifest('web-0', node.nodeName, { hostname: 'web-0', subdomain: 'web', hostAliases: aliases, containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  const pod = await waitForPod(client, 'default', 'web-0', isRunning, 'the pod to run');
  const ip = pod.status?.podIP as string;
  const expected = `# Kubernetes-managed hosts file.\n${localhostEntries}${ip}\tweb-0.web.default.svc.cluster.local\tweb-0\n\n# Entries added by HostAliases.\n10.1.2.3\tfoo.local\tbar.local\n10.1.2.4\tbaz.local\n`;
  const seen = await execIn(node, pod, ['cat', '/etc/hosts']);
  t.is(seen.exitCode, 0);
  t.is(seen.stdout, expected);
  const file = join(node.rootDir, 'pods', pod.metadata.uid, 'etc-hosts');
  t.is(readFileSync(file, 'utf8'), expected);
  t.is(statSync(file).mode & 0o777, 0o644);
});

test('without a subdomain the pod IP names the host alone; a container mounting /etc/hosts itself keeps its own', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-hosts-plain', api });
  const client = node.client as RestClient;
  await createPod(
    client,
    podManifest('plain', node.nodeName, {
      volumes: [{ name: 'own', emptyDir: {} }],
      containers: [
        { name: 'app', image: 'busybox:1.36' },
        { name: 'own', image: 'busybox:1.36', volumeMounts: [{ name: 'own', mountPath: '/etc/hosts' }] },
      ],
    }),
  );
  const pod = await waitForPod(
    client,
    'default',
    'plain',
    (p) => (p.status?.containerStatuses ?? []).every((c) => c.state?.running !== undefined) && p.status?.containerStatuses?.length === 2,
    'the pod to run',
  );
  const ip = pod.status?.podIP as string;
  t.is((await execIn(node, pod, ['cat', '/etc/hosts'])).stdout, `# Kubernetes-managed hosts file.\n${localhostEntries}${ip}\tplain\n`);
  const own = pod.status?.containerStatuses?.find((c) => c.name === 'own')?.containerID?.replace(/^.*:\/\//, '') as string;
  const status = (await node.runtime.containerStatus({ containerId: own })).status;
  t.deepEqual(
    status?.mounts.filter((m) => m.containerPath === '/etc/hosts').map((m) => m.hostPath.endsWith('etc-hosts')),
    [false],
  );
});

test("a hostNetwork pod gets the node's hosts file under the host-network header, then its hostAliases", async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-hosts-hostnet', api });
  const client = node.client as RestClient;
  await createPod(client, podManifest('hostnet', node.nodeName, { hostNetwork: true, hostAliases: aliases.slice(0, 1), containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  const pod = (await waitForPod(client, 'default', 'hostnet', isRunning, 'the pod to run')) as Pod;
  const seen = await execIn(node, pod, ['cat', '/etc/hosts']);
  t.is(seen.stdout, `# Kubernetes-managed hosts file (host network).\n${readFileSync('/etc/hosts', 'utf8')}\n# Entries added by HostAliases.\n10.1.2.3\tfoo.local\tbar.local\n`);
});
