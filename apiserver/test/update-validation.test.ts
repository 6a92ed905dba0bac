// Update-only validation: the Go rendering of a changed selector, and what a suspended Job that
// never started may still change in its template.

import test from 'ava';
import { fieldErrorMessage } from '@capstan/common';
import { updateErrors } from '../src/registry/validation/validators.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';
import { builtinDefinition } from './builtin-definition.ts';

const job = (template: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ kind: 'Job', spec: { template, ...extra } });
const replicaSets = builtinDefinition('apps', 'ReplicaSet');
const jobs = builtinDefinition('batch', 'Job');
const pods = builtinDefinition('', 'Pod');

const messages = (definition: ResourceDefinition, next: Record<string, unknown>, old: Record<string, unknown>): string[] =>
  updateErrors(definition, next, old, []).map(fieldErrorMessage);

test('a changed selector with expressions and no labels is quoted as Go prints a v1.LabelSelector', (t) => {
  const old = { spec: { selector: { matchLabels: { app: 'a' } } } };
  const next = {
    spec: {
      selector: {
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['web', 'api'] },
          { key: 'gone', operator: 'DoesNotExist' },
        ],
      },
    },
  };
  t.deepEqual(messages(replicaSets, next, old), [
    'spec.selector: Invalid value: {"matchExpressions":[{"key":"tier","operator":"In","values":["web","api"]},{"key":"gone","operator":"DoesNotExist"}]}: field is immutable',
  ]);
  t.deepEqual(messages(replicaSets, old, old), []);
});

test('a suspended Job that never started may change its template scheduling and labels, nothing else', (t) => {
  const template = { metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'x:1' }] } };
  const scheduled = { metadata: { labels: { a: '2' } }, spec: { containers: [{ name: 'c', image: 'x:1' }], nodeSelector: { zone: 'b' } } };
  const reimaged = { metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'x:2' }] } };
  const immutable = ['spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable'];
  t.deepEqual(messages(jobs, job(scheduled, { suspend: true }), job(template, { suspend: true })), []);
  t.deepEqual(messages(jobs, job(reimaged, { suspend: true }), job(template, { suspend: true })), immutable);
  t.deepEqual(messages(jobs, job(scheduled), job(template)), immutable);
  t.deepEqual(messages(jobs, job(scheduled, { suspend: true }), { ...job(template, { suspend: true }), status: { startTime: '2026-01-01T00:00:00Z' } }), immutable);
});

test('a pod may take a negative grace period to 1, add a deadline, and change images only', (t) => {
  const old = { spec: { containers: [{ name: 'c', image: 'x:1' }], terminationGracePeriodSeconds: -1 } };
  t.deepEqual(messages(pods, { spec: { containers: [{ name: 'c', image: 'x:2' }], terminationGracePeriodSeconds: 1, activeDeadlineSeconds: 30 } }, old), []);
  const [message] = messages(pods, { spec: { containers: [{ name: 'c', image: 'x:1' }], terminationGracePeriodSeconds: 5, nodeName: 'n1' } }, old);
  t.regex(message ?? '', /^spec: Forbidden: pod updates may not change fields other than .*\n {2}changed: spec\.nodeName, spec\.terminationGracePeriodSeconds$/s);
});
