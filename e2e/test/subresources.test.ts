import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
type Obj = {
  kind: string;
  metadata: { name: string; resourceVersion: string; generation?: number; labels?: Record<string, string>; uid?: string };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  data?: Record<string, string>;
  message?: string;
  code?: number;
};

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer();
});
test.after.always(() => server.stop());

const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
const call = async (method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; body: Obj }> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': contentType },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Obj };
};

const deployments = '/apis/apps/v1/namespaces/default/deployments';
const deployment = (name: string, replicas: number) => ({
  metadata: { name },
  spec: {
    replicas,
    selector: { matchLabels: { app: name }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['web', 'api'] }] },
    template: { metadata: { labels: { app: name, tier: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
  },
});

test('the scale subresource reads and writes spec.replicas as an autoscaling/v1 Scale; kubectl scale uses it', async (t) => {
  await call('POST', deployments, deployment('web', 2));
  const scale = await call('GET', `${deployments}/web/scale`);
  t.is(scale.status, 200);
  t.like(scale.body, { kind: 'Scale', spec: { replicas: 2 }, status: { replicas: 0, selector: 'app=web,tier in (api,web)' } });

  t.is((await kubectl('scale', 'deployment', 'web', '--replicas=5')).stdout, 'deployment.apps/web scaled\n');
  const scaled = await call('GET', `${deployments}/web`);
  t.is(scaled.body.spec?.replicas, 5);
  t.is(scaled.body.metadata.generation, 2);

  const put = await call('PUT', `${deployments}/web/scale`, { metadata: { name: 'web', resourceVersion: scaled.body.metadata.resourceVersion }, spec: { replicas: 0 } });
  t.is(put.status, 200);
  t.deepEqual(put.body.spec, {});
  const stale = await call('PUT', `${deployments}/web/scale`, { metadata: { name: 'web', resourceVersion: scaled.body.metadata.resourceVersion }, spec: { replicas: 1 } });
  t.is(stale.status, 409);
  const negative = await call('PUT', `${deployments}/web/scale`, { metadata: { name: 'web' }, spec: { replicas: -1 } });
  t.is(negative.status, 422);
  t.is(negative.body.message, 'Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  t.is((await call('GET', '/api/v1/namespaces/default/configmaps/x/scale')).status, 404);
});

test('merge and JSON patches apply to objects and to their status; an unknown patch type is refused with 415', async (t) => {
  const configMaps = '/api/v1/namespaces/default/configmaps';
  await call('POST', configMaps, { metadata: { name: 'patched', labels: { keep: 'yes', drop: 'yes' } }, data: { a: '1' } });
  t.is((await kubectl('patch', 'cm', 'patched', '--type=merge', '-p', '{"data":{"b":"2"},"metadata":{"labels":{"drop":null}}}')).stdout, 'configmap/patched patched\n');
  const merged = await call('GET', `${configMaps}/patched`);
  t.deepEqual(merged.body.data, { a: '1', b: '2' });
  t.deepEqual(merged.body.metadata.labels, { keep: 'yes' });
  t.is((await kubectl('patch', 'cm', 'patched', '--type=merge', '-p', '{"data":{"b":"2"}}')).stdout, 'configmap/patched patched (no change)\n');

  await kubectl('patch', 'cm', 'patched', '--type=json', '-p', '[{"op":"replace","path":"/data/a","value":"9"},{"op":"remove","path":"/data/b"}]');
  t.deepEqual((await call('GET', `${configMaps}/patched`)).body.data, { a: '9' });
  const missing = await call('PATCH', `${configMaps}/patched`, [{ op: 'remove', path: '/data/zzz' }], 'application/json-patch+json');
  t.is(missing.status, 422);
  const failedTest = await call('PATCH', `${configMaps}/patched`, [{ op: 'test', path: '/data/a', value: '1' }], 'application/json-patch+json');
  t.is(failedTest.status, 422);
  t.like(failedTest.body, { reason: 'Invalid', message: 'the server rejected our request due to an error in our request', details: {} });

  const pinned = await call('PATCH', `${configMaps}/patched`, { metadata: { resourceVersion: '1' }, data: { c: '3' } }, 'application/merge-patch+json');
  t.is(pinned.status, 409);
  t.is((await call('PATCH', `${configMaps}/nope`, { data: {} }, 'application/merge-patch+json')).status, 404);
  const unknownType = await call('PATCH', `${configMaps}/patched`, { data: {} }, 'application/x-patch+json');
  t.is(unknownType.status, 415);
  t.is(
    unknownType.body.message,
    'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml',
  );

  await call('POST', deployments, deployment('status-patched', 1));
  const statusPatch = await kubectl('patch', 'deployment', 'status-patched', '--subresource=status', '--type=merge', '-p', '{"status":{"replicas":1},"spec":{"replicas":7}}');
  t.is(statusPatch.stdout, 'deployment.apps/status-patched patched\n');
  const afterStatus = await call('GET', `${deployments}/status-patched`);
  t.is(afterStatus.body.status?.replicas, 1);
  t.is(afterStatus.body.spec?.replicas, 1);
});

test('a binding assigns a pod to a node once; an eviction deletes the pod', async (t) => {
  const pods = '/api/v1/namespaces/default/pods';
  await call('POST', pods, { metadata: { name: 'bound' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  const bound = await call('POST', `${pods}/bound/binding`, { metadata: { name: 'bound' }, target: { kind: 'Node', name: 'node-a' } });
  t.is(bound.status, 201);
  t.like(bound.body as unknown as Record<string, unknown>, { kind: 'Status', status: 'Success', code: 201 });
  const pod = await call('GET', `${pods}/bound`);
  t.is(pod.body.spec?.nodeName, 'node-a');
  t.like((pod.body.status?.conditions as unknown[])[0], { type: 'PodScheduled', status: 'True' });
  const twice = await call('POST', '/api/v1/namespaces/default/bindings', { metadata: { name: 'bound' }, target: { name: 'node-b' } });
  t.is(twice.status, 409);
  t.is(twice.body.message, 'Operation cannot be fulfilled on pods/binding "bound": pod bound is already assigned to node "node-a"');
  const noTarget = await call('POST', `${pods}/bound/binding`, { metadata: { name: 'bound' }, target: {} });
  t.is(noTarget.status, 422);

  await call('POST', pods, { metadata: { name: 'evicted' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  const eviction = await call('POST', `${pods}/evicted/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'evicted' } });
  t.is(eviction.status, 201);
  t.is((await call('GET', `${pods}/evicted`)).status, 404);
  // The log comes from the agent of the pod's node; node-a has no Node object, so kube's 404 for it.
  const log = await call('GET', `${pods}/bound/log`);
  t.is(log.status, 404);
  t.is(log.body.message, 'nodes "node-a" not found');
});

test('access and token reviews are answered from the request and never stored', async (t) => {
  const review = await call('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    spec: { resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'default' } },
  });
  t.is(review.status, 201);
  t.deepEqual(review.body.status, { allowed: true });
  const neither = await call('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { spec: { user: 'alice' } });
  t.is(neither.status, 422);
  t.regex(neither.body.message ?? '', /exactly one of nonResourceAttributes or resourceAttributes must be specified/);
  const token = await call('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { spec: {} });
  t.is(token.status, 400);
  t.is((await call('GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews')).status, 405);
  const whoami = await call('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
  t.deepEqual(whoami.body.status, { userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } });
});

test('a Node keeps the status it is created with (a kubelet registers with it); other kinds drop theirs', async (t) => {
  const status = { addresses: [{ type: 'InternalIP', address: '10.0.0.7' }], daemonEndpoints: { kubeletEndpoint: { Port: 10250 } } };
  const node = await call('POST', '/api/v1/nodes', { metadata: { name: 'registered-with-status' }, status });
  t.is(node.status, 201);
  t.like(node.body.status, status);
  const bare = await call('POST', '/api/v1/nodes', { metadata: { name: 'registered-bare' } });
  t.deepEqual(bare.body.status, {});
  const pod = await call('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'created-with-status' },
    spec: { containers: [{ name: 'c', image: 'i' }] },
    status: { phase: 'Running' },
  });
  t.is(pod.body.status?.['phase'], 'Pending');
});
