// The admission webhooks (MutatingAdmissionWebhook, ValidatingAdmissionWebhook) of a real API
// server, asked by a real HTTPS webhook: the AdmissionReview sent, refusals, failed calls under
// failurePolicy Fail and Ignore, timeouts, JSON patches and their reinvocation, matchConditions,
// warnings, services as webhooks' addresses. Messages and codes are kube-apiserver 1.35.4's, as
// measured against it with a webhook answering each way.

import test from 'ava';
import { newInternalError } from '@capstan/common';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { jsonPatchResponse, startAdmissionWebhookServer, type AdmissionWebhookServer, type Json } from '../../common/test/admission-webhook-server.ts';
import { eventually } from '../../common/test/eventually.ts';

let server: ApiServerChild;
let auditLog: string;
const webhookDir = mkdtempSync(join(tmpdir(), 'capstan-admission-webhooks-test-'));
test.after.always(() => rmSync(webhookDir, { recursive: true, force: true }));
let webhook: AdmissionWebhookServer;
/** IfNeeded webhook calls seen, by configmap name. */
const never = new Promise<Json>(() => {});

const handlers: Record<string, (review: Json) => Json | string | Promise<Json | string>> = {
  '/probe': () => ({ allowed: false, status: { message: 'probe' } }),
  '/allow': () => ({ allowed: true }),
  '/deny': () => ({ allowed: false, status: { message: 'no thanks', code: 403 } }),
  '/deny-empty': () => ({ allowed: false }),
  '/deny-reason': () => ({ allowed: false, status: { reason: 'SomeReason', code: 422 } }),
  '/deny-200': () => ({ allowed: false, status: { code: 200, status: 'Success', message: 'm', details: { name: 'x' } } }),
  '/garbage': () => 'garbage',
  '/wrong-uid': () => ({ uid: 'nope', allowed: true }),
  '/hang': () => never,
  '/warn': () => ({ allowed: true, warnings: ['careful now', 'second'], auditAnnotations: { key1: 'v1' } }),
  '/label': () => jsonPatchResponse([{ op: 'add', path: '/metadata/labels/mutated', value: 'yes' }]),
  '/label-once': (review) =>
    review.request.object.metadata.labels?.second === undefined ? jsonPatchResponse([{ op: 'add', path: '/metadata/labels/second', value: 'yes' }]) : { allowed: true },
  '/bad-patch': () => ({ allowed: true, patchType: 'JSONPatch', patch: Buffer.from('{notjson').toString('base64') }),
  '/failing-patch': () => jsonPatchResponse([{ op: 'remove', path: '/nope/x' }]),
  '/patch-validating': () => jsonPatchResponse([]),
};

test.before(async () => {
  webhook = await startAdmissionWebhookServer((review, path) => (handlers[path] ?? handlers['/allow'])?.(review) ?? { allowed: true }, ['hook.default.svc']);
  // Configmaps are audited at level Request, whose events hold webhooks' patches.
  const policy = join(webhookDir, 'audit-policy.yaml');
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Request\n  resources: [{group: "", resources: [configmaps]}]\n- level: None\n');
  auditLog = join(webhookDir, 'audit.log');
  server = await startApiServerChild({ prefix: 'capstan-admission-webhooks-', args: [`--audit-policy-file=${policy}`, `--audit-log-path=${auditLog}`] });
});
test.after.always(async () => {
  await server?.stop();
  await webhook?.close();
});

async function request(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json; warnings: string[] }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const warnings = response.headers.get('warning')?.split(/,\s*(?=299)/) ?? [];
  return { status: response.status, body: (await response.json()) as Json, warnings };
}

const configMap = (name: string, labels: Record<string, string>): Json => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels } });
const createConfigMap = (name: string, labels: Record<string, string>, query = '') => request('POST', `/api/v1/namespaces/default/configmaps${query}`, configMap(name, labels));

type Hook = Json & { readonly name: string };

/** A webhook for configmaps labelled case=<name> (the configuration's), at `path` of the test webhook. */
function hook(name: string, path: string, extra: Json = {}): Hook {
  return {
    name: `${name}.example.com`,
    clientConfig: { url: `${webhook.url}${path}`, caBundle: webhook.caBundle },
    rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['configmaps'] }],
    objectSelector: { matchLabels: { case: name } },
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    ...extra,
  };
}

/**
 * Registers a configuration of the webhooks, with a probe webhook first, and waits until the API
 * server asks it (its informer has the configuration).
 */
async function register(kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration', name: string, webhooks: readonly Hook[]): Promise<void> {
  const resource = kind === 'ValidatingWebhookConfiguration' ? 'validatingwebhookconfigurations' : 'mutatingwebhookconfigurations';
  const probe = { ...hook(`probe-${name}`, '/probe'), objectSelector: { matchLabels: { probe: name } } };
  const created = await request('POST', `/apis/admissionregistration.k8s.io/v1/${resource}`, {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind,
    metadata: { name },
    webhooks: [probe, ...webhooks],
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  let attempt = 0;
  await eventually(`the ${kind} ${name} to be in use`, async () => {
    const answer = await createConfigMap(`probe-${name}-${attempt++}`, { probe: name });
    return answer.status === 400 && answer.body.message === `admission webhook "probe-${name}.example.com" denied the request: probe` ? true : undefined;
  });
}

/** The annotations of the audit event of the create of a configmap, once it is written. */
const auditAnnotations = (name: string): Promise<Json> =>
  eventually(`the audit event of the create of ${name}`, async () => {
    const events = readFileSync(auditLog, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Json);
    const event = events.find((candidate) => candidate.stage === 'ResponseComplete' && candidate.verb === 'create' && candidate.objectRef?.name === name);
    return event === undefined ? undefined : ((event.annotations ?? {}) as Json);
  });

const callsTo = (path: string) => webhook.calls.filter((call) => call.path === path);

test('a validating webhook is sent a v1 AdmissionReview of the create, and its refusal is its status with kube message', async (t) => {
  await register('ValidatingWebhookConfiguration', 'deny', [hook('deny', '/deny')]);
  const refused = await createConfigMap('cm-deny', { case: 'deny' });
  t.is(refused.status, 403);
  t.deepEqual(refused.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'admission webhook "deny.example.com" denied the request: no thanks',
    code: 403,
  });
  const call = callsTo('/deny').find((candidate) => candidate.review.request.name === 'cm-deny');
  t.truthy(call);
  t.is(call?.query, 'timeout=10s');
  const { review } = call as { review: Json };
  t.is(review.apiVersion, 'admission.k8s.io/v1');
  t.is(review.kind, 'AdmissionReview');
  const request = review.request as Json;
  t.regex(request.uid, /^[0-9a-f-]{36}$/);
  t.deepEqual(request.kind, { group: '', version: 'v1', kind: 'ConfigMap' });
  t.deepEqual(request.resource, { group: '', version: 'v1', resource: 'configmaps' });
  t.deepEqual(request.requestKind, request.kind);
  t.deepEqual(request.requestResource, request.resource);
  t.is(request.namespace, 'default');
  t.is(request.operation, 'CREATE');
  t.is(request.userInfo.username, 'capstan-test-admin');
  t.true(request.userInfo.groups.includes('system:masters'));
  // The validating phase sees the object as it would be stored.
  t.is(request.object.metadata.name, 'cm-deny');
  t.truthy(request.object.metadata.uid);
  t.is(request.oldObject, null);
  t.false(request.dryRun);
  t.deepEqual(request.options, { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1' });
});

test('a refusal without a message gives the reason, or says there is no explanation; its code is at least 400', async (t) => {
  await register('ValidatingWebhookConfiguration', 'denials', [hook('deny-empty', '/deny-empty'), hook('deny-reason', '/deny-reason'), hook('deny-200', '/deny-200')]);
  const empty = await createConfigMap('cm-empty', { case: 'deny-empty' });
  t.is(empty.status, 400);
  t.deepEqual(empty.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'admission webhook "deny-empty.example.com" denied the request without explanation',
    code: 400,
  });
  const reason = await createConfigMap('cm-reason', { case: 'deny-reason' });
  t.is(reason.status, 422);
  t.is(reason.body.message, 'admission webhook "deny-reason.example.com" denied the request: SomeReason');
  t.is(reason.body.reason, 'SomeReason');
  const low = await createConfigMap('cm-200', { case: 'deny-200' });
  t.is(low.status, 400);
  t.is(low.body.status, 'Failure');
  t.deepEqual(low.body.details, { name: 'x' });
});

test('a webhook that cannot be read is a 500 with failurePolicy Fail, and lets the request pass with Ignore', async (t) => {
  await register('ValidatingWebhookConfiguration', 'failures', [
    hook('garbage', '/garbage'),
    hook('wrong-uid', '/wrong-uid'),
    hook('refused', '/x', { clientConfig: { url: 'https://127.0.0.1:1/x', caBundle: webhook.caBundle } }),
    hook('ignored', '/x', { clientConfig: { url: 'https://127.0.0.1:1/x', caBundle: webhook.caBundle }, failurePolicy: 'Ignore' }),
    hook('untrusted', '/allow', { clientConfig: { url: `${webhook.url}/allow` } }),
  ]);
  // kube's NewInternalError of the failed call.
  const internal = (message: string): Json => ({ ...newInternalError(message).status });
  const garbage = await createConfigMap('cm-garbage', { case: 'garbage' });
  t.is(garbage.status, 500);
  t.deepEqual(
    garbage.body,
    internal(
      'failed calling webhook "garbage.example.com": failed to call webhook: couldn\'t get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
    ),
  );
  const wrongUid = await createConfigMap('cm-wrong-uid', { case: 'wrong-uid' });
  t.is(wrongUid.status, 500);
  t.regex(
    wrongUid.body.message,
    /^Internal error occurred: failed calling webhook "wrong-uid.example.com": received invalid webhook response: expected response.uid="[0-9a-f-]{36}", got "nope"$/,
  );
  const refused = await createConfigMap('cm-refused', { case: 'refused' });
  t.deepEqual(
    refused.body,
    internal('failed calling webhook "refused.example.com": failed to call webhook: Post "https://127.0.0.1:1/x?timeout=10s": dial tcp 127.0.0.1:1: connect: connection refused'),
  );
  const ignored = await createConfigMap('cm-ignored', { case: 'ignored' });
  t.is(ignored.status, 201);
  t.is((await auditAnnotations('cm-ignored'))['failed-open.validating.webhook.admission.k8s.io/round_0_index_0'], 'ignored.example.com');
  const untrusted = await createConfigMap('cm-untrusted', { case: 'untrusted' });
  t.deepEqual(
    untrusted.body,
    internal(
      `failed calling webhook "untrusted.example.com": failed to call webhook: Post "${webhook.url}/allow?timeout=10s": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    ),
  );
});

test('a webhook that does not answer within its timeoutSeconds fails the request as its context deadline', async (t) => {
  await register('ValidatingWebhookConfiguration', 'slow', [hook('slow', '/hang', { timeoutSeconds: 1 })]);
  const slow = await createConfigMap('cm-slow', { case: 'slow' });
  t.is(slow.status, 500);
  t.is(
    slow.body.message,
    `Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "${webhook.url}/hang?timeout=1s": context deadline exceeded`,
  );
});

test("a webhook's warnings are the response's Warning headers", async (t) => {
  await register('ValidatingWebhookConfiguration', 'warn', [hook('warn', '/warn')]);
  const created = await createConfigMap('cm-warn', { case: 'warn' });
  t.is(created.status, 201);
  t.deepEqual(created.warnings, ['299 - "careful now"', '299 - "second"']);
  // Its audit annotations go to the event, under its name.
  t.is((await auditAnnotations('cm-warn'))['warn.example.com/key1'], 'v1');
});

test('a mutating webhook patches the object; one with reinvocationPolicy IfNeeded is asked again after a later change', async (t) => {
  await register('MutatingWebhookConfiguration', 'mutate', [
    hook('mutate', '/allow', { reinvocationPolicy: 'IfNeeded' }),
    hook('mutate-label', '/label', { objectSelector: { matchLabels: { case: 'mutate' } } }),
    hook('mutate-second', '/label-once', { objectSelector: { matchLabels: { case: 'mutate' } } }),
  ]);
  const created = await createConfigMap('cm-mutate', { case: 'mutate' });
  t.is(created.status, 201);
  t.deepEqual(created.body.metadata.labels, { case: 'mutate', mutated: 'yes', second: 'yes' });
  // Asked first, then again once the others changed the object; it saw their labels the second time.
  const reinvoked = callsTo('/allow').filter((call) => call.review.request.name === 'cm-mutate');
  t.is(reinvoked.length, 2);
  t.deepEqual(reinvoked[1]?.review.request.object.metadata.labels, { case: 'mutate', mutated: 'yes', second: 'yes' });
  // The mutating phase sees the object as sent: no uid yet.
  t.is(reinvoked[0]?.review.request.object.metadata.uid, undefined);
  // Each call in the audit event, by round and index among the mutating webhooks (the probe is 0); patches at level Request.
  const annotations = await auditAnnotations('cm-mutate');
  const mutation = (webhookName: string, mutated: boolean) => JSON.stringify({ configuration: 'mutate', webhook: webhookName, mutated });
  t.is(annotations['mutation.webhook.admission.k8s.io/round_0_index_1'], mutation('mutate.example.com', false));
  t.is(annotations['mutation.webhook.admission.k8s.io/round_0_index_2'], mutation('mutate-label.example.com', true));
  t.is(annotations['mutation.webhook.admission.k8s.io/round_0_index_3'], mutation('mutate-second.example.com', true));
  t.is(annotations['mutation.webhook.admission.k8s.io/round_1_index_1'], mutation('mutate.example.com', false));
  t.is(
    annotations['patch.webhook.admission.k8s.io/round_0_index_2'],
    JSON.stringify({
      configuration: 'mutate',
      webhook: 'mutate-label.example.com',
      patch: [{ op: 'add', path: '/metadata/labels/mutated', value: 'yes' }],
      patchType: 'JSONPatch',
    }),
  );
});

test("a patch that does not decode is a failed call; one that does not apply is kube's 500 with the patch's error", async (t) => {
  await register('MutatingWebhookConfiguration', 'patches', [hook('bad-patch', '/bad-patch'), hook('failing-patch', '/failing-patch')]);
  const bad = await createConfigMap('cm-bad-patch', { case: 'bad-patch' });
  t.is(bad.status, 500);
  t.is(
    bad.body.message,
    'Internal error occurred: failed calling webhook "bad-patch.example.com": received undecodable patch in webhook response: invalid character \'n\' looking for beginning of object key string',
  );
  const failing = await createConfigMap('cm-failing-patch', { case: 'failing-patch' });
  t.is(failing.status, 500);
  t.is(failing.body.message, 'Internal error occurred: remove operation does not apply: doc is missing path: "/nope/x": missing value');
});

test('a validating webhook may not send a patch', async (t) => {
  await register('ValidatingWebhookConfiguration', 'patch-validating', [hook('patch-validating', '/patch-validating')]);
  const answer = await createConfigMap('cm-patch-validating', { case: 'patch-validating' });
  t.is(
    answer.body.message,
    'Internal error occurred: failed calling webhook "patch-validating.example.com": received invalid webhook response: validating webhook may not return response.patch',
  );
});

test('matchConditions: a false one skips the webhook, an error refuses the request under Fail and skips it under Ignore', async (t) => {
  await register('ValidatingWebhookConfiguration', 'conditions', [
    hook('cel-false', '/deny', { matchConditions: [{ name: 'never', expression: 'false' }] }),
    hook('cel-error', '/deny', { matchConditions: [{ name: 'data', expression: "object.data.foo == 'x'" }] }),
    hook('cel-ignored', '/deny', { matchConditions: [{ name: 'data', expression: "object.data.foo == 'x'" }], failurePolicy: 'Ignore' }),
    hook('cel-true', '/deny', { matchConditions: [{ name: 'named', expression: "request.name == 'cm-cel-true'" }] }),
    hook('cel-authorizer', '/deny', { matchConditions: [{ name: 'allowed', expression: "authorizer.requestResource.check('create').allowed()" }] }),
  ]);
  t.is((await createConfigMap('cm-cel-false', { case: 'cel-false' })).status, 201);
  const error = await createConfigMap('cm-cel-error', { case: 'cel-error' });
  t.is(error.status, 403);
  t.deepEqual(error.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: "configmaps \"cm-cel-error\" is forbidden: expression 'object.data.foo == 'x'' resulted in error: no such key: data",
    reason: 'Forbidden',
    details: { name: 'cm-cel-error', kind: 'configmaps' },
    code: 403,
  });
  t.is((await createConfigMap('cm-cel-ignored', { case: 'cel-ignored' })).status, 201);
  t.is((await createConfigMap('cm-cel-true', { case: 'cel-true' })).status, 403);
  // The server's authorizer (AlwaysAllow here) answers the conditions' checks.
  t.is((await createConfigMap('cm-cel-authorizer', { case: 'cel-authorizer' })).status, 403);
});

test('a dry run reaches a webhook without side effects, with dryRun set', async (t) => {
  await register('ValidatingWebhookConfiguration', 'dry', [hook('dry', '/allow', { sideEffects: 'NoneOnDryRun' })]);
  const created = await createConfigMap('cm-dry', { case: 'dry' }, '?dryRun=All');
  t.is(created.status, 201);
  const call = callsTo('/allow').find((candidate) => candidate.review.request.name === 'cm-dry');
  t.true(call?.review.request.dryRun);
  t.deepEqual(call?.review.request.options, { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', dryRun: ['All'] });
});

test("a webhook behind a service is reached at the service's address, its certificate checked for <service>.<namespace>.svc", async (t) => {
  // EndpointSlices may hold no loopback address: the Service is an ExternalName of localhost.
  const port = Number(new URL(webhook.url).port);
  const service = await request('POST', '/api/v1/namespaces/default/services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'hook' },
    spec: { type: 'ExternalName', externalName: 'localhost' },
  });
  t.is(service.status, 201, JSON.stringify(service.body));
  await register('ValidatingWebhookConfiguration', 'service', [
    hook('service', '/deny', { clientConfig: { service: { namespace: 'default', name: 'hook', path: '/deny', port }, caBundle: webhook.caBundle } }),
    hook('no-service', '/deny', { clientConfig: { service: { namespace: 'default', name: 'nothing', path: '/deny', port }, caBundle: webhook.caBundle } }),
  ]);
  const refused = await createConfigMap('cm-service', { case: 'service' });
  t.is(refused.body.message, 'admission webhook "service.example.com" denied the request: no thanks');
  const missing = await createConfigMap('cm-no-service', { case: 'no-service' });
  t.is(
    missing.body.message,
    `Internal error occurred: failed calling webhook "no-service.example.com": failed to call webhook: Post "https://nothing.default.svc:${port}/deny?timeout=10s": service "nothing" not found`,
  );
});

test("updates and deletes are sent with the stored object as oldObject, and each with its operation's options", async (t) => {
  await register('ValidatingWebhookConfiguration', 'ops', [
    hook('ops', '/allow', { rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['*'], resources: ['configmaps'] }] }),
  ]);
  t.is((await createConfigMap('cm-ops', { case: 'ops' }, '?fieldManager=maker&fieldValidation=Strict')).status, 201);
  const patched = await fetch(`${server.url}/api/v1/namespaces/default/configmaps/cm-ops?fieldManager=labeller`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { labels: { touched: 'yes' } } }),
  });
  t.is(patched.status, 200);
  t.is((await request('DELETE', '/api/v1/namespaces/default/configmaps/cm-ops', { propagationPolicy: 'Background' })).status, 200);
  const reviews = callsTo('/allow')
    .map((call) => call.review.request as Json)
    .filter((review) => review.name === 'cm-ops');
  t.deepEqual(
    reviews.map((review) => [review.operation, review.options, review.object?.metadata.labels ?? null, review.oldObject?.metadata.labels ?? null]),
    [
      ['CREATE', { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'maker', fieldValidation: 'Strict' }, { case: 'ops' }, null],
      ['UPDATE', { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'labeller' }, { case: 'ops', touched: 'yes' }, { case: 'ops' }],
      ['DELETE', { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', propagationPolicy: 'Background' }, null, { case: 'ops', touched: 'yes' }],
    ],
  );
});

test('a deletion of a collection is admitted object by object, each as the one being deleted, under the nameless attributes of the collection', async (t) => {
  await register('ValidatingWebhookConfiguration', 'collection', [
    hook('collection', '/deny', { rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['DELETE'], resources: ['configmaps'] }] }),
  ]);
  t.is((await createConfigMap('cm-collection', { case: 'collection' })).status, 201);
  const refused = await request('DELETE', '/api/v1/namespaces/default/configmaps?labelSelector=case%3Dcollection');
  t.is(refused.status, 403);
  t.is(refused.body.message, 'admission webhook "collection.example.com" denied the request: no thanks');
  const review = callsTo('/deny').find((call) => call.review.request.operation === 'DELETE')?.review.request as Json;
  t.is(review.name, undefined);
  t.is(review.oldObject.metadata.name, 'cm-collection');
  t.deepEqual(review.options, { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1' });
  t.is((await request('GET', '/api/v1/namespaces/default/configmaps/cm-collection')).status, 200);
});

test('with matchPolicy Equivalent, a webhook is sent the request in the version its rule names', async (t) => {
  await register('ValidatingWebhookConfiguration', 'equivalent', [
    hook('equivalent', '/allow', {
      matchPolicy: 'Equivalent',
      rules: [{ apiGroups: ['autoscaling'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['horizontalpodautoscalers'] }],
    }),
  ]);
  const created = await request('POST', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'hpa-equivalent', labels: { case: 'equivalent' } },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 3 },
  });
  t.is(created.status, 201, JSON.stringify(created.body));
  const review = callsTo('/allow').find((call) => call.review.request.name === 'hpa-equivalent')?.review.request as Json;
  t.deepEqual(review.kind, { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' });
  t.deepEqual(review.resource, { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' });
  t.deepEqual(review.requestKind, { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' });
  t.is(review.object.apiVersion, 'autoscaling/v1');
  t.is(review.object.spec.maxReplicas, 3);
});

test('webhook configurations themselves are never sent to webhooks', async (t) => {
  await register('ValidatingWebhookConfiguration', 'exempt', [
    hook('exempt', '/deny', { objectSelector: {}, rules: [{ apiGroups: ['admissionregistration.k8s.io'], apiVersions: ['*'], operations: ['*'], resources: ['*'] }] }),
  ]);
  const deleted = await request('DELETE', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/exempt');
  t.is(deleted.status, 200);
});
