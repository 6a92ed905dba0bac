// Admission webhooks as a kubectl 1.35 user meets them: a validating and a mutating webhook served
// by an HTTPS server of the test's, registered with kubectl apply (a url and a caBundle). kubectl
// create is refused with the webhook's message; a pod is created with the JSON patch a webhook
// sent; a webhook that is down lets requests in under failurePolicy Ignore and refuses them under
// Fail; one that does not answer in time fails the request. kubectl's output is compared with what
// it prints against kube-apiserver 1.35.4 for the same answers.

import test from 'ava';
import { jsonPatchResponse, startAdmissionWebhookServer, type AdmissionWebhookServer, type Json } from '../../common/test/admission-webhook-server.ts';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlApply, kubectlWithInput } from '../src/kubectl-apply.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const { server, kubectl } = sharedApiServer();
let webhook: AdmissionWebhookServer;
/** The URL of a webhook that is down: a server that listened there and is closed. */
let downUrl: string;

test.before(async () => {
  webhook = await startAdmissionWebhookServer((review, path) => {
    const object = review.request.object as Json;
    switch (path) {
      case '/probe':
        return { allowed: false, status: { message: 'probe' } };
      case '/validate':
        return object.data?.forbidden === undefined ? { allowed: true } : { allowed: false, status: { message: 'the key "forbidden" is not allowed here', code: 403 } };
      case '/mutate':
        return jsonPatchResponse([
          { op: 'add', path: '/metadata/labels/mutated', value: 'by-webhook' },
          { op: 'add', path: '/spec/containers/0/env', value: [{ name: 'INJECTED', value: 'yes' }] },
        ]);
      case '/hang':
        return new Promise(() => {});
      default:
        return { allowed: true };
    }
  });
  const down = await startAdmissionWebhookServer(() => ({ allowed: true }));
  downUrl = down.url;
  await down.close();
});
test.after.always(() => webhook?.close());

/** A webhook for `resource` objects labelled webhook=<name>. */
function hook(name: string, url: string, resource: string, extra: Json = {}): Json {
  return {
    name: `${name}.e2e.example.com`,
    clientConfig: { url, caBundle: webhook.caBundle },
    rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: [resource] }],
    objectSelector: { matchLabels: { webhook: name } },
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    ...extra,
  };
}

/** Applies a configuration of the webhooks with kubectl, a probe webhook first, and waits until the server asks it. */
async function register(kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration', name: string, webhooks: readonly Json[]): Promise<void> {
  const probe = { ...hook(`probe-${name}`, `${webhook.url}/probe`, 'configmaps'), objectSelector: { matchLabels: { probe: name } } };
  const applied = await kubectlApply(server().kubeconfig, { apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name }, webhooks: [probe, ...webhooks] });
  if (applied.code !== 0) throw new Error(applied.output);
  let attempt = 0;
  await eventually(`the ${kind} ${name} to be in use`, async () => {
    const created = await create(configMap(`probe-${name}-${attempt++}`, { probe: name }));
    return created.output.includes(`admission webhook "probe-${name}.e2e.example.com" denied the request: probe`) ? true : undefined;
  });
}

const configMap = (name: string, labels: Record<string, string>, data: Record<string, string> = {}): Json => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, labels },
  data,
});
const create = (object: Json) => kubectlWithInput(server().kubeconfig, object, ['create', '-f', '-']);

test('kubectl create is refused with the validating webhook message; what it allows is created', async (t) => {
  await register('ValidatingWebhookConfiguration', 'validate', [hook('validate', `${webhook.url}/validate`, 'configmaps')]);
  const refused = await create(configMap('refused', { webhook: 'validate' }, { forbidden: 'x' }));
  t.is(refused.code, 1);
  // A refusal without a reason: kubectl names none, as with kube-apiserver.
  t.is(
    refused.output,
    'Error from server: error when creating "STDIN": admission webhook "validate.e2e.example.com" denied the request: the key "forbidden" is not allowed here\n',
  );
  const allowed = await create(configMap('allowed', { webhook: 'validate' }, { fine: 'x' }));
  t.is(allowed.output, 'configmap/allowed created\n');
});

test('kubectl run makes a pod as the mutating webhook patched it', async (t) => {
  await register('MutatingWebhookConfiguration', 'mutate', [hook('mutate', `${webhook.url}/mutate`, 'pods')]);
  await kubectl('run', 'patched', '--image=nginx', '--labels=webhook=mutate');
  const pod = JSON.parse((await kubectl('get', 'pod', 'patched', '-o', 'json')).stdout) as Json;
  t.deepEqual(pod.metadata.labels, { webhook: 'mutate', mutated: 'by-webhook' });
  t.deepEqual(pod.spec.containers[0].env, [{ name: 'INJECTED', value: 'yes' }]);
});

test('a webhook that is down lets the request in under failurePolicy Ignore and refuses it under Fail', async (t) => {
  await register('ValidatingWebhookConfiguration', 'down', [
    hook('down-ignore', `${downUrl}/validate`, 'configmaps', { failurePolicy: 'Ignore' }),
    hook('down-fail', `${downUrl}/validate`, 'configmaps', { failurePolicy: 'Fail' }),
  ]);
  const ignored = await create(configMap('ignored', { webhook: 'down-ignore' }));
  t.is(ignored.output, 'configmap/ignored created\n');
  const failed = await create(configMap('failed', { webhook: 'down-fail' }));
  t.is(failed.code, 1);
  const port = new URL(downUrl).port;
  t.is(
    failed.output,
    `Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "down-fail.e2e.example.com": failed to call webhook: Post "${downUrl}/validate?timeout=10s": dial tcp 127.0.0.1:${port}: connect: connection refused\n`,
  );
});

test('a webhook that does not answer within timeoutSeconds fails the request', async (t) => {
  await register('ValidatingWebhookConfiguration', 'timeout', [hook('timeout', `${webhook.url}/hang`, 'configmaps', { timeoutSeconds: 1 })]);
  const started = Date.now();
  const failed = await create(configMap('slow', { webhook: 'timeout' }));
  t.is(failed.code, 1);
  t.is(
    failed.output,
    `Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "timeout.e2e.example.com": failed to call webhook: Post "${webhook.url}/hang?timeout=1s": context deadline exceeded\n`,
  );
  // Its one second, not the request's minute.
  t.true(Date.now() - started < 20_000);
});
