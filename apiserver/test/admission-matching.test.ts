// The matching shared by admission policies and webhooks (kube's policy/matching and webhook
// predicates): rules with scopes and subresources, namespace and object selectors, excluded rules,
// resource names, and matchPolicy Equivalent through the group-versions Capstan serves. Namespaces
// are read from a real store on SQLite.

import test from 'ava';
import { StatusError, isNotFound } from '@capstan/common';
import type { MatchResources } from '@capstan/common/api-types/admissionregistration-v1';
import type { AdmissionAttributes } from '../src/admission/admission-attributes.ts';
import { admissionRequest } from './admission-request.ts';
import { servedEquivalentResources } from '../src/admission/matching/equivalent-resources.ts';
import { matchRequest, policyMatchCriteria, webhookMatchCriteria, type MatchingContext } from '../src/admission/matching/match-request.ts';
import { namespaceLabelsFrom } from '../src/admission/matching/namespace-labels.ts';
import { ruleMatches } from '../src/admission/matching/rule-matches.ts';
import { cachedRegistry } from './cached-registry.ts';

const _admin = { username: 'admin', uid: '', groups: ['system:masters'], extra: {} };

const request = (overrides: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  admissionRequest({ namespace: 'team-a', name: 'settings', object: { metadata: { name: 'settings', labels: { app: 'web' } } }, ...overrides });

const everyConfigMap: MatchResources = {
  namespaceSelector: {},
  objectSelector: {},
  resourceRules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
  matchPolicy: 'Equivalent',
};

/** A registry with two namespaces: team-a (env=prod) and team-b (env=dev). */
async function context(t: import('ava').ExecutionContext): Promise<MatchingContext> {
  const { registry } = await cachedRegistry(t, 'admission-matching');
  await registry.namespaces.create(undefined, { metadata: { name: 'team-a', labels: { env: 'prod' } } });
  await registry.namespaces.create(undefined, { metadata: { name: 'team-b', labels: { env: 'dev' } } });
  return { namespaceLabels: namespaceLabelsFrom(registry.namespaces), equivalents: servedEquivalentResources(() => registry.definitions) };
}

test('a rule names subresources by "pods/status", "*/status", "pods/*"; "*" alone is no subresource', (t) => {
  const podStatus = { operation: 'UPDATE', resource: { group: '', version: 'v1', resource: 'pods' }, subresource: 'status', namespace: 'ns' };
  const rule = (resources: string[]) => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources });
  t.true(ruleMatches(rule(['pods/status']), podStatus));
  t.true(ruleMatches(rule(['*/status']), podStatus));
  t.true(ruleMatches(rule(['pods/*']), podStatus));
  t.true(ruleMatches(rule(['*/*']), podStatus));
  t.false(ruleMatches(rule(['pods']), podStatus));
  t.false(ruleMatches(rule(['*']), podStatus));
  t.true(ruleMatches(rule(['*']), { ...podStatus, subresource: '' }));
  t.false(ruleMatches({ ...rule(['*']), operations: ['CREATE'] }, { ...podStatus, subresource: '' }));
});

test('scope Namespaced leaves out namespaces and cluster-scoped objects; Cluster takes namespaces in', (t) => {
  const rule = (scope: string) => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope });
  const namespace = { operation: 'UPDATE', resource: { group: '', version: 'v1', resource: 'namespaces' }, subresource: '', namespace: 'team-a' };
  const node = { operation: 'UPDATE', resource: { group: '', version: 'v1', resource: 'nodes' }, subresource: '', namespace: '' };
  const pod = { operation: 'UPDATE', resource: { group: '', version: 'v1', resource: 'pods' }, subresource: '', namespace: 'team-a' };
  t.deepEqual(
    [namespace, node, pod].map((subject) => ruleMatches(rule('Namespaced'), subject)),
    [false, false, true],
  );
  t.deepEqual(
    [namespace, node, pod].map((subject) => ruleMatches(rule('Cluster'), subject)),
    [true, true, false],
  );
  t.deepEqual(
    [namespace, node, pod].map((subject) => ruleMatches(rule('*'), subject)),
    [true, true, true],
  );
});

test('the namespace selector reads the namespace labels; a missing namespace is 404, a cluster-scoped object always matches', async (t) => {
  const matching = await context(t);
  const prodOnly = policyMatchCriteria({ ...everyConfigMap, namespaceSelector: { matchLabels: { env: 'prod' } } });
  t.truthy(await matchRequest(prodOnly, request(), matching));
  t.is(await matchRequest(prodOnly, request({ namespace: 'team-b' }), matching), undefined);
  const missing = await t.throwsAsync(matchRequest(prodOnly, request({ namespace: 'nowhere' }), matching));
  t.true(isNotFound(missing));
  // Without a selector, the namespace is not read at all.
  t.truthy(await matchRequest(policyMatchCriteria(everyConfigMap), request({ namespace: 'nowhere' }), matching));
  const everyNode = policyMatchCriteria({
    namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }] },
    objectSelector: {},
    resourceRules: [{ operations: ['*'], apiGroups: [''], apiVersions: ['v1'], resources: ['nodes'] }],
  });
  const node = request({ resource: { group: '', version: 'v1', resource: 'nodes' }, kind: { group: '', version: 'v1', kind: 'Node' }, namespace: '' });
  t.truthy(await matchRequest(everyNode, node, matching));
});

test('a Namespace is matched by its own labels: those it writes, the stored ones on delete', async (t) => {
  const matching = await context(t);
  const namespaces = policyMatchCriteria({
    namespaceSelector: { matchLabels: { env: 'prod' } },
    objectSelector: {},
    resourceRules: [{ operations: ['*'], apiGroups: [''], apiVersions: ['v1'], resources: ['namespaces'] }],
  });
  const namespace = (labels: Record<string, string>, overrides: Partial<AdmissionAttributes> = {}) =>
    request({
      resource: { group: '', version: 'v1', resource: 'namespaces' },
      kind: { group: '', version: 'v1', kind: 'Namespace' },
      namespace: '',
      name: 'new-one',
      object: { metadata: { name: 'new-one', labels } },
      ...overrides,
    });
  t.truthy(await matchRequest(namespaces, namespace({ env: 'prod' }), matching));
  t.is(await matchRequest(namespaces, namespace({ env: 'dev' }), matching), undefined);
  t.truthy(await matchRequest(namespaces, namespace({}, { operation: 'DELETE', namespace: 'team-a', name: 'team-a', object: undefined }), matching));
  t.is(await matchRequest(namespaces, namespace({}, { operation: 'DELETE', namespace: 'team-b', name: 'team-b', object: undefined }), matching), undefined);
});

test('the object selector matches the new object or the old one', async (t) => {
  const matching = await context(t);
  const web = policyMatchCriteria({
    ...everyConfigMap,
    objectSelector: { matchLabels: { app: 'web' } },
    resourceRules: [{ operations: ['*'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
  });
  t.truthy(await matchRequest(web, request(), matching));
  const relabelled = request({ operation: 'UPDATE', object: { metadata: { labels: { app: 'db' } } }, oldObject: { metadata: { labels: { app: 'web' } } } });
  t.truthy(await matchRequest(web, relabelled, matching));
  t.is(await matchRequest(web, request({ object: { metadata: { labels: { app: 'db' } } } }), matching), undefined);
  // A delete has no new object: the stored one decides.
  t.truthy(await matchRequest(web, request({ operation: 'DELETE', object: undefined, oldObject: { metadata: { labels: { app: 'web' } } } }), matching));
});

test('excludeResourceRules and resourceNames narrow the rules', async (t) => {
  const matching = await context(t);
  const excluded = policyMatchCriteria({
    ...everyConfigMap,
    excludeResourceRules: [{ operations: ['*'], apiGroups: [''], apiVersions: ['*'], resources: ['configmaps'], resourceNames: ['settings'] }],
  });
  t.is(await matchRequest(excluded, request(), matching), undefined);
  t.truthy(await matchRequest(excluded, request({ name: 'other' }), matching));
  const named = policyMatchCriteria({ ...everyConfigMap, resourceRules: [{ ...everyConfigMap.resourceRules![0]!, resourceNames: ['settings'] }] });
  t.truthy(await matchRequest(named, request(), matching));
  // A create whose name is still to be generated matches no named rule.
  t.is(await matchRequest(named, request({ name: '' }), matching), undefined);
});

test('matchPolicy Equivalent matches through the other served versions of the same objects, with their kind', async (t) => {
  const matching = await context(t);
  const hpaV1Rule = { operations: ['*'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'] };
  const hpaV2 = request({
    resource: { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' },
    kind: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' },
  });
  t.is(await matchRequest(policyMatchCriteria({ resourceRules: [hpaV1Rule], matchPolicy: 'Exact' }), hpaV2, matching), undefined);
  t.deepEqual(await matchRequest(policyMatchCriteria({ resourceRules: [hpaV1Rule], matchPolicy: 'Equivalent' }), hpaV2, matching), {
    resource: { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' },
    kind: { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' },
  });
  // Core and events.k8s.io events share their storage.
  const eventsRule = { operations: ['CREATE'], apiGroups: ['events.k8s.io'], apiVersions: ['v1'], resources: ['events'] };
  const coreEvent = request({ resource: { group: '', version: 'v1', resource: 'events' }, kind: { group: '', version: 'v1', kind: 'Event' } });
  t.deepEqual((await matchRequest(webhookMatchCriteria({ rules: [eventsRule], matchPolicy: 'Equivalent' }), coreEvent, matching))?.kind, {
    group: 'events.k8s.io',
    version: 'v1',
    kind: 'Event',
  });
  // Configmaps have one version only: nothing else is equivalent.
  t.is(await matchRequest(webhookMatchCriteria({ rules: [{ ...eventsRule, resources: ['*'] }], matchPolicy: 'Equivalent' }), request(), matching), undefined);
});

test('a binding without resourceRules selects every resource; a webhook without rules selects none', async (t) => {
  const matching = await context(t);
  t.truthy(await matchRequest(policyMatchCriteria({ namespaceSelector: {}, objectSelector: {} }), request(), matching));
  t.is(await matchRequest(webhookMatchCriteria({}), request(), matching), undefined);
});

test('a selector kube cannot use is an internal error, only for requests the rules select', async (t) => {
  const matching = await context(t);
  const broken = policyMatchCriteria({ ...everyConfigMap, objectSelector: { matchExpressions: [{ key: 'app', operator: 'Sometimes', values: ['x'] }] } });
  const error = await t.throwsAsync(matchRequest(broken, request(), matching));
  t.true(error instanceof StatusError && error.code === 500);
  t.is(await matchRequest(broken, request({ resource: { group: '', version: 'v1', resource: 'secrets' } }), matching), undefined);
});
