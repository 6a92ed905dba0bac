// Objects kube-apiserver would refuse are refused with its 422 and its messages: labels, data
// keys, pod specs, workload selectors and Service ports.

import test from 'ava';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const post = async (path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> => {
  const response = await fetch(`${shared.server().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

test('a bad label key and value, and a bad ConfigMap key, answer 422 with kube\'s messages and causes', async (t) => {
  const { status, body } = await post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'bad', labels: { 'a/b/c': 'ok', app: 'not ok!' } }, data: { 'no spaces': 'x' } });
  t.is(status, 422);
  t.is(body.reason, 'Invalid');
  t.deepEqual(
    body.details.causes.map((cause: { field: string }) => cause.field),
    ['metadata.labels', 'metadata.labels', 'data[no spaces]'],
  );
  t.regex(body.message, /^ConfigMap "bad" is invalid: \[metadata\.labels: Invalid value: "a\/b\/c": a qualified name must consist of/);
  t.regex(body.message, /metadata\.labels: Invalid value: "not ok!": a valid label must be an empty string or consist of alphanumeric characters/);
  t.regex(body.message, /data\[no spaces\]: Invalid value: "no spaces": a valid config key must consist of alphanumeric characters, '-', '_' or '\.' \(e\.g\. 'key\.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '\[-\._a-zA-Z0-9\]\+'\)\]$/);
});

test('kubectl sees kube\'s 422 for a pod without an image, with a duplicate container and a mount of no volume', async (t) => {
  const { status, body } = await post('/api/v1/namespaces/default/pods', {
    metadata: { name: 'broken' },
    spec: {
      restartPolicy: 'Sometimes',
      containers: [
        { name: 'app', image: 'nginx', ports: [{ containerPort: 70000 }], volumeMounts: [{ name: 'data', mountPath: '/data' }] },
        { name: 'app' },
      ],
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
  t.is(deployment.body.message, 'Deployment.apps "mismatch" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"api"}: `selector` does not match template `labels`');
  const service = await post('/api/v1/namespaces/default/services', { metadata: { name: 'portless' }, spec: { selector: { app: 'web' } } });
  t.is(service.status, 422);
  t.is(service.body.message, 'Service "portless" is invalid: spec.ports: Required value');
  const headless = await post('/api/v1/namespaces/default/services', { metadata: { name: 'headless' }, spec: { clusterIP: 'None', selector: { app: 'web' } } });
  t.is(headless.status, 201);
  const invalid = (await t.throwsAsync(shared.kubectl('create', 'deployment', 'Bad', '--image=nginx'))) as Error & { stderr: string };
  t.regex(invalid.stderr, /Deployment\.apps "Bad" is invalid: metadata\.name: Invalid value: "Bad": a lowercase RFC 1123 subdomain/);
});
