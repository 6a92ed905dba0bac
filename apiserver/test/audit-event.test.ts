// The audit event's two encodings, against lines of kube-apiserver 1.35.4's own audit log: the
// JSON (kube's field order, empty fields left out, Go's HTML escaping, microsecond times) and
// --audit-log-format=legacy's one line.

import test from 'ava';
import { eventJson, eventLegacyLine, microTime, type AuditEvent } from '../src/audit/audit-event.ts';

const micros = (iso: string, fraction: number): number => Date.parse(iso) * 1000 + fraction;

const patch: AuditEvent = {
  level: 'RequestResponse',
  auditID: '6b487320-dccc-4728-87f4-e2259840b980',
  stage: 'ResponseComplete',
  requestURI: '/api/v1/namespaces/default/configmaps/cm4?fieldManager=me',
  verb: 'patch',
  user: { username: 'admin', uid: 'admin-uid', groups: ['system:masters', 'system:authenticated'], extra: {} },
  impersonatedUser: undefined,
  sourceIPs: ['127.0.0.1'],
  userAgent: 'curl/7.88.1',
  objectRef: { resource: 'configmaps', namespace: 'default', name: 'cm4', uid: '', apiGroup: '', apiVersion: 'v1', resourceVersion: '', subresource: '' },
  responseStatus: { code: 201 },
  requestObject: undefined,
  responseObject: undefined,
  requestReceivedTimestamp: micros('2026-11-28T18:48:26Z', 475146),
  stageTimestamp: micros('2026-11-28T18:48:26Z', 483288),
  annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' },
};

test('an event is the JSON kube writes, & escaped as Go escapes it', (t) => {
  t.is(
    eventJson({ ...patch, requestURI: '/api/v1/namespaces/default/configmaps?fieldManager=kubectl-create&fieldValidation=Strict', verb: 'create' }),
    '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"RequestResponse","auditID":"6b487320-dccc-4728-87f4-e2259840b980","stage":"ResponseComplete",' +
      '"requestURI":"/api/v1/namespaces/default/configmaps?fieldManager=kubectl-create\\u0026fieldValidation=Strict","verb":"create",' +
      '"user":{"username":"admin","uid":"admin-uid","groups":["system:masters","system:authenticated"]},"sourceIPs":["127.0.0.1"],"userAgent":"curl/7.88.1",' +
      '"objectRef":{"resource":"configmaps","namespace":"default","name":"cm4","apiVersion":"v1"},"responseStatus":{"metadata":{},"code":201},' +
      '"requestReceivedTimestamp":"2026-11-28T18:48:26.475146Z","stageTimestamp":"2026-11-28T18:48:26.483288Z",' +
      '"annotations":{"authorization.k8s.io/decision":"allow","authorization.k8s.io/reason":""}}',
  );
});

test('a failed authentication has an empty user and no objectRef for a non-resource path', (t) => {
  const json = eventJson({ ...patch, user: undefined, objectRef: undefined, annotations: undefined, requestURI: '/version', verb: 'get' });
  t.regex(json, /"verb":"get","user":\{\},"sourceIPs"/);
  t.false(json.includes('objectRef'));
  t.false(json.includes('annotations'));
});

test('microsecond times keep six digits', (t) => {
  t.is(microTime(micros('2026-01-02T03:04:05Z', 7)), '2026-01-02T03:04:05.000007Z');
  t.is(microTime(micros('2026-01-02T03:04:05Z', 0)), '2026-01-02T03:04:05.000000Z');
});

test('the legacy line is kube’s EventString', (t) => {
  t.is(
    eventLegacyLine(patch),
    '2026-11-28T18:48:26.475146Z AUDIT: id="6b487320-dccc-4728-87f4-e2259840b980" stage="ResponseComplete" ip="127.0.0.1" method="patch" user="admin" ' +
      'groups="\\"system:masters\\",\\"system:authenticated\\"" as="<self>" asgroups="<lookup>" user-agent="curl/7.88.1" namespace="default" ' +
      'uri="/api/v1/namespaces/default/configmaps/cm4?fieldManager=me" response="201"',
  );
  const anonymous = eventLegacyLine({ ...patch, stage: 'RequestReceived', user: undefined, objectRef: undefined, responseStatus: undefined });
  t.regex(anonymous, / user="<none>" groups="<none>" .* namespace="<none>" .* response="<deferred>"$/);
});
