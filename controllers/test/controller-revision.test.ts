// ControllerRevision names and data as kube's history package makes them. The expected StatefulSet
// revision name was computed by kube's own code (history.HashControllerRevision over the patch Go's
// encoding/json writes for this template, k8s.io/api v0.35.4) for the template the API server
// serves for the "web" StatefulSet of the StatefulSet tests.

import test from 'ava';
import type { PodTemplateSpec } from '@capstan/common/api-types/core-v1';
import { computeTemplateHash, goJson, hashControllerRevision, revisionTemplate, safeEncodeString, templatePatch } from '../src/workload/controller-revision.ts';

const servedTemplate: PodTemplateSpec = {
  metadata: { labels: { app: 'nginx' } },
  spec: {
    containers: [
      {
        name: 'nginx',
        image: 'registry.k8s.io/nginx-slim:0.8',
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        imagePullPolicy: 'IfNotPresent',
      },
    ],
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
    dnsPolicy: 'ClusterFirst',
    securityContext: {},
    schedulerName: 'default-scheduler',
  },
};

test("a StatefulSet revision's data and hash are kube's: the patch in Go's key order, FNV-1 with the collision count, safe-encoded", (t) => {
  const data = templatePatch(servedTemplate);
  t.is(
    goJson(data),
    '{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"registry.k8s.io/nginx-slim:0.8","imagePullPolicy":"IfNotPresent","name":"nginx","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}}}}',
  );
  t.is(hashControllerRevision(data, 0), '68bcc47dbc');
  t.not(hashControllerRevision(data, 1), '68bcc47dbc');
  t.deepEqual(revisionTemplate({ revision: 1, data }), servedTemplate);
});

test('goJson escapes as Go does; safeEncodeString maps characters into the vowel-free alphabet', (t) => {
  t.is(goJson({ b: '<a&b>', a: ['\u2028'] }), '{"a":["\\u2028"],"b":"\\u003ca\\u0026b\\u003e"}');
  t.is(safeEncodeString('0123456789'), '456789bcdf');
});

test('the template hash changes with the template and the collision count, and is stable', (t) => {
  const hash = computeTemplateHash(servedTemplate, undefined);
  t.regex(hash, /^[bcdfghjklmnpqrstvwxz2456789]+$/);
  t.is(computeTemplateHash(structuredClone(servedTemplate), undefined), hash);
  t.not(computeTemplateHash(servedTemplate, 1), hash);
  t.not(computeTemplateHash({ ...servedTemplate, metadata: { labels: { app: 'other' } } }, undefined), hash);
});
