// The node agent under --authorization-mode=Node and the NodeRestriction admission, as a kubelet
// runs under kube-apiserver: with its own identity (system:node:<name> in system:nodes) it
// registers, renews its Lease, runs a pod an administrator bound to it (reading the pod's secret
// and configmap) and a static pod (whose mirror pod it creates), and reports their status; the
// same credentials are refused another node's Node, Lease, pod status and secrets, mirror pods
// and certificates, with kube's messages.

import test from 'ava';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigFor } from '@capstan/deploy';
import { adminToken, startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { eventually } from '../../common/test/eventually.ts';
import { startAgent, startRuntimeSim, type ManagedProcess, type RuntimeSimProcess } from '../src/node-agent-process.ts';

type Json = Record<string, any>;

const nodeToken = 'node-n1-token';
const otherNodeToken = 'node-n2-token';

let server: ApiServerChild;
let runtime: RuntimeSimProcess;
let agent: ManagedProcess;
const tokenDir = mkdtempSync(join(tmpdir(), 'capstan-node-authz-'));

test.before(async () => {
  runtime = await startRuntimeSim();
  server = await startApiServerChild({
    prefix: 'capstan-node-authz-',
    args: ['--authorization-mode=Node', '--enable-admission-plugins=NodeRestriction', `--token-auth-file=${tokenFile()}`],
  });
  const kubeconfig = join(server.dir, 'n1.kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: nodeToken }));
  const manifests = join(tokenDir, 'manifests');
  mkdirSync(manifests);
  writeFileSync(
    join(manifests, 'static.json'),
    JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'static', namespace: 'default' }, spec: { containers: [{ name: 'main', image: 'busybox' }] } }),
  );
  agent = await startAgent({ kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName: 'n1', config: { staticPodPath: manifests } });
});
test.after.always(async () => {
  await agent?.stop();
  await Promise.all([server?.stop(), runtime?.stop()]);
  rmSync(tokenDir, { recursive: true, force: true });
});

/** The token file the server reads: the administrator, the agent's node n1 and another node n2. */
function tokenFile(): string {
  const file = join(tokenDir, 'tokens.csv');
  writeFileSync(file, `${adminToken},admin,admin,system:masters\n${nodeToken},system:node:n1,n1,system:nodes\n${otherNodeToken},system:node:n2,n2,system:nodes\n`);
  return file;
}

async function call(token: string, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const admin = (method: string, path: string, body?: unknown) => call(adminToken, method, path, body);
const asNode = (method: string, path: string, body?: unknown, contentType?: string) => call(nodeToken, method, path, body, contentType);
const mergePatch = 'application/merge-patch+json';

/** A PEM certificate signing request for the common name, made by openssl. */
const certificateRequest = (commonName: string): string =>
  execFileSync('openssl', ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', '/dev/null', '-subj', `/O=system:nodes/CN=${commonName}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });

async function setUpPod(name: string, node: string): Promise<void> {
  await admin('POST', '/api/v1/namespaces/default/secrets', { metadata: { name: `${name}-secret` }, stringData: { word: 'hello' } });
  await admin('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: `${name}-config` }, data: { colour: 'blue' } });
  const created = await admin('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name },
    spec: {
      nodeName: node,
      containers: [
        {
          name: 'main',
          image: 'busybox',
          env: [{ name: 'WORD', valueFrom: { secretKeyRef: { name: `${name}-secret`, key: 'word' } } }],
          envFrom: [{ configMapRef: { name: `${name}-config` } }],
        },
      ],
    },
  });
  if (created.status !== 201) throw new Error(`creating pod ${name}: ${JSON.stringify(created.body)}`);
}

test.serial('the agent registers, renews its Lease and runs a pod bound to it under Node authorization', async (t) => {
  const node = await eventually(
    'n1 to be Ready',
    async () => {
      const { body } = await admin('GET', '/api/v1/nodes/n1');
      return body.status?.conditions?.some((c: Json) => c.type === 'Ready' && c.status === 'True') === true ? body : undefined;
    },
    60_000,
  );
  t.is(node.metadata.labels['kubernetes.io/hostname'], 'n1');
  const lease = await eventually('the Lease of n1', async () => {
    const { status, body } = await admin('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1');
    return status === 200 ? body : undefined;
  });
  t.is(lease.spec.holderIdentity, 'n1');
  t.deepEqual(
    lease.metadata.ownerReferences?.map((owner: Json) => [owner.kind, owner.name]),
    [['Node', 'n1']],
  );

  await setUpPod('web', 'n1');
  const pod = await eventually(
    'the pod to run',
    async () => {
      const { body } = await admin('GET', '/api/v1/namespaces/default/pods/web');
      return body.status?.phase === 'Running' && body.status.containerStatuses?.[0]?.ready === true ? body : undefined;
    },
    60_000,
  );
  t.is(pod.spec.nodeName, 'n1');
  t.true(pod.status.conditions.some((c: Json) => c.type === 'Ready' && c.status === 'True'));
  // A static pod's mirror, which NodeRestriction lets a node create for itself only.
  const mirror = await eventually(
    'the mirror pod of the static pod to show Running',
    async () => {
      const { body } = await admin('GET', '/api/v1/namespaces/default/pods/static-n1');
      return body.status?.phase === 'Running' ? body : undefined;
    },
    60_000,
  );
  t.deepEqual(
    mirror.metadata.ownerReferences?.map((owner: Json) => [owner.kind, owner.name, owner.controller]),
    [['Node', 'n1', true]],
  );
  t.false(/forbidden/i.test(agent.output()), agent.output());
});

test.serial("the node's credentials are refused another node's objects with kube's messages, and allowed its own", async (t) => {
  await eventually('n1 to be registered', async () => ((await admin('GET', '/api/v1/nodes/n1')).status === 200 ? true : undefined), 60_000);
  t.is((await call(otherNodeToken, 'POST', '/api/v1/nodes', { metadata: { name: 'n2' } })).status, 201);
  t.is(
    (await call(otherNodeToken, 'POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { metadata: { name: 'n2' }, spec: { holderIdentity: 'n2' } })).status,
    201,
  );
  await setUpPod('elsewhere', 'n2');
  await setUpPod('here', 'n1');

  const otherNode = await asNode('GET', '/api/v1/nodes/n2');
  t.is(otherNode.status, 403);
  t.is(
    otherNode.body.message,
    `nodes "n2" is forbidden: User "system:node:n1" cannot get resource "nodes" in API group "" at the cluster scope: node 'n1' cannot read 'n2', only its own Node object`,
  );
  t.is((await asNode('GET', '/api/v1/nodes/n1')).status, 200);
  const allNodes = await asNode('GET', '/api/v1/nodes');
  t.is(
    allNodes.body.message,
    `nodes is forbidden: User "system:node:n1" cannot list resource "nodes" in API group "" at the cluster scope: node 'n1' cannot read all nodes, only its own Node object`,
  );

  const patchOtherNode = await asNode('PATCH', '/api/v1/nodes/n2', { metadata: { labels: { a: 'b' } } }, mergePatch);
  t.is(patchOtherNode.status, 403);
  t.is(patchOtherNode.body.message, 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  const taints = await asNode('PATCH', '/api/v1/nodes/n1', { spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } }, mergePatch);
  t.is(taints.body.message, 'nodes "n1" is forbidden: node "n1" is not allowed to modify taints');
  const labels = await asNode('PATCH', '/api/v1/nodes/n1', { metadata: { labels: { 'node-restriction.kubernetes.io/x': 'y', 'example.com/ok': 'y' } } }, mergePatch);
  t.is(labels.body.message, 'nodes "n1" is forbidden: is not allowed to modify labels: node-restriction.kubernetes.io/x');

  const otherLease = await asNode('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n2');
  t.is(otherLease.status, 403);
  t.is(
    otherLease.body.message,
    'leases.coordination.k8s.io "n2" is forbidden: User "system:node:n1" cannot get resource "leases" in API group "coordination.k8s.io" in the namespace "kube-node-lease": can only access node lease with the same name as the requesting node',
  );
  const leaseCreate = await asNode('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { metadata: { name: 'n3' }, spec: {} });
  t.is(leaseCreate.body.message, 'leases.coordination.k8s.io "n3" is forbidden: can only access node lease with the same name as the requesting node');

  t.is((await asNode('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1')).status, 200);

  const otherStatus = await asNode('PATCH', '/api/v1/namespaces/default/pods/elsewhere/status', { status: { message: 'mine' } }, mergePatch);
  t.is(otherStatus.status, 403);
  t.is(otherStatus.body.message, 'pods "elsewhere" is forbidden: node "n1" can only update pod status for pods with spec.nodeName set to itself');
  const eviction = await asNode('POST', '/api/v1/namespaces/default/pods/elsewhere/eviction', {
    apiVersion: 'policy/v1',
    kind: 'Eviction',
    metadata: { name: 'elsewhere', namespace: 'default' },
  });
  t.is(eviction.body.message, 'pods "elsewhere" is forbidden: node n1 can only evict pods with spec.nodeName set to itself');
  const deletion = await asNode('DELETE', '/api/v1/namespaces/default/pods/elsewhere');
  t.is(deletion.body.message, 'pods "elsewhere" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself');
  const otherPod = await asNode('GET', '/api/v1/namespaces/default/pods/elsewhere');
  t.is(
    otherPod.body.message,
    `pods "elsewhere" is forbidden: User "system:node:n1" cannot get resource "pods" in API group "" in the namespace "default": no relationship found between node 'n1' and this object`,
  );
  const allPods = await asNode('GET', '/api/v1/pods');
  t.is(
    allPods.body.message,
    'pods is forbidden: User "system:node:n1" cannot list resource "pods" in API group "" at the cluster scope: can only list/watch pods with spec.nodeName field selector',
  );
  t.is((await asNode('GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dn1')).status, 200);

  const otherSecret = await asNode('GET', '/api/v1/namespaces/default/secrets/elsewhere-secret');
  t.is(otherSecret.status, 403);
  t.is(
    otherSecret.body.message,
    `secrets "elsewhere-secret" is forbidden: User "system:node:n1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node 'n1' and this object`,
  );
  const otherConfig = await asNode('GET', '/api/v1/namespaces/default/configmaps/elsewhere-config');
  t.is(otherConfig.status, 403);

  // Its own: the graph learns of the pod from a watch, so the first answers may come before it.
  const secret = await eventually('the secret of its own pod', async () => {
    const answer = await asNode('GET', '/api/v1/namespaces/default/secrets/here-secret');
    return answer.status === 200 ? answer.body : undefined;
  });
  t.is(secret.metadata.name, 'here-secret');
  t.is((await asNode('GET', '/api/v1/namespaces/default/configmaps/here-config')).status, 200);
  t.is((await asNode('GET', '/api/v1/namespaces/default/pods/here')).status, 200);
  const ownStatus = await asNode('PATCH', '/api/v1/namespaces/default/pods/here/status', { status: { message: 'reported' } }, mergePatch);
  t.is(ownStatus.status, 200);
  const ownLabels = await asNode('PATCH', '/api/v1/namespaces/default/pods/here/status', { metadata: { labels: { x: 'y' } } }, mergePatch);
  t.is(ownLabels.body.message, 'pods "here" is forbidden: node "n1" cannot update labels through pod status');

  const mirrorElsewhere = await asNode('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'mirror', annotations: { 'kubernetes.io/config.mirror': 'hash' } },
    spec: { nodeName: 'n2', containers: [{ name: 'main', image: 'busybox' }] },
  });
  t.is(mirrorElsewhere.body.message, 'pods "mirror" is forbidden: node "n1" can only create pods with spec.nodeName set to itself');
  const notMirror = await asNode('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'plain' },
    spec: { nodeName: 'n1', containers: [{ name: 'main', image: 'busybox' }] },
  });
  t.is(notMirror.body.message, 'pods "plain" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "n1" can only create mirror pods');
  const csr = await asNode('POST', '/apis/certificates.k8s.io/v1/certificatesigningrequests', {
    metadata: { name: 'n1-client' },
    spec: {
      request: Buffer.from(certificateRequest('system:node:n2')).toString('base64'),
      signerName: 'kubernetes.io/kube-apiserver-client-kubelet',
      usages: ['digital signature', 'client auth'],
    },
  });
  t.is(csr.body.message, 'certificatesigningrequests.certificates.k8s.io "n1-client" is forbidden: can only create a node CSR with CN=system:node:n1');

  const slice = (name: string, node: string, annotations: Record<string, string> = {}) => ({
    metadata: { name, annotations },
    spec: { nodeName: node, driver: 'gpu.example.com', pool: { name: 'pool', generation: 0, resourceSliceCount: 1 }, devices: [] },
  });
  const otherSlice = await asNode('POST', '/apis/resource.k8s.io/v1/resourceslices', slice('theirs', 'n2'));
  t.is(otherSlice.body.message, 'resourceslices.resource.k8s.io "theirs" is forbidden: can only create ResourceSlice with the same NodeName as the requesting node');
  t.is((await asNode('POST', '/apis/resource.k8s.io/v1/resourceslices', slice('mine', 'n1'))).status, 201);
  // A large write is checked on the whole object too (it is not prepared on a work thread): this
  // one is its own, so validation has the last word (annotations over 256 KiB).
  const large = await asNode('POST', '/apis/resource.k8s.io/v1/resourceslices', slice('large', 'n1', { big: 'x'.repeat(300_000) }));
  t.is(large.status, 422);

  // Once the pod is gone, so is the node's access to its secret.
  t.is((await admin('DELETE', '/api/v1/namespaces/default/pods/elsewhere?gracePeriodSeconds=0')).status, 200);
  t.is((await admin('DELETE', '/api/v1/namespaces/default/pods/here?gracePeriodSeconds=0')).status, 200);
  await eventually(
    'the secret to be out of reach',
    async () => ((await asNode('GET', '/api/v1/namespaces/default/secrets/here-secret')).status === 403 ? true : undefined),
    60_000,
  );
  t.pass();
});
