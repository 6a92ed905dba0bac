// The AdmissionReview of admission webhooks, without a server: the request kube sends, the checks
// of the answer, the refusal Status and the dry-run rule of sideEffects, with kube-apiserver
// 1.35.4's messages (measured against it with a webhook answering each way).

import test from 'ava';
import { StatusError } from '@capstan/common';
import type { AdmissionAttributes } from '../src/admission/admission-attributes.ts';
import { AdmissionResponseError, admissionResponseOf, admissionReviewOf, reviewVersionOf } from '../src/admission/webhooks/admission-review.ts';
import { callWebhook } from '../src/admission/webhooks/call-webhook.ts';
import { MatchConditions } from '../src/admission/webhooks/match-conditions.ts';
import type { AdmissionWebhook, WebhookEntry } from '../src/admission/webhooks/webhook-configurations.ts';
import { WebhookCallError, webhookRefusal } from '../src/admission/webhooks/webhook-errors.ts';
import { webhookMatchCriteria } from '../src/admission/matching/match-request.ts';
import { admissionRequest } from './admission-request.ts';

const attributes: AdmissionAttributes = admissionRequest({
  operation: 'UPDATE',
  resource: { group: 'apps', version: 'v1', resource: 'deployments' },
  subresource: 'scale',
  kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
  namespace: 'ns',
  name: 'web',
  object: { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 2 } },
  oldObject: { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 1 } },
  userInfo: { username: 'alice', uid: '', groups: ['devs'], extra: { scopes: ['a'] } },
  operationOptions: { fieldManager: 'kubectl-scale' },
});
const invocation = { resource: attributes.resource, kind: attributes.kind, objects: { object: attributes.object, oldObject: attributes.oldObject } };

/** A webhook that is never reached (no client): what is decided before the call. */
function unreachable(fields: Partial<AdmissionWebhook>): WebhookEntry<AdmissionWebhook> {
  const webhook = { name: 'x.example.com', clientConfig: {}, admissionReviewVersions: ['v1'], ...fields } as AdmissionWebhook;
  return { webhook, configurationName: 'c', uid: 'c/x.example.com/0', criteria: webhookMatchCriteria(webhook), conditions: new MatchConditions([]), client: undefined };
}

const answer = (review: unknown): Buffer => Buffer.from(JSON.stringify(review));
const v1Answer = (response: unknown): Buffer => answer({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response });

test('the review carries the request as kube writes it: empty fields left out, the options with their kind', (t) => {
  t.deepEqual(admissionReviewOf('v1', 'u-1', attributes, invocation), {
    kind: 'AdmissionReview',
    apiVersion: 'admission.k8s.io/v1',
    request: {
      uid: 'u-1',
      kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      resource: { group: 'apps', version: 'v1', resource: 'deployments' },
      subResource: 'scale',
      requestKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      requestResource: { group: 'apps', version: 'v1', resource: 'deployments' },
      requestSubResource: 'scale',
      name: 'web',
      namespace: 'ns',
      operation: 'UPDATE',
      userInfo: { username: 'alice', groups: ['devs'], extra: { scopes: ['a'] } },
      object: attributes.object,
      oldObject: attributes.oldObject,
      dryRun: false,
      options: { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'kubectl-scale' },
    },
  });
  t.is(admissionReviewOf('v1beta1', 'u-1', attributes, invocation).apiVersion, 'admission.k8s.io/v1beta1');
  t.is(reviewVersionOf(['v2', 'v1beta1', 'v1']), 'v1beta1');
  t.is(reviewVersionOf(['v2']), undefined);
});

test("a v1 answer must be a v1 AdmissionReview for the request's uid", (t) => {
  const reason = (body: Buffer, mutating = false, version: 'v1' | 'v1beta1' = 'v1'): string =>
    t.throws(() => admissionResponseOf(version, 'u-1', mutating, body), { instanceOf: AdmissionResponseError })?.message ?? '';
  t.is(reason(v1Answer(undefined)), 'received invalid webhook response: webhook response was absent');
  t.is(reason(v1Answer({ uid: 'x', allowed: true })), 'received invalid webhook response: expected response.uid="u-1", got "x"');
  t.is(
    reason(answer({ apiVersion: 'admission.k8s.io/v1', response: { uid: 'u-1', allowed: true } })),
    'received invalid webhook response: expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1, Kind=',
  );
  t.is(
    reason(answer({ apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', response: { uid: 'u-1', allowed: true } })),
    'failed to call webhook: converting (v1beta1.AdmissionReview) to (v1.AdmissionReview): unknown conversion',
  );
  t.is(reason(answer({ apiVersion: 'v1', kind: 'Pod' })), 'failed to call webhook: no kind "Pod" is registered for version "v1" in scheme "pkg/runtime/scheme.go:111"');
  t.is(
    reason(Buffer.from('[1,2]')),
    'failed to call webhook: couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
  );
  const patch = Buffer.from('[]').toString('base64');
  t.is(reason(v1Answer({ uid: 'u-1', allowed: true, patch }), true), 'received invalid webhook response: webhook returned response.patch but not response.patchType');
  t.is(
    reason(v1Answer({ uid: 'u-1', allowed: true, patchType: 'JSONPatch' }), true),
    'received invalid webhook response: webhook returned response.patchType but not response.patch',
  );
  t.is(reason(v1Answer({ uid: 'u-1', allowed: true, patch, patchType: '' }), true), 'received invalid webhook response: webhook returned invalid response.patchType of ""');
  t.is(reason(v1Answer({ uid: 'u-1', allowed: true, patchType: 'JSONPatch' })), 'received invalid webhook response: validating webhook may not return response.patchType');
  // A v1beta1 answer is not checked for its uid; its patch is a JSON patch.
  const beta = admissionResponseOf(
    'v1beta1',
    'u-1',
    true,
    answer({ apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', response: { uid: 'x', allowed: true, patch } }),
  );
  t.is(beta.patch, '[]');
  t.is(beta.patchType, 'JSONPatch');
});

test("a refusal is the response's status with kube's message, its code at least 400", (t) => {
  t.deepEqual(webhookRefusal('x.example.com', { message: 'no', code: 409, reason: 'Conflict' }).status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'admission webhook "x.example.com" denied the request: no',
    reason: 'Conflict',
    code: 409,
  } as never);
  t.is(webhookRefusal('x.example.com', undefined).message, 'admission webhook "x.example.com" denied the request without explanation');
  t.is(webhookRefusal('x.example.com', { code: 200, status: 'Success' }).code, 400);
});

test('a dry run is not sent to a webhook with side effects: a 400 whatever its failurePolicy', async (t) => {
  const dryRun = { ...attributes, dryRun: true };
  const refused = await t.throwsAsync(callWebhook(unreachable({ sideEffects: 'Some' }), dryRun, invocation, false), { instanceOf: StatusError });
  t.is(refused?.code, 400);
  t.is(refused?.message, 'admission webhook "x.example.com" does not support dry run');
  // A webhook stored without sideEffects fails its call instead.
  const nil = await t.throwsAsync(callWebhook(unreachable({}), dryRun, invocation, false), { instanceOf: WebhookCallError });
  t.is(nil?.message, 'failed calling webhook "x.example.com": Webhook SideEffects is nil');
  const unknown = await t.throwsAsync(callWebhook(unreachable({ sideEffects: 'None', admissionReviewVersions: ['v2'] }), attributes, invocation, false), {
    instanceOf: WebhookCallError,
  });
  t.is(unknown?.message, 'failed calling webhook "x.example.com": could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)');
});
