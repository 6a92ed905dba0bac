// Objects kube-apiserver would refuse are refused with its 422 and its messages: labels, data
// keys, pod specs, workload selectors and Service ports.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const post = async (path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> => {
  const response = await fetch(`${shared.server().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

test("a bad label key and value, and a bad ConfigMap key, answer 422 with kube's messages and causes", async (t) => {
  const { status, body } = await post('/api/v1/namespaces/default/configmaps', {
    metadata: { name: 'bad', labels: { 'a/b/c': 'ok', app: 'not ok!' } },
    data: { 'no spaces': 'x' },
  });
  t.is(status, 422);
  t.is(body.reason, 'Invalid');
  t.deepEqual(
    body.details.causes.map((cause: { field: string }) => cause.field),
    ['metadata.labels', 'metadata.labels', 'data[no spaces]'],
  );
  // kube 1.35 checks label keys with api/validate/content's IsLabelKey ("a valid label key ...").
  t.regex(body.message, /^ConfigMap "bad" is invalid: \[metadata\.labels: Invalid value: "a\/b\/c": a valid label key must consist of/);
  t.regex(body.message, /metadata\.labels: Invalid value: "not ok!": a valid label must be an empty string or consist of alphanumeric characters/);
  t.regex(
    body.message,
    /data\[no spaces\]: Invalid value: "no spaces": a valid config key must consist of alphanumeric characters, '-', '_' or '\.' \(e\.g\. 'key\.name', {2}or 'KEY_NAME', {2}or 'key-name', regex used for validation is '\[-\._a-zA-Z0-9\]\+'\)\]$/,
  );
});

test("kubectl sees kube's 422 for a pod without an image, with a duplicate container and a mount of no volume", async (t) => {
  const { status, body } = await post('/api/v1/namespaces/default/pods', {
    metadata: { name: 'broken' },
    spec: {
      restartPolicy: 'Sometimes',
      containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 70000 }], volumeMounts: [{ name: 'data', mountPath: '/data' }] }, { name: 'app' }],
    },
  });
  t.is(status, 422);
  t.is(
    body.message,
    'Pod "broken" is invalid: [spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.containers[0].volumeMounts[0].name: Not found: "data", spec.containers[1].name: Duplicate value: "app", spec.containers[1].image: Required value, spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"]',
  );
});

test('a Deployment whose selector misses its template labels, and a Service without ports, are refused', async (t) => {
  const deployment = await post('/apis/apps/v1/namespaces/default/deployments', {
    metadata: { name: 'mismatch' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  });
  t.is(deployment.status, 422);
  t.is(deployment.body.message, 'Deployment.apps "mismatch" is invalid: spec.template.metadata.labels: Invalid value: {"app":"api"}: `selector` does not match template `labels`');
  const service = await post('/api/v1/namespaces/default/services', { metadata: { name: 'portless' }, spec: { selector: { app: 'web' } } });
  t.is(service.status, 422);
  t.is(service.body.message, 'Service "portless" is invalid: spec.ports: Required value');
  const headless = await post('/api/v1/namespaces/default/services', { metadata: { name: 'headless' }, spec: { clusterIP: 'None', selector: { app: 'web' } } });
  t.is(headless.status, 201);
  const invalid = (await t.throwsAsync(shared.kubectl('create', 'deployment', 'Bad', '--image=nginx'))) as Error & { stderr: string };
  t.regex(invalid.stderr, /Deployment\.apps "Bad" is invalid: metadata\.name: Invalid value: "Bad": a lowercase RFC 1123 subdomain/);
});

test('claims, storage classes, disruption budgets and autoscalers are checked as kube checks them', async (t) => {
  const claim = await post('/api/v1/namespaces/default/persistentvolumeclaims', { metadata: { name: 'sizeless' }, spec: { accessModes: ['ReadWriteMany', 'Sometimes'] } });
  t.is(claim.status, 422);
  t.is(
    claim.body.message,
    'PersistentVolumeClaim "sizeless" is invalid: [spec.accessModes: Unsupported value: "Sometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod", spec.resources[storage]: Required value]',
  );
  const storageClass = await post('/apis/storage.k8s.io/v1/storageclasses', { metadata: { name: 'recycled' }, provisioner: 'example.com/disk', reclaimPolicy: 'Recycle' });
  t.is(storageClass.status, 422);
  t.is(storageClass.body.message, 'StorageClass.storage.k8s.io "recycled" is invalid: reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"');
  const budget = await post('/apis/policy/v1/namespaces/default/poddisruptionbudgets', {
    metadata: { name: 'negative' },
    spec: { minAvailable: -1, selector: { matchLabels: { app: 'web' } } },
  });
  t.is(budget.status, 422);
  t.is(budget.body.message, 'PodDisruptionBudget.policy "negative" is invalid: spec.minAvailable: Invalid value: -1: must be greater than or equal to 0');
  const autoscaler = await post('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
    metadata: { name: 'inverted' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 5, maxReplicas: 2 },
  });
  t.is(autoscaler.status, 422);
  t.is(autoscaler.body.message, 'HorizontalPodAutoscaler.autoscaling "inverted" is invalid: spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`');
  const idle = await post('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
    metadata: { name: 'idle' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      maxReplicas: 2,
      metrics: [{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '0' } } }],
    },
  });
  t.is(idle.status, 422);
  t.is(idle.body.message, 'HorizontalPodAutoscaler.autoscaling "idle" is invalid: spec.metrics[0].external.target.averageValue: Invalid value: "0": must be positive');
});

test('cron jobs, role bindings, ingresses and network policies are checked as kube checks them', async (t) => {
  const cron = (await t.throwsAsync(shared.kubectl('create', 'cronjob', 'late', '--image=busybox', '--schedule=61 * * * *'))) as Error & { stderr: string };
  t.is(cron.stderr, 'error: failed to create cronjob: CronJob.batch "late" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61\n');
  const binding = await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
    metadata: { name: 'narrow' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'view' },
    subjects: [{ kind: 'Robot', name: 'r2' }],
  });
  t.is(binding.status, 422);
  t.is(
    binding.body.message,
    'ClusterRoleBinding.rbac.authorization.k8s.io "narrow" is invalid: [roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole", subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"]',
  );
  const ingress = await post('/apis/networking.k8s.io/v1/namespaces/default/ingresses', {
    metadata: { name: 'untyped' },
    spec: { rules: [{ host: 'shop.example.com', http: { paths: [{ path: '/', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] },
  });
  t.is(ingress.status, 422);
  t.is(ingress.body.message, 'Ingress.networking.k8s.io "untyped" is invalid: spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified');
  const policy = await post('/apis/networking.k8s.io/v1/namespaces/default/networkpolicies', {
    metadata: { name: 'blocky' },
    spec: { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0' } }] }] },
  });
  t.is(policy.status, 422);
  t.is(
    policy.body.message,
    'NetworkPolicy.networking.k8s.io "blocky" is invalid: spec.ingress[0].from[0].ipBlock.cidr: Invalid value: "10.0.0.0": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
  );
});

test('a webhook configuration without side effects or review versions is refused, as kubectl shows it from kube', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-webhook-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: 'sidecar-injector-webhook-cfg' },
    webhooks: [
      {
        name: 'sidecar-injector.morven.me',
        clientConfig: { service: { name: 'sidecar-injector-webhook-svc', namespace: 'default', path: '/mutate' } },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
      },
    ],
  };
  writeFileSync(join(dir, 'webhook.json'), JSON.stringify(manifest));
  const refused = (await t.throwsAsync(shared.kubectl('create', '-f', join(dir, 'webhook.json'), '--validate=false'))) as Error & { stderr: string };
  t.is(
    refused.stderr,
    'The MutatingWebhookConfiguration "sidecar-injector-webhook-cfg" is invalid: \n* webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun\n* webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1\n',
  );
  const named = await post('/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
    metadata: { name: 'short' },
    webhooks: [{ name: 'check', sideEffects: 'Some', admissionReviewVersions: ['v1'], clientConfig: { url: 'http://checker.example.com/validate' } }],
  });
  t.is(named.status, 422);
  t.deepEqual(
    named.body.details.causes.map((cause: { field: string; message: string }) => `${cause.field}: ${cause.message}`),
    [
      'webhooks[0].name: Invalid value: "check": should be a domain with at least three segments separated by dots',
      'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
      'webhooks[0].clientConfig.url: Invalid value: "http": \'https\' is the only allowed URL scheme; desired format: https://host[/path]',
    ],
  );
});

test("priority classes: kube's two system classes exist, user values stop at one billion, a value never changes", async (t) => {
  const listed = await shared.kubectl('get', 'priorityclasses', '-o', 'custom-columns=NAME:.metadata.name,VALUE:.value', '--no-headers');
  t.is(listed.stdout, 'system-cluster-critical   2000000000\nsystem-node-critical      2000001000\n');
  const tooHigh = (await t.throwsAsync(shared.kubectl('create', 'priorityclass', 'vip', '--value=2000000000'))) as Error & { stderr: string };
  t.is(
    tooHigh.stderr,
    'error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "vip" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000\n',
  );
  const reserved = (await t.throwsAsync(shared.kubectl('create', 'priorityclass', 'system-mine', '--value=10'))) as Error & { stderr: string };
  t.regex(
    reserved.stderr,
    /metadata\.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only\. error: system-mine is not a known system priority class\n$/,
  );
  await shared.kubectl('create', 'priorityclass', 'batch', '--value=100');
  const changed = (await t.throwsAsync(shared.kubectl('patch', 'priorityclass', 'batch', '--type=merge', '-p', '{"value":200}'))) as Error & { stderr: string };
  t.is(changed.stderr, 'The PriorityClass "batch" is invalid: value: Forbidden: may not be changed in an update.\n');
});
