// Objects come back defaulted as kube-apiserver defaults them: what kubectl's generators leave
// out is filled in, and a pod starts with its QoS class.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const getJson = async (path: string): Promise<Record<string, any>> => (await (await fetch(`${shared.server().url}${path}`)).json()) as Record<string, any>;

test('kubectl create deployment: replicas, strategy, history and deadline, and the pod template, defaulted', async (t) => {
  await shared.kubectl('create', 'deployment', 'web', '--image=nginx:1.27');
  const { spec } = await getJson('/apis/apps/v1/namespaces/default/deployments/web');
  t.like(spec, {
    replicas: 1,
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
  });
  t.deepEqual(spec.template.spec, {
    containers: [
      { name: 'nginx', image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' },
    ],
    dnsPolicy: 'ClusterFirst',
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
    securityContext: {},
    schedulerName: 'default-scheduler',
  });
});

test('a pod: service links, probe timings, volume modes, image pull policy by tag, requests from limits, and its QoS class', async (t) => {
  const created = await fetch(`${shared.server().url}/api/v1/namespaces/default/pods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      metadata: { name: 'probed' },
      spec: {
        containers: [
          {
            name: 'app',
            image: 'registry.example:5000/app',
            readinessProbe: { httpGet: { port: 8080 } },
            resources: { limits: { cpu: '1', memory: '1Gi' } },
            ports: [{ containerPort: 8080 }],
          },
        ],
        volumes: [{ name: 'scratch' }, { name: 'settings', configMap: { name: 'settings' } }],
      },
    }),
  });
  t.is(created.status, 201);
  const pod = (await created.json()) as Record<string, any>;
  const [container] = pod.spec.containers;
  t.is(container.imagePullPolicy, 'Always');
  t.deepEqual(container.readinessProbe, { httpGet: { port: 8080, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
  t.deepEqual(container.resources.requests, { cpu: '1', memory: '1Gi' });
  t.deepEqual(container.ports, [{ containerPort: 8080, protocol: 'TCP' }]);
  t.deepEqual(pod.spec.volumes, [
    { name: 'scratch', emptyDir: {} },
    { name: 'settings', configMap: { name: 'settings', defaultMode: 420 } },
  ]);
  t.is(pod.spec.enableServiceLinks, true);
  t.deepEqual(pod.status, { phase: 'Pending', qosClass: 'Guaranteed' });
});

test('kubectl create service, job and cronjob, and a Secret without a type, come back defaulted', async (t) => {
  await shared.kubectl('create', 'service', 'nodeport', 'edge', '--tcp=80:8080');
  const service = await getJson('/api/v1/namespaces/default/services/edge');
  t.like(service.spec, { type: 'NodePort', sessionAffinity: 'None', externalTrafficPolicy: 'Cluster', internalTrafficPolicy: 'Cluster' });
  t.deepEqual(service.status, { loadBalancer: {} });

  await shared.kubectl('create', 'job', 'once', '--image=busybox:1.36');
  const job = await getJson('/apis/batch/v1/namespaces/default/jobs/once');
  t.like(job.spec, { parallelism: 1, completions: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, podReplacementPolicy: 'TerminatingOrFailed' });
  t.is(job.spec.template.spec.restartPolicy, 'Never');

  await shared.kubectl('create', 'cronjob', 'nightly', '--image=busybox:1.36', '--schedule=0 3 * * *');
  const cronJob = await getJson('/apis/batch/v1/namespaces/default/cronjobs/nightly');
  t.like(cronJob.spec, { concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  t.is(cronJob.spec.jobTemplate.spec.template.spec.dnsPolicy, 'ClusterFirst');

  const secret = await fetch(`${shared.server().url}/api/v1/namespaces/default/secrets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'plain' } }),
  });
  t.is(((await secret.json()) as { type: string }).type, 'Opaque');
});

test('kubectl apply of a Secret with stringData stores it in data, over a data key of the same name, and keeps no stringData', async (t) => {
  const manifest = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'mixed' }, data: { kept: 'a2VwdA==', both: 'b2xk' }, stringData: { both: 'new', plain: 'héllo' } };
  const dir = mkdtempSync(join(tmpdir(), 'capstan-secret-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'secret.json'), JSON.stringify(manifest));
  const applied = await shared.kubectl('apply', '-f', join(dir, 'secret.json'));
  t.is(applied.stdout, 'secret/mixed created\n');
  const secret = await getJson('/api/v1/namespaces/default/secrets/mixed');
  t.deepEqual(secret.data, { kept: 'a2VwdA==', both: Buffer.from('new').toString('base64'), plain: Buffer.from('héllo').toString('base64') });
  t.false('stringData' in secret);
  t.is(secret.type, 'Opaque');
});

test('a Job gets a selector of its own: its uid, also labelled on the pod template with its name; a manual selector must say so', async (t) => {
  await shared.kubectl('create', 'job', 'labelled', '--image=busybox:1.36');
  const job = await getJson('/apis/batch/v1/namespaces/default/jobs/labelled');
  const uid = job.metadata.uid as string;
  t.deepEqual(job.spec.selector, { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
  t.deepEqual(job.spec.template.metadata.labels, {
    'batch.kubernetes.io/controller-uid': uid,
    'batch.kubernetes.io/job-name': 'labelled',
    'controller-uid': uid,
    'job-name': 'labelled',
  });

  const template = { metadata: { labels: { app: 'batch' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36' }] } };
  const post = (name: string, spec: Record<string, unknown>) =>
    fetch(`${shared.server().url}/apis/batch/v1/namespaces/default/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name }, spec }),
    });
  // A selector of the user's own gains the uid, as kube's generateSelector adds it, but picks
  // more than the generated labels: refused unless manualSelector says it is meant.
  const merged = await post('merged', { selector: { matchLabels: { app: 'batch' } }, template });
  t.is(merged.status, 422);
  t.regex(
    ((await merged.json()) as { message: string }).message,
    /^Job\.batch "merged" is invalid: spec\.selector: Invalid value: \{"matchLabels":\{"app":"batch","batch\.kubernetes\.io\/controller-uid":"[-0-9a-f]{36}"\}\}: `selector` not auto-generated$/,
  );
  // One that names another uid is refused: it was not generated, and it misses the pods.
  const refused = await post('foreign', { selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'other' } }, template });
  t.is(refused.status, 422);
  const status = (await refused.json()) as { message: string; details: { causes: unknown[] } };
  t.true(
    status.message.startsWith(
      'Job.batch "foreign" is invalid: [spec.selector: Invalid value: {"matchLabels":{"batch.kubernetes.io/controller-uid":"other"}}: `selector` not auto-generated, spec.template.metadata.labels: Invalid value: {',
    ),
    status.message,
  );
  t.is(status.details.causes.length, 2);
  const manual = await post('chosen', { manualSelector: true, selector: { matchLabels: { app: 'batch' } }, template });
  t.is(manual.status, 201);
  const created = (await manual.json()) as { spec: { selector: unknown; template: { metadata: { labels: unknown } } } };
  t.deepEqual(created.spec.selector, { matchLabels: { app: 'batch' } });
  t.deepEqual(created.spec.template.metadata.labels, { app: 'batch' });
});

test('cluster kinds come back defaulted: StorageClass, PriorityClass, NetworkPolicy, LimitRange, RoleBinding subjects, webhooks, flow control', async (t) => {
  const post = async (path: string, body: Record<string, unknown>): Promise<Record<string, any>> => {
    const response = await fetch(`${shared.server().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    t.is(response.status, 201, path);
    return (await response.json()) as Record<string, any>;
  };
  t.like(await post('/apis/storage.k8s.io/v1/storageclasses', { metadata: { name: 'fast' }, provisioner: 'example.com/disk' }), {
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'Immediate',
  });
  await shared.kubectl('create', 'priorityclass', 'high', '--value=1000');
  t.is((await getJson('/apis/scheduling.k8s.io/v1/priorityclasses/high')).preemptionPolicy, 'PreemptLowerPriority');

  const policy = await post('/apis/networking.k8s.io/v1/namespaces/default/networkpolicies', {
    metadata: { name: 'web' },
    spec: { podSelector: {}, ingress: [{ ports: [{ port: 80 }] }], egress: [{}] },
  });
  t.deepEqual(policy.spec, { podSelector: {}, ingress: [{ ports: [{ port: 80, protocol: 'TCP' }] }], egress: [{}], policyTypes: ['Ingress', 'Egress'] });

  const limits = await post('/api/v1/namespaces/default/limitranges', {
    metadata: { name: 'sizes' },
    spec: {
      limits: [
        { type: 'Container', max: { cpu: '2' }, min: { memory: '64Mi' } },
        { type: 'Pod', max: { cpu: '4' } },
      ],
    },
  });
  t.deepEqual(limits.spec.limits, [
    { type: 'Container', max: { cpu: '2' }, min: { memory: '64Mi' }, default: { cpu: '2' }, defaultRequest: { cpu: '2', memory: '64Mi' } },
    { type: 'Pod', max: { cpu: '4' } },
  ]);

  const binding = await post('/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', {
    metadata: { name: 'readers' },
    roleRef: { kind: 'ClusterRole', name: 'view' },
    subjects: [
      { kind: 'User', name: 'ada' },
      { kind: 'ServiceAccount', name: 'robot', namespace: 'default' },
    ],
  });
  t.deepEqual(binding.roleRef, { kind: 'ClusterRole', name: 'view', apiGroup: 'rbac.authorization.k8s.io' });
  t.deepEqual(binding.subjects, [
    { kind: 'User', name: 'ada', apiGroup: 'rbac.authorization.k8s.io' },
    { kind: 'ServiceAccount', name: 'robot', namespace: 'default' },
  ]);

  const webhooks = await post('/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations', {
    metadata: { name: 'inject' },
    webhooks: [
      {
        name: 'inject.example.com',
        clientConfig: { service: { namespace: 'default', name: 'injector' } },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
      },
    ],
  });
  t.like(webhooks.webhooks[0], {
    failurePolicy: 'Fail',
    matchPolicy: 'Equivalent',
    namespaceSelector: {},
    objectSelector: {},
    timeoutSeconds: 10,
    reinvocationPolicy: 'Never',
    clientConfig: { service: { port: 443 } },
    rules: [{ scope: '*' }],
  });

  const level = await post('/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', {
    metadata: { name: 'batch' },
    spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } },
  });
  t.deepEqual(level.spec.limited, {
    nominalConcurrencyShares: 30,
    lendablePercent: 0,
    limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } },
  });
});

test('zero queuing numbers of a priority level take the defaults, and an APIService proxies to port 443 unless told', async (t) => {
  const post = async (path: string, body: Record<string, unknown>): Promise<Record<string, any>> => {
    const response = await fetch(`${shared.server().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    t.is(response.status, 201, path);
    return (await response.json()) as Record<string, any>;
  };
  // Go cannot tell these int32 fields' 0 from unset, so SetDefaults_QueuingConfiguration replaces it.
  const level = await post('/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', {
    metadata: { name: 'zeroes' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 0, limitResponse: { type: 'Queue', queuing: { queues: 0, handSize: 0, queueLengthLimit: 0 } } } },
  });
  t.deepEqual(level.spec.limited, {
    nominalConcurrencyShares: 0,
    lendablePercent: 0,
    limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } },
  });
  const service = { namespace: 'default', name: 'metrics' };
  const apiService = await post('/apis/apiregistration.k8s.io/v1/apiservices', {
    metadata: { name: 'v1.defaulted.example.com' },
    spec: { group: 'defaulted.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10, insecureSkipTLSVerify: true, service },
  });
  t.deepEqual(apiService.spec.service, { ...service, port: 443 });
});
