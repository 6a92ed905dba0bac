// The RBAC authorizer over real stores: it follows role and binding changes through its informers,
// finds a user's bindings by name and group, names the binding that allowed a request as kube does,
// reports the roles it could not find, and lists what a user may do. The bootstrap policy's
// reconciliation adds what is missing and leaves alone what is marked autoupdate "false".

import test, { type ExecutionContext } from 'ava';
import pino from 'pino';
import { eventually } from '../../common/test/eventually.ts';
import type { UserInfo } from '../src/authentication/authenticator.ts';
import type { Attributes, Authorizer } from '../src/authorization/authorizer.ts';
import { bootstrapPolicy } from '../src/authorization/rbac/bootstrap/bootstrap-policy.ts';
import { reconcilePolicy } from '../src/authorization/rbac/bootstrap/reconcile-policy.ts';
import { rbacAuthorizer } from '../src/authorization/rbac/rbac-authorizer.ts';
import { rbacStoresOf } from '../src/authorization/rbac/rbac-stores.ts';
import { RbacRuleResolver, type RbacStores } from '../src/authorization/rbac/rule-resolver.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import type { Registry } from '../src/registry/registry.ts';
import { cachedRegistry } from './cached-registry.ts';

interface Fixture {
  readonly registry: Registry;
  readonly stores: RbacStores;
  readonly authorizer: Authorizer;
}

async function fixture(t: ExecutionContext): Promise<Fixture> {
  const { registry, stopping } = await cachedRegistry(t, 'rbac-authorizer');
  const stores = rbacStoresOf(registry);
  const resolver = new RbacRuleResolver(stores, pino({ level: 'silent' }), stopping);
  return { registry, stores, authorizer: rbacAuthorizer(resolver) };
}

const rbac = 'rbac.authorization.k8s.io';
const userNamed = (username: string, groups: string[] = []): UserInfo => ({ username, uid: '', groups, extra: {} });
const request = (user: UserInfo, verb: string, resource: string, namespace: string, subresource = ''): Attributes => ({
  user,
  isResourceRequest: true,
  path: '',
  verb,
  group: '',
  version: 'v1',
  resource,
  subresource,
  namespace,
  name: '',
});

const clusterRole = (name: string, rules: JsonObject[]): JsonObject => ({ metadata: { name }, rules });
const binding = (name: string, roleRef: { kind: string; name: string }, subjects: JsonObject[]): JsonObject => ({
  metadata: { name },
  roleRef: { apiGroup: rbac, ...roleRef },
  subjects,
});

test('a ClusterRoleBinding to a group allows its members everywhere, naming the binding, the role and the subject', async (t) => {
  const { stores, authorizer } = await fixture(t);
  await stores.clusterRoles.create(undefined, clusterRole('pod-reader', [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }]));
  await stores.clusterRoleBindings.create(undefined, binding('readers', { kind: 'ClusterRole', name: 'pod-reader' }, [{ kind: 'Group', apiGroup: rbac, name: 'devs' }]));
  const dev = userNamed('ada', ['devs']);
  t.deepEqual(await authorizer.authorize(request(dev, 'list', 'pods', 'team')), {
    decision: 'allow',
    reason: 'RBAC: allowed by ClusterRoleBinding "readers" of ClusterRole "pod-reader" to Group "devs"',
  });
  t.deepEqual(await authorizer.authorize(request(dev, 'delete', 'pods', 'team')), { decision: 'noOpinion', reason: '' });
  t.deepEqual(await authorizer.authorize(request(userNamed('bob'), 'list', 'pods', 'team')), { decision: 'noOpinion', reason: '' });
});

test('a RoleBinding allows only in its namespace, and a service account subject defaults to that namespace', async (t) => {
  const { stores, authorizer } = await fixture(t);
  await stores.roles.create('team', { metadata: { name: 'logs' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }] });
  await stores.roleBindings.create('team', binding('robots', { kind: 'Role', name: 'logs' }, [{ kind: 'ServiceAccount', name: 'robot' }]));
  const robot = userNamed('system:serviceaccount:team:robot', ['system:serviceaccounts']);
  t.deepEqual(await authorizer.authorize(request(robot, 'get', 'pods', 'team', 'log')), {
    decision: 'allow',
    reason: 'RBAC: allowed by RoleBinding "robots/team" of Role "logs" to ServiceAccount "robot/team"',
  });
  t.is((await authorizer.authorize(request(robot, 'get', 'pods', 'other', 'log'))).decision, 'noOpinion');
  t.is((await authorizer.authorize(request(userNamed('system:serviceaccount:other:robot'), 'get', 'pods', 'team', 'log'))).decision, 'noOpinion');
});

test('changes reach the authorizer: a binding made, a role changed then deleted; a binding to a missing role is the reason of a denial', async (t) => {
  const { stores, authorizer } = await fixture(t);
  const ada = userNamed('ada');
  await stores.clusterRoles.create(undefined, clusterRole('r', [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'] }]));
  await stores.clusterRoleBindings.create(undefined, binding('b', { kind: 'ClusterRole', name: 'r' }, [{ kind: 'User', apiGroup: rbac, name: 'ada' }]));
  await eventually('the binding seen', async () => ((await authorizer.authorize(request(ada, 'get', 'secrets', 'x'))).decision === 'allow' ? true : undefined));
  const role = await stores.clusterRoles.get(undefined, 'r');
  await stores.clusterRoles.update(undefined, 'r', { ...role, rules: [{ verbs: ['list'], apiGroups: [''], resources: ['secrets'] }] });
  await eventually('the role change seen', async () => ((await authorizer.authorize(request(ada, 'get', 'secrets', 'x'))).decision === 'noOpinion' ? true : undefined));
  t.is((await authorizer.authorize(request(ada, 'list', 'secrets', 'x'))).decision, 'allow');
  await stores.clusterRoles.delete(undefined, 'r');
  const denied = await eventually('the role gone', async () => {
    const decision = await authorizer.authorize(request(ada, 'list', 'secrets', 'x'));
    return decision.decision === 'noOpinion' ? decision : undefined;
  });
  t.is(denied.reason, 'RBAC: clusterrole.rbac.authorization.k8s.io "r" not found');
  t.deepEqual(await authorizer.rulesFor?.(ada, 'x'), {
    resourceRules: [],
    nonResourceRules: [],
    incomplete: false,
    errors: ['clusterrole.rbac.authorization.k8s.io "r" not found'],
  });
});

test('the bootstrap policy: system:masters is cluster-admin, authenticated users discover, everyone reads the version', async (t) => {
  const { registry, stores, authorizer } = await fixture(t);
  await reconcilePolicy({ namespaces: registry.namespaces, ...stores }, bootstrapPolicy);
  const master = userNamed('root', ['system:masters', 'system:authenticated']);
  t.is(
    (await authorizer.authorize(request(master, 'delete', 'nodes', ''))).reason,
    'RBAC: allowed by ClusterRoleBinding "cluster-admin" of ClusterRole "cluster-admin" to Group "system:masters"',
  );
  const someone = userNamed('ada', ['system:authenticated']);
  const discovery = await authorizer.authorize({ user: someone, isResourceRequest: false, path: '/apis/apps', verb: 'get' });
  t.is(discovery.reason, 'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"');
  const anonymous = userNamed('system:anonymous', ['system:unauthenticated']);
  t.is((await authorizer.authorize({ user: anonymous, isResourceRequest: false, path: '/version', verb: 'get' })).decision, 'allow');
  t.is((await authorizer.authorize({ user: anonymous, isResourceRequest: false, path: '/apis', verb: 'get' })).decision, 'noOpinion');
  t.is((await authorizer.authorize(request(someone, 'list', 'pods', 'default'))).decision, 'noOpinion');
  t.like((await stores.roleBindings.get('kube-system', 'system::leader-locking-kube-scheduler')).roleRef, { name: 'system::leader-locking-kube-scheduler' });
  // Written as kube-apiserver's loopback client writes them.
  t.like(((await stores.clusterRoles.get(undefined, 'admin')).metadata as JsonObject).managedFields, [{ manager: 'kube-apiserver', operation: 'Update' }]);
});

test('reconciling again adds back what the policy lacks, keeps what was added, and leaves autoupdate "false" objects alone', async (t) => {
  const { registry, stores } = await fixture(t);
  const policyStores = { namespaces: registry.namespaces, ...stores };
  await reconcilePolicy(policyStores, bootstrapPolicy);
  const discovery = await stores.clusterRoles.get(undefined, 'system:discovery');
  await stores.clusterRoles.update(undefined, 'system:discovery', {
    ...discovery,
    metadata: { ...(discovery.metadata as JsonObject), labels: { mine: 'yes' } },
    rules: [{ verbs: ['get'], nonResourceURLs: ['/mine'] }],
  });
  const basic = await stores.clusterRoleBindings.get(undefined, 'system:basic-user');
  await stores.clusterRoleBindings.update(undefined, 'system:basic-user', {
    ...basic,
    metadata: { ...(basic.metadata as JsonObject), annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'false' } },
    subjects: [],
  });
  await reconcilePolicy(policyStores, bootstrapPolicy);
  const reconciled = await stores.clusterRoles.get(undefined, 'system:discovery');
  t.deepEqual((reconciled.metadata as JsonObject).labels, { mine: 'yes', 'kubernetes.io/bootstrapping': 'rbac-defaults' });
  const urls = (reconciled.rules as JsonObject[]).flatMap((rule) => rule.nonResourceURLs as string[]);
  t.is(urls[0], '/mine');
  t.true(urls.includes('/apis/*'));
  t.deepEqual((await stores.clusterRoleBindings.get(undefined, 'system:basic-user')).subjects, []);
});
