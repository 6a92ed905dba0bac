// kube's admission plugins that are off unless --enable-admission-plugins names them, against real
// servers, with kube-apiserver 1.35's answers: NamespaceAutoProvision, DenyServiceExternalIPs,
// AlwaysPullImages, LimitPodHardAntiAffinityTopology, PodNodeSelector, PodTolerationRestriction,
// ExtendedResourceToleration, NamespaceExists and AlwaysDeny.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let enabled: ApiServerChild | undefined;
let strict: ApiServerChild | undefined;
let denying: ApiServerChild | undefined;
test.before(async () => {
  [enabled, strict, denying] = await Promise.all([
    startApiServerChild({
      prefix: 'capstan-optional-admission-',
      args: [
        '--enable-admission-plugins=NamespaceAutoProvision,DenyServiceExternalIPs,AlwaysPullImages,LimitPodHardAntiAffinityTopology,PodNodeSelector,PodTolerationRestriction,ExtendedResourceToleration',
      ],
    }),
    startApiServerChild({ prefix: 'capstan-optional-admission-', args: ['--enable-admission-plugins=NamespaceExists', '--disable-admission-plugins=NamespaceLifecycle'] }),
    startApiServerChild({ prefix: 'capstan-optional-admission-', args: ['--enable-admission-plugins=AlwaysDeny'] }),
  ]);
});
test.after.always(() => Promise.all([enabled?.stop(), strict?.stop(), denying?.stop()]));

type Answer = { status: number; body: { message?: string; spec?: Record<string, unknown>; metadata?: { name?: string } } };

async function send(server: ApiServerChild | undefined, method: string, path: string, body?: object, contentType = 'application/json'): Promise<Answer> {
  const { url, token } = server as ApiServerChild;
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

test('NamespaceAutoProvision creates the namespace of a create, not on dry run', async (t) => {
  t.is((await send(enabled, 'POST', '/api/v1/namespaces/dry/configmaps?dryRun=All', { metadata: { name: 'c' } })).status, 404);
  t.is((await send(enabled, 'GET', '/api/v1/namespaces/dry')).status, 404);
  t.is((await send(enabled, 'POST', '/api/v1/namespaces/auto/configmaps', { metadata: { name: 'c' } })).status, 201);
  t.like((await send(enabled, 'GET', '/api/v1/namespaces/auto')).body, { metadata: { name: 'auto' }, status: { phase: 'Active' } });
});

test('DenyServiceExternalIPs refuses a new external IP; the ones a Service has may stay', async (t) => {
  const service = (name: string, externalIPs?: string[]) => ({ metadata: { name }, spec: { ports: [{ port: 80 }], ...(externalIPs ? { externalIPs } : {}) } });
  const refused = await send(enabled, 'POST', '/api/v1/namespaces/default/services', service('public', ['192.0.2.1']));
  t.is(refused.status, 403);
  t.is(refused.body.message, 'services "public" is forbidden: Use of external IPs is denied by admission control');
  t.is((await send(enabled, 'POST', '/api/v1/namespaces/default/services', service('internal'))).status, 201);
  const added = await send(enabled, 'PATCH', '/api/v1/namespaces/default/services/internal', { spec: { externalIPs: ['192.0.2.1'] } }, 'application/merge-patch+json');
  t.is(added.body.message, 'services "internal" is forbidden: Use of external IPs is denied by admission control');
});

test('AlwaysPullImages makes every container pull Always; LimitPodHardAntiAffinityTopology allows only the hostname key', async (t) => {
  const pod = {
    metadata: { name: 'pulled' },
    spec: { initContainers: [{ name: 'i', image: 'busybox', imagePullPolicy: 'Never' }], containers: [{ name: 'c', image: 'nginx', imagePullPolicy: 'IfNotPresent' }] },
  };
  const created = await send(enabled, 'POST', '/api/v1/namespaces/default/pods', pod);
  t.is(created.status, 201);
  const spec = created.body.spec as { initContainers: { imagePullPolicy: string }[]; containers: { imagePullPolicy: string }[] };
  t.deepEqual(
    [...spec.initContainers, ...spec.containers].map((c) => c.imagePullPolicy),
    ['Always', 'Always'],
  );
  const zoned = await send(enabled, 'POST', '/api/v1/namespaces/default/pods', {
    metadata: { generateName: 'zoned-' },
    spec: {
      containers: [{ name: 'c', image: 'nginx' }],
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'topology.kubernetes.io/zone', labelSelector: {} }] } },
    },
  });
  t.is(zoned.status, 403);
  t.regex(
    zoned.body.message ?? '',
    /^pods "zoned-\w{5}" is forbidden: affinity\.PodAntiAffinity\.RequiredDuringScheduling has TopologyKey topology\.kubernetes\.io\/zone but only key kubernetes\.io\/hostname is allowed$/,
  );
});

test('NamespaceExists answers 404 for a write in a missing namespace', async (t) => {
  const missing = await send(strict, 'POST', '/api/v1/namespaces/missing/configmaps', { metadata: { name: 'c' } });
  t.is(missing.status, 404);
  t.is(missing.body.message, 'namespaces "missing" not found');
  t.is((await send(strict, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'c' } })).status, 201);
});

test('AlwaysDeny refuses every write, in the words of kube, but not reads', async (t) => {
  const denied = await send(denying, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { generateName: 'c-' } });
  t.is(denied.status, 403);
  t.is(denied.body.message, 'configmaps "c-" is forbidden: admission control is denying all modifications');
  const patched = await send(denying, 'PATCH', '/api/v1/namespaces/default', { metadata: { labels: { a: 'b' } } }, 'application/merge-patch+json');
  t.is(patched.body.message, 'namespaces "default" is forbidden: admission control is denying all modifications');
  t.is((await send(denying, 'GET', '/api/v1/namespaces/default')).status, 200);
});

test('PodNodeSelector and PodTolerationRestriction add the namespace’s node selector and default tolerations, and hold pods to its whitelist', async (t) => {
  const annotations = {
    'scheduler.alpha.kubernetes.io/node-selector': 'env=prod, tier = web',
    'scheduler.alpha.kubernetes.io/defaultTolerations': JSON.stringify([{ key: 'dedicated', operator: 'Equal', value: 'prod', effect: 'NoSchedule' }]),
    'scheduler.alpha.kubernetes.io/tolerationsWhitelist': JSON.stringify([
      { key: 'dedicated', operator: 'Exists' },
      { operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists' },
    ]),
  };
  t.is((await send(enabled, 'POST', '/api/v1/namespaces', { metadata: { name: 'prod', annotations } })).status, 201);
  const pod = (name: string, spec: object = {}) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '1' } } }], ...spec } });
  const created = await send(enabled, 'POST', '/api/v1/namespaces/prod/pods', pod('web', { nodeSelector: { disk: 'ssd' } }));
  t.is(created.status, 201, JSON.stringify(created.body));
  t.deepEqual(created.body.spec?.nodeSelector, { env: 'prod', tier: 'web', disk: 'ssd' });
  // After DefaultTolerationSeconds' two; not BestEffort, it tolerates memory pressure too.
  t.deepEqual(created.body.spec?.tolerations, [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'dedicated', operator: 'Equal', value: 'prod', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  ]);
  const conflicting = await send(enabled, 'POST', '/api/v1/namespaces/prod/pods', pod('dev', { nodeSelector: { env: 'dev' } }));
  t.is(conflicting.status, 403);
  t.is(conflicting.body.message, 'pods "dev" is forbidden: pod node label selector conflicts with its namespace node label selector');
  const outside = await send(enabled, 'POST', '/api/v1/namespaces/prod/pods', pod('gpu', { tolerations: [{ key: 'gpu', operator: 'Exists' }] }));
  t.is(outside.status, 500);
  t.is(outside.body.message, 'pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist');
});

test('ExtendedResourceToleration makes a pod requesting an extended resource tolerate its taint', async (t) => {
  const gpu = { requests: { 'example.com/gpu': '1', cpu: '1' }, limits: { 'example.com/gpu': '1' } };
  const created = await send(enabled, 'POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'trainer' },
    spec: { tolerations: [{ key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }], containers: [{ name: 'c', image: 'x', resources: gpu }] },
  });
  t.is(created.status, 201, JSON.stringify(created.body));
  const tolerations = created.body.spec?.tolerations as { key?: string; tolerationSeconds?: number }[];
  // The pod's own toleration of the same key and effect is replaced, not repeated.
  t.deepEqual(
    tolerations.filter((toleration) => toleration.key === 'example.com/gpu'),
    [{ key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
  );
});
