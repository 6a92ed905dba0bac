// kube's smaller default-on admission plugins, driven by kubectl: Priority (a pod's priority from
// its PriorityClass or the global default), DefaultStorageClass and StorageObjectInUseProtection
// (a claim's class and finalizer), PersistentVolumeClaimResize, DefaultIngressClass and
// RuntimeClass, each answering with kube-apiserver 1.35's words; PodTopologyLabels (a pod bound
// to a node gets its zone and region labels).

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlApply } from '../src/kubectl-apply.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer();
});
test.after.always(async () => {
  await server?.stop();
});

const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
const getJson = async (...args: string[]) => JSON.parse((await kubectl('get', ...args, '-o', 'json')).stdout);
const applied = async (t: { is: (a: unknown, b: unknown, m?: string) => void }, object: unknown): Promise<void> => {
  const outcome = await kubectlApply(server.kubeconfig, object);
  t.is(outcome.code, 0, outcome.output);
};
const pod = (name: string, spec: object = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});

test.serial('a pod gets its priority from its PriorityClass, else from the global default; only one default may exist', async (t) => {
  await applied(t, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 });
  await applied(t, pod('urgent', { priorityClassName: 'high' }));
  t.like((await getJson('pod', 'urgent')).spec, { priorityClassName: 'high', priority: 1000, preemptionPolicy: 'PreemptLowerPriority' });
  // Without any default: priority 0 and no class name.
  await kubectl('run', 'plain', '--image=nginx');
  const plain = (await getJson('pod', 'plain')).spec;
  t.is(plain.priority, 0);
  t.is(plain.priorityClassName, undefined);

  await applied(t, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'fallback' }, value: 50, globalDefault: true, preemptionPolicy: 'Never' });
  await kubectl('run', 'defaulted', '--image=nginx');
  t.like((await getJson('pod', 'defaulted')).spec, { priorityClassName: 'fallback', priority: 50, preemptionPolicy: 'Never' });

  const second = await kubectlApply(server.kubeconfig, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'other' }, value: 7, globalDefault: true });
  t.not(second.code, 0);
  t.regex(second.output, /priorityclasses\.scheduling\.k8s\.io "other" is forbidden: PriorityClass fallback is already marked as default\. Only one default can exist/);

  const unknown = await kubectlApply(server.kubeconfig, pod('lost', { priorityClassName: 'nope' }));
  t.not(unknown.code, 0);
  t.regex(unknown.output, /pods "lost" is forbidden: no PriorityClass with name nope was found/);
  const byHand = await kubectlApply(server.kubeconfig, pod('by-hand', { priorityClassName: 'high', priority: 5 }));
  t.regex(
    byHand.output,
    /pods "by-hand" is forbidden: the integer value of priority \(5\) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name/,
  );
  // The system classes may be named in any namespace, as in kube 1.35.
  await applied(t, pod('critical', { priorityClassName: 'system-node-critical' }));
  t.is((await getJson('pod', 'critical')).spec.priority, 2000001000);
});

test.serial('a claim gets the newest default StorageClass and the protection finalizer; growing it needs a class that allows expansion', async (t) => {
  const storageClass = (name: string, extra: object = {}) => ({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name, annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: 'example.com/disk',
    ...extra,
  });
  await applied(t, storageClass('b-default'));
  // Created in the same second or later: newest first, then by name.
  await applied(t, storageClass('a-default'));
  const claim = (name: string, spec: object = {}) => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
  });
  await applied(t, claim('data'));
  const data = await getJson('pvc', 'data');
  t.is(data.spec.storageClassName, 'a-default');
  t.deepEqual(data.metadata.finalizers, ['kubernetes.io/pvc-protection']);
  // "" asks for no class: it stays so.
  await applied(t, claim('classless', { storageClassName: '' }));
  t.is((await getJson('pvc', 'classless')).spec.storageClassName, '');

  await kubectl('patch', 'pvc', 'data', '--subresource=status', '--type=merge', '-p', '{"status":{"phase":"Bound"}}');
  const grow = await kubectl('patch', 'pvc', 'data', '--type=merge', '-p', '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}').then(
    () => '',
    (error: { stderr: string }) => error.stderr,
  );
  t.regex(grow, /persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize/);
  await applied(t, storageClass('a-default', { allowVolumeExpansion: true }));
  await kubectl('patch', 'pvc', 'data', '--type=merge', '-p', '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}');
  t.is((await getJson('pvc', 'data')).spec.resources.requests.storage, '2Gi');

  await applied(t, {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'disk' },
    spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp' } },
  });
  t.deepEqual((await getJson('pv', 'disk')).metadata.finalizers, ['kubernetes.io/pv-protection']);
});

test.serial('an Ingress without a class gets the default IngressClass', async (t) => {
  await applied(t, {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'IngressClass',
    metadata: { name: 'nginx', annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } },
    spec: { controller: 'k8s.io/ingress-nginx' },
  });
  await kubectl('create', 'ingress', 'web', '--rule=example.com/=web:80');
  t.is((await getJson('ingress', 'web')).spec.ingressClassName, 'nginx');
  await kubectl('create', 'ingress', 'other', '--class=special', '--rule=example.com/=web:80');
  t.is((await getJson('ingress', 'other')).spec.ingressClassName, 'special');
});

test.serial('a pod gets its RuntimeClass overhead and scheduling; an unknown class is refused', async (t) => {
  const unknown = await kubectl('run', 'sandboxed', '--image=nginx', '--overrides={"spec":{"runtimeClassName":"gvisor"}}').then(
    () => '',
    (error: { stderr: string }) => error.stderr,
  );
  t.is(unknown, 'Error from server (Forbidden): pods "sandboxed" is forbidden: pod rejected: RuntimeClass "gvisor" not found\n');
  await applied(t, {
    apiVersion: 'node.k8s.io/v1',
    kind: 'RuntimeClass',
    metadata: { name: 'gvisor' },
    handler: 'runsc',
    overhead: { podFixed: { cpu: '100m', memory: '64Mi' } },
    scheduling: { nodeSelector: { sandbox: 'gvisor' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] },
  });
  await kubectl('run', 'sandboxed', '--image=nginx', '--overrides={"spec":{"runtimeClassName":"gvisor"}}');
  const spec = (await getJson('pod', 'sandboxed')).spec;
  t.deepEqual(spec.overhead, { cpu: '100m', memory: '64Mi' });
  t.deepEqual(spec.nodeSelector, { sandbox: 'gvisor' });
  t.true(spec.tolerations.some((toleration: { key?: string }) => toleration.key === 'sandbox'));
  const mismatch = await kubectlApply(server.kubeconfig, pod('heavy', { runtimeClassName: 'gvisor', overhead: { cpu: '1' } }));
  t.regex(mismatch.output, /pods "heavy" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead/);
});

test.serial('a pod bound to a node, by its spec or by a binding, gets the node’s zone and region labels', async (t) => {
  await applied(t, {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'zoned', labels: { 'topology.kubernetes.io/zone': 'z1', 'topology.kubernetes.io/region': 'r1', rack: '7' } },
  });
  await applied(t, pod('pinned', { nodeName: 'zoned' }));
  t.like((await getJson('pod', 'pinned')).metadata.labels, { 'topology.kubernetes.io/zone': 'z1', 'topology.kubernetes.io/region': 'r1' });
  await applied(t, pod('scheduled'));
  const bound = await fetch(`${server.url}/api/v1/namespaces/default/pods/scheduled/binding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'Binding', metadata: { name: 'scheduled' }, target: { kind: 'Node', name: 'zoned' } }),
  });
  t.is(bound.status, 201);
  const scheduled = await getJson('pod', 'scheduled');
  t.is(scheduled.spec.nodeName, 'zoned');
  t.deepEqual(scheduled.metadata.labels, { 'topology.kubernetes.io/region': 'r1', 'topology.kubernetes.io/zone': 'z1' });
});
