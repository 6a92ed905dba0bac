// kube's RBAC rule evaluation, as pure functions: which requests a rule allows (verbs, groups,
// resources with subresources and "*/sub" wildcards, names, URL prefixes), which rules one set
// covers of another, and how the uncovered ones are described in an escalation's 403.

import test from 'ava';
import type { UserInfo } from '../src/authentication/authenticator.ts';
import type { Attributes } from '../src/authorization/authorizer.ts';
import type { PolicyRule } from '../src/authorization/rbac/policy-rule.ts';
import { compactRules, compactString, uncoveredRules } from '../src/authorization/rbac/rule-covering.ts';
import { ruleAllows } from '../src/authorization/rbac/rule-matching.ts';
import { subjectKey } from '../src/authorization/rbac/subject-index.ts';

const user: UserInfo = { username: 'ada', uid: '', groups: [], extra: {} };

const rule = (fields: Partial<PolicyRule>): PolicyRule => ({ verbs: [], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [], ...fields });

const request = (verb: string, group: string, resource: string, subresource = '', name = ''): Attributes => ({
  user,
  isResourceRequest: true,
  path: '',
  verb,
  group,
  version: 'v1',
  resource,
  subresource,
  namespace: 'team',
  name,
});

const path = (verb: string, url: string): Attributes => ({ user, isResourceRequest: false, path: url, verb });

test('a rule allows its verbs on its resources of its groups, and "*" stands for any', (t) => {
  const reader = rule({ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] });
  t.true(ruleAllows(request('get', '', 'pods'), reader));
  t.false(ruleAllows(request('delete', '', 'pods'), reader));
  t.false(ruleAllows(request('get', 'apps', 'pods'), reader));
  t.false(ruleAllows(request('get', '', 'secrets'), reader));
  t.true(ruleAllows(request('delete', 'apps', 'deployments'), rule({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] })));
});

test('a subresource is allowed by "resource/sub" or "*/sub", never by the resource alone', (t) => {
  t.false(ruleAllows(request('get', '', 'pods', 'log'), rule({ verbs: ['get'], apiGroups: [''], resources: ['pods'] })));
  t.true(ruleAllows(request('get', '', 'pods', 'log'), rule({ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] })));
  const anyScale = rule({ verbs: ['update'], apiGroups: ['apps'], resources: ['*/scale'] });
  t.true(ruleAllows(request('update', 'apps', 'deployments', 'scale'), anyScale));
  t.false(ruleAllows(request('update', 'apps', 'deployments'), anyScale));
  t.false(ruleAllows(request('update', 'apps', 'deployments', 'status'), anyScale));
  // "*/scale" is no prefix match: "*/scalex" does not match scale.
  t.false(ruleAllows(request('update', 'apps', 'deployments', 'scale'), rule({ verbs: ['update'], apiGroups: ['apps'], resources: ['*/scalex'] })));
});

test('resourceNames limit a rule to those objects; a request without a name (list, create) is not one of them', (t) => {
  const named = rule({ verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['settings'] });
  t.true(ruleAllows(request('get', '', 'configmaps', '', 'settings'), named));
  t.false(ruleAllows(request('get', '', 'configmaps', '', 'other'), named));
  t.false(ruleAllows(request('list', '', 'configmaps'), named));
});

test('non-resource URLs match exactly, by a prefix ending in "*", or "*"; a resource rule never matches a path', (t) => {
  const urls = rule({ verbs: ['get'], nonResourceURLs: ['/healthz', '/apis/*'] });
  t.true(ruleAllows(path('get', '/healthz'), urls));
  t.false(ruleAllows(path('get', '/healthz/etcd'), urls));
  t.true(ruleAllows(path('get', '/apis/apps/v1'), urls));
  t.true(ruleAllows(path('get', '/apis/'), urls));
  t.false(ruleAllows(path('get', '/apis'), urls));
  t.false(ruleAllows(path('post', '/healthz'), urls));
  t.true(ruleAllows(path('get', '/anything'), rule({ verbs: ['get'], nonResourceURLs: ['*'] })));
  t.false(ruleAllows(path('get', '/healthz'), rule({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] })));
  t.false(ruleAllows(request('get', '', 'pods'), rule({ verbs: ['*'], nonResourceURLs: ['*'] })));
});

test("a service account subject is the user system:serviceaccount:<namespace>:<name>, its namespace defaulting to the binding's", (t) => {
  t.is(subjectKey({ kind: 'ServiceAccount', apiGroup: '', name: 'robot', namespace: '' }, 'team'), 'user:system:serviceaccount:team:robot');
  t.is(subjectKey({ kind: 'ServiceAccount', apiGroup: '', name: 'robot', namespace: 'ops' }, 'team'), 'user:system:serviceaccount:ops:robot');
  // In a ClusterRoleBinding there is no namespace to default to: it names no one.
  t.is(subjectKey({ kind: 'ServiceAccount', apiGroup: '', name: 'robot', namespace: '' }, ''), undefined);
  t.is(subjectKey({ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'devs', namespace: '' }, ''), 'group:devs');
  t.is(subjectKey({ kind: 'Robot', apiGroup: '', name: 'x', namespace: '' }, ''), undefined);
});

test('what an owner holds covers rules by verb, group, resource, "*/sub", names and URL prefixes', (t) => {
  const owner = [
    rule({ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods', '*/status'] }),
    rule({ verbs: ['update'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'] }),
    rule({ verbs: ['get'], nonResourceURLs: ['/logs/*'] }),
  ];
  t.deepEqual(uncoveredRules(owner, [rule({ verbs: ['get'], apiGroups: [''], resources: ['pods', 'pods/status'] })]), []);
  t.deepEqual(uncoveredRules(owner, [rule({ verbs: ['update'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'] })]), []);
  t.deepEqual(uncoveredRules(owner, [rule({ verbs: ['get'], nonResourceURLs: ['/logs/today'] })]), []);
  // A named grant does not cover every object.
  t.deepEqual(uncoveredRules(owner, [rule({ verbs: ['update'], apiGroups: [''], resources: ['configmaps'] })]), [
    rule({ verbs: ['update'], apiGroups: [''], resources: ['configmaps'] }),
  ]);
  t.deepEqual(uncoveredRules(owner, [rule({ verbs: ['get', 'delete'], apiGroups: [''], resources: ['pods'] })]), [
    rule({ verbs: ['delete'], apiGroups: [''], resources: ['pods'] }),
  ]);
  t.deepEqual(uncoveredRules([rule({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }), rule({ verbs: ['*'], nonResourceURLs: ['*'] })], owner), []);
});

test('uncovered rules are compacted by group and resource and written as kube writes them', (t) => {
  const missing = uncoveredRules(
    [],
    [
      rule({ verbs: ['create', 'delete'], apiGroups: [''], resources: ['secrets'] }),
      rule({ verbs: ['get'], apiGroups: ['apps'], resources: ['deployments'], resourceNames: ['a', 'b'] }),
      rule({ verbs: ['get'], nonResourceURLs: ['/metrics'] }),
    ],
  );
  t.deepEqual(compactRules(missing).map(compactString).sort(), [
    '{APIGroups:[""], Resources:["secrets"], Verbs:["create" "delete"]}',
    '{APIGroups:["apps"], Resources:["deployments"], ResourceNames:["a"], Verbs:["get"]}',
    '{APIGroups:["apps"], Resources:["deployments"], ResourceNames:["b"], Verbs:["get"]}',
    '{NonResourceURLs:["/metrics"], Verbs:["get"]}',
  ]);
});
