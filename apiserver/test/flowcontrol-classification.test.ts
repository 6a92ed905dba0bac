// API priority and fairness classification (kube's rule.go) over the bootstrap configuration:
// which FlowSchema, and so which priority level, a request of a given user lands in; and the
// matching rules one by one.

import test from 'ava';
import type { UserInfo } from '../src/authentication/authenticator.ts';
import { mandatoryFlowSchemas, suggestedFlowSchemas } from '../src/flowcontrol/bootstrap-configuration.ts';
import { byMatchingPrecedence, flowDistinguisher, flowSchemaOf, matchesFlowSchema } from '../src/flowcontrol/flow-schema-match.ts';
import { parseRequestInfo } from '../src/request-info/request-info.ts';

const schemas = [...mandatoryFlowSchemas, ...suggestedFlowSchemas].map(flowSchemaOf).sort(byMatchingPrecedence);

const user = (username: string, ...groups: string[]): UserInfo => ({ username, uid: '', groups: [...groups, 'system:authenticated'], extra: {} });

function classify(who: UserInfo, method: string, path: string): string {
  const info = parseRequestInfo(method, path);
  return schemas.find((schema) => matchesFlowSchema(who, info, schema))?.name ?? 'none';
}

test('the bootstrap FlowSchemas are tried in matchingPrecedence order', (t) => {
  t.deepEqual(
    schemas.map((schema) => `${schema.matchingPrecedence}:${schema.name}`),
    [
      '1:exempt',
      '2:probes',
      '100:system-leader-election',
      '400:system-node-high',
      '500:system-nodes',
      '800:kube-controller-manager',
      '800:kube-scheduler',
      '900:kube-system-service-accounts',
      '9000:service-accounts',
      '9900:global-default',
      '10000:catch-all',
    ],
  );
});

test('requests land in the bootstrap FlowSchemas kube puts them in', (t) => {
  const node = user('system:node:n1', 'system:nodes');
  t.is(classify(user('admin', 'system:masters'), 'GET', '/api/v1/pods'), 'exempt');
  t.is(classify(user('alice'), 'GET', '/healthz'), 'probes');
  t.is(classify(user('alice'), 'GET', '/readyz'), 'probes');
  t.is(classify(node, 'PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1'), 'system-node-high');
  t.is(classify(node, 'PATCH', '/api/v1/nodes/n1/status'), 'system-node-high');
  t.is(classify(node, 'GET', '/api/v1/pods'), 'system-nodes');
  t.is(classify(user('system:kube-controller-manager'), 'PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kcm'), 'system-leader-election');
  t.is(classify(user('system:kube-controller-manager'), 'GET', '/apis/apps/v1/deployments'), 'kube-controller-manager');
  t.is(classify(user('system:kube-scheduler'), 'POST', '/api/v1/namespaces/default/pods/p/binding'), 'kube-scheduler');
  t.is(classify(user('system:serviceaccount:kube-system:replicaset-controller', 'system:serviceaccounts'), 'GET', '/api/v1/pods'), 'kube-system-service-accounts');
  t.is(classify(user('system:serviceaccount:default:app', 'system:serviceaccounts'), 'GET', '/api/v1/pods'), 'service-accounts');
  t.is(classify(user('alice', 'devs'), 'GET', '/api/v1/namespaces/default/configmaps'), 'global-default');
  t.is(classify({ username: 'system:anonymous', uid: '', groups: ['system:unauthenticated'], extra: {} }, 'GET', '/version'), 'global-default');
  // A user in neither system:authenticated nor system:unauthenticated matches nothing (kube then falls back to catch-all).
  t.is(classify({ username: 'odd', uid: '', groups: [], extra: {} }, 'GET', '/version'), 'none');
});

const custom = (rule: Record<string, unknown>, distinguisher?: string) =>
  flowSchemaOf({
    metadata: { name: 'custom', uid: 'u' },
    spec: {
      priorityLevelConfiguration: { name: 'pl' },
      matchingPrecedence: 50,
      ...(distinguisher === undefined ? {} : { distinguisherMethod: { type: distinguisher } }),
      rules: [rule],
    },
  });

test('a resource rule needs the verb, group, resource (with its subresource) and namespace, and clusterScope for cluster-scoped requests', (t) => {
  const rule = {
    subjects: [{ kind: 'User', user: { name: 'alice' } }],
    resourceRules: [{ verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['deployments', 'deployments/scale'], namespaces: ['team-a'] }],
  };
  const schema = custom(rule);
  const alice = user('alice');
  const matches = (method: string, path: string) => matchesFlowSchema(alice, parseRequestInfo(method, path), schema);
  t.true(matches('GET', '/apis/apps/v1/namespaces/team-a/deployments'));
  t.true(matches('GET', '/apis/apps/v1/namespaces/team-a/deployments/d/scale'));
  t.false(matches('GET', '/apis/apps/v1/namespaces/team-a/deployments/d/status'));
  t.false(matches('GET', '/apis/apps/v1/namespaces/team-b/deployments'));
  t.false(matches('DELETE', '/apis/apps/v1/namespaces/team-a/deployments/d'));
  t.false(matches('GET', '/api/v1/namespaces/team-a/pods'));
  // Across all namespaces the request has no namespace: only clusterScope covers it.
  t.false(matches('GET', '/apis/apps/v1/deployments'));
  t.true(matchesFlowSchema(alice, parseRequestInfo('GET', '/apis/apps/v1/deployments'), custom({ ...rule, resourceRules: [{ ...rule.resourceRules[0], clusterScope: true }] })));
  t.false(matchesFlowSchema(user('bob'), parseRequestInfo('GET', '/apis/apps/v1/namespaces/team-a/deployments'), schema));
});

test('subjects: users, groups, service accounts by name or all of a namespace', (t) => {
  const info = parseRequestInfo('GET', '/version');
  const any = { nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] };
  const sa = (name: string) => custom({ subjects: [{ kind: 'ServiceAccount', serviceAccount: { name, namespace: 'ns' } }], ...any });
  t.true(matchesFlowSchema(user('system:serviceaccount:ns:builder'), info, sa('builder')));
  t.false(matchesFlowSchema(user('system:serviceaccount:ns:other'), info, sa('builder')));
  t.true(matchesFlowSchema(user('system:serviceaccount:ns:other'), info, sa('*')));
  t.false(matchesFlowSchema(user('system:serviceaccount:ns2:other'), info, sa('*')));
  t.false(matchesFlowSchema(user('system:serviceaccount:nsx:other'), info, sa('*')));
  t.true(matchesFlowSchema(user('anyone'), info, custom({ subjects: [{ kind: 'User', user: { name: '*' } }], ...any })));
  t.true(matchesFlowSchema(user('bob', 'ops'), info, custom({ subjects: [{ kind: 'Group', group: { name: 'ops' } }], ...any })));
  t.false(matchesFlowSchema(user('bob', 'devs'), info, custom({ subjects: [{ kind: 'Group', group: { name: 'ops' } }], ...any })));
});

test('non-resource URLs match exactly, or by a prefix ending in /* (or the path below a plain one)', (t) => {
  const alice = user('alice');
  const schema = custom({ subjects: [{ kind: 'User', user: { name: 'alice' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/metrics', '/debug/*'] }] });
  const matches = (path: string) => matchesFlowSchema(alice, parseRequestInfo('GET', path), schema);
  t.true(matches('/metrics'));
  t.true(matches('/metrics/slis'));
  t.true(matches('/debug/api_priority_and_fairness/dump_queues'));
  t.false(matches('/metricsx'));
  t.false(matches('/version'));
});

test('the flow distinguisher is the user name (ByUser), the namespace (ByNamespace), or nothing', (t) => {
  const info = parseRequestInfo('GET', '/api/v1/namespaces/team-a/pods');
  const rule = { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'] }] };
  t.is(flowDistinguisher(user('alice'), info, custom(rule, 'ByUser')), 'alice');
  t.is(flowDistinguisher(user('alice'), info, custom(rule, 'ByNamespace')), 'team-a');
  t.is(flowDistinguisher(user('alice'), info, custom(rule)), '');
});
