// RBAC as kube-apiserver does it, through a real API server started with --authorization-mode=RBAC
// and --token-auth-file, and a real controllers process aggregating admin, edit and view: a user
// bound to view in a namespace is refused writes with kube's 403; kubectl auth can-i answers as
// kube's (yes/no, --list, --as); escalation is refused with kube's message; and the access matrix
// of users x verbs x resources holds no allow the bootstrap policy does not grant.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { eventually } from '../../common/test/eventually.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { quickLeaderElection, startControllers } from '../src/controllers-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import type { ManagedProcess } from '../src/node-agent-process.ts';

const run = promisify(execFile);
const rbac = 'rbac.authorization.k8s.io';

/** token, user, uid, groups: the --token-auth-file. */
const users = {
  root: { token: 'root-token', groups: ['system:masters'] },
  controllers: { token: 'controllers-token', groups: ['system:masters'] },
  nsadmin: { token: 'nsadmin-token', groups: ['team-admins'] },
  editor: { token: 'editor-token', groups: [] },
  viewer: { token: 'viewer-token', groups: [] },
  nobody: { token: 'nobody-token', groups: [] },
  maker: { token: 'maker-token', groups: [] },
} as const;
type UserName = keyof typeof users;

let dir: string;
let server: ApiServerProcess;
let controllers: ManagedProcess;

const kubeconfigOf = (name: UserName | 'anonymous', url: string): string => {
  const file = join(dir, `${name}.kubeconfig`);
  const user = name === 'anonymous' ? '{}' : `{token: ${users[name].token}}`;
  writeFileSync(
    file,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {server: "${url}", certificate-authority-data: ${Buffer.from(server.certificateAuthority).toString('base64')}}\nusers:\n- name: u\n  user: ${user}\ncontexts:\n- name: c\n  context: {cluster: c, user: u, namespace: team}\ncurrent-context: c\n`,
  );
  return file;
};

async function kubectl(name: UserName | 'anonymous', ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(kubectlBinary(), [`--kubeconfig=${join(dir, `${name}.kubeconfig`)}`, ...args], { encoding: 'utf8' });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

async function call(
  name: UserName | 'anonymous',
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (name !== 'anonymous') headers.authorization = `Bearer ${users[name].token}`;
  const answer = await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

const roleBinding = (name: string, role: string, subject: { kind: string; name: string }) => ({
  metadata: { name },
  roleRef: { apiGroup: rbac, kind: 'ClusterRole', name: role },
  subjects: [{ apiGroup: rbac, ...subject }],
});

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'capstan-rbac-'));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(
    tokens,
    Object.entries(users)
      .map(([name, user]) => `${user.token},${name},${name}-uid,"${user.groups.join(',')}"\n`)
      .join(''),
  );
  server = await startApiServer(['--authorization-mode=RBAC', `--token-auth-file=${tokens}`]);
  for (const name of [...Object.keys(users), 'anonymous'] as const) kubeconfigOf(name as UserName | 'anonymous', server.url);
  // The controllers talk to the API server directly, with a system:masters token.
  controllers = startControllers(kubeconfigOf('controllers', server.url), [...quickLeaderElection, '--controllers=clusterrole-aggregation']);
  for (const namespace of ['team', 'other']) await call('root', 'POST', '/api/v1/namespaces', { metadata: { name: namespace } });
  const bindings = '/apis/rbac.authorization.k8s.io/v1/namespaces/team/rolebindings';
  await call('root', 'POST', bindings, roleBinding('admins', 'admin', { kind: 'Group', name: 'team-admins' }));
  await call('root', 'POST', bindings, roleBinding('editors', 'edit', { kind: 'User', name: 'editor' }));
  await call('root', 'POST', bindings, roleBinding('viewers', 'view', { kind: 'User', name: 'viewer' }));
  // admin, edit and view have their rules once the aggregation controller has run: view's flow
  // into edit, edit's into admin, so the last to arrive are view's rules in admin.
  await eventually('admin, edit and view aggregated', async () => {
    for (const [user, verb, resource] of [
      ['viewer', 'get', 'pods'],
      ['editor', 'create', 'secrets'],
      ['editor', 'get', 'pods'],
      ['nsadmin', 'create', 'roles'],
      ['nsadmin', 'create', 'secrets'],
      ['nsadmin', 'get', 'pods'],
    ] as const) {
      const group = resource === 'roles' ? rbac : '';
      const { body } = await call('root', 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
        spec: { user, groups: [...users[user].groups], resourceAttributes: { verb, group, resource, namespace: 'team' } },
      });
      if ((body.status as { allowed?: boolean } | undefined)?.allowed !== true) return undefined;
    }
    return true;
  });
});

test.after.always(async () => {
  await controllers?.stop();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test.serial("a user bound to view reads in its namespace and gets kube's 403 on writes and elsewhere", async (t) => {
  t.is((await kubectl('viewer', 'get', 'configmaps')).code, 0);
  const write = await kubectl('viewer', 'create', 'configmap', 'settings', '--from-literal=a=b');
  t.is(write.code, 1);
  t.is(write.stderr, 'error: failed to create configmap: configmaps is forbidden: User "viewer" cannot create resource "configmaps" in API group "" in the namespace "team"\n');
  const elsewhere = await kubectl('viewer', 'get', 'pods', '-n', 'other');
  t.is(elsewhere.stderr, 'Error from server (Forbidden): pods is forbidden: User "viewer" cannot list resource "pods" in API group "" in the namespace "other"\n');
  const secrets = await call('viewer', 'GET', '/api/v1/namespaces/team/secrets/token');
  t.is(secrets.status, 403);
  t.like(secrets.body, {
    message: 'secrets "token" is forbidden: User "viewer" cannot get resource "secrets" in API group "" in the namespace "team"',
    reason: 'Forbidden',
    details: { name: 'token', kind: 'secrets' },
  });
  const nodes = await call('viewer', 'GET', '/api/v1/nodes');
  t.is(nodes.body.message, 'nodes is forbidden: User "viewer" cannot list resource "nodes" in API group "" at the cluster scope');
  const anonymous = await call('anonymous', 'GET', '/api');
  t.is(anonymous.body.message, 'forbidden: User "system:anonymous" cannot get path "/api"');
  t.is((await call('anonymous', 'GET', '/version')).status, 200);
});

test.serial("kubectl auth can-i answers yes and no as kube's, and --list shows the rules of view", async (t) => {
  t.deepEqual(await kubectl('viewer', 'auth', 'can-i', 'get', 'pods'), { stdout: 'yes\n', stderr: '', code: 0 });
  t.deepEqual(await kubectl('viewer', 'auth', 'can-i', 'create', 'configmaps'), { stdout: 'no\n', stderr: '', code: 1 });
  t.is((await kubectl('editor', 'auth', 'can-i', 'create', 'deployments.apps')).stdout, 'yes\n');
  t.is((await kubectl('editor', 'auth', 'can-i', 'create', 'rolebindings')).stdout, 'no\n');
  t.is((await kubectl('nobody', 'auth', 'can-i', 'get', 'pods')).stdout, 'no\n');
  t.is((await kubectl('root', 'auth', 'can-i', '*', '*', '--all-namespaces')).stdout, 'yes\n');
  const list = await kubectl('viewer', 'auth', 'can-i', '--list');
  const lines = list.stdout.split('\n');
  t.is(lines[0], 'Resources                                       Non-Resource URLs   Resource Names   Verbs');
  t.true(lines.includes('pods                                            []                  []               [get list watch]'));
  t.true(lines.includes('selfsubjectaccessreviews.authorization.k8s.io   []                  []               [create]'));
  t.false(lines.some((line) => line.startsWith('secrets ')));
  // kube's listing for a user bound to view in the namespace has 79 rows under its header.
  t.is(lines.filter((line) => line !== '').length, 80);
});

// `kubectl auth can-i --as` sends Impersonate-User: the answer is the impersonated user's.
test.serial('kubectl auth can-i --as answers for the impersonated user', async (t) => {
  t.is((await kubectl('root', 'auth', 'can-i', 'create', 'configmaps', '--as', 'viewer')).stdout, 'no\n');
  t.is((await kubectl('root', 'auth', 'can-i', 'get', 'configmaps', '--as', 'viewer')).stdout, 'yes\n');
});

test.serial('an apply that creates needs create as well as patch, as kube asks both; on an existing object patch is enough', async (t) => {
  await call('root', 'POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/team/roles', {
    metadata: { name: 'configmap-patcher' },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'patch', 'update'] }],
  });
  await call('root', 'POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/team/rolebindings', {
    metadata: { name: 'maker-patches' },
    roleRef: { apiGroup: rbac, kind: 'Role', name: 'configmap-patcher' },
    subjects: [{ apiGroup: rbac, kind: 'User', name: 'maker' }],
  });
  const apply = (name: string) =>
    call(
      'maker',
      'PATCH',
      `/api/v1/namespaces/team/configmaps/${name}?fieldManager=maker`,
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'b' } },
      'application/apply-patch+yaml',
    );
  await eventually('the binding to reach the authorizer', async () => ((await call('maker', 'GET', '/api/v1/namespaces/team/configmaps/none')).status === 404 ? true : undefined));
  const refused = await apply('made-by-apply');
  t.is(refused.status, 403);
  t.is(refused.body.message, 'configmaps "made-by-apply" is forbidden: User "maker" cannot create resource "configmaps" in API group "" in the namespace "team"');
  t.is((await call('root', 'GET', '/api/v1/namespaces/team/configmaps/made-by-apply')).status, 404);
  await call('root', 'POST', '/api/v1/namespaces/team/configmaps', { metadata: { name: 'existing' } });
  t.is((await apply('existing')).status, 200);
});

test.serial("escalation: a namespace admin may bind what it holds, never grant what it does not, with kube's 403", async (t) => {
  const base = '/apis/rbac.authorization.k8s.io/v1/namespaces/team';
  t.is((await call('nsadmin', 'POST', `${base}/rolebindings`, roleBinding('more-editors', 'edit', { kind: 'User', name: 'someone' }))).status, 201);
  const root = await call('nsadmin', 'POST', `${base}/rolebindings`, roleBinding('root', 'cluster-admin', { kind: 'User', name: 'nsadmin' }));
  t.is(root.status, 403);
  t.like(root.body, {
    message:
      'rolebindings.rbac.authorization.k8s.io "root" is forbidden: user "nsadmin" (groups=["team-admins" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n{NonResourceURLs:["*"], Verbs:["*"]}',
    reason: 'Forbidden',
    details: { name: 'root', group: rbac, kind: 'rolebindings' },
  });
  const role = await call('nsadmin', 'POST', `${base}/roles`, { metadata: { name: 'too-much' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['nodes', 'pods'] }] });
  t.is(
    role.body.message,
    'roles.rbac.authorization.k8s.io "too-much" is forbidden: user "nsadmin" (groups=["team-admins" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["nodes"], Verbs:["get"]}',
  );
  t.is((await call('nsadmin', 'POST', `${base}/roles`, { metadata: { name: 'enough' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] })).status, 201);
  // Updates, patches and applies are checked as creates; a change of finalizers alone is not.
  const wider = { metadata: { name: 'enough' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods', 'nodes'] }] };
  t.is((await call('nsadmin', 'PUT', `${base}/roles/enough`, wider)).status, 403);
  const apply = { apiVersion: `${rbac}/v1`, kind: 'Role', ...wider };
  t.is((await call('nsadmin', 'PATCH', `${base}/roles/enough?fieldManager=ops&force=true`, apply, 'application/apply-patch+yaml')).status, 403);
  t.is((await call('nsadmin', 'PATCH', `${base}/roles/enough`, { metadata: { finalizers: ['example.com/keep'] } }, 'application/merge-patch+json')).status, 200);
  const missing = await call('nsadmin', 'POST', `${base}/rolebindings`, roleBinding('dangling', 'no-such-role', { kind: 'User', name: 'x' }));
  t.is(missing.status, 404);
  t.is(missing.body.message, 'rolebindings.rbac.authorization.k8s.io "no-such-role" not found');
  // system:masters passes; the dry run of a write is checked as the write.
  t.is((await call('root', 'POST', `${base}/rolebindings?dryRun=All`, roleBinding('root', 'cluster-admin', { kind: 'User', name: 'nsadmin' }))).status, 201);
  t.is((await call('nsadmin', 'POST', `${base}/rolebindings?dryRun=All`, roleBinding('root', 'cluster-admin', { kind: 'User', name: 'nsadmin' }))).status, 403);
});

test.serial('an aggregationRule needs every permission, even of a user who may create ClusterRoles', async (t) => {
  const clusterRoles = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
  await call('root', 'POST', clusterRoles, {
    metadata: { name: 'role-maker' },
    rules: [
      { verbs: ['create'], apiGroups: [rbac], resources: ['clusterroles'] },
      { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
    ],
  });
  await call('root', 'POST', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
    metadata: { name: 'role-maker' },
    roleRef: { apiGroup: rbac, kind: 'ClusterRole', name: 'role-maker' },
    subjects: [{ apiGroup: rbac, kind: 'User', name: 'maker' }],
  });
  const pods = [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }];
  const plain = await eventually('the binding seen', async () => {
    const answer = await call('maker', 'POST', clusterRoles, { metadata: { name: 'plain' }, rules: pods });
    return answer.status === 201 ? answer : undefined;
  });
  t.is(plain.status, 201);
  const gatherer = await call('maker', 'POST', clusterRoles, {
    metadata: { name: 'gatherer' },
    aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'b' } }] },
    rules: pods,
  });
  t.is(gatherer.status, 403);
  t.is(gatherer.body.message, 'clusterroles.rbac.authorization.k8s.io "gatherer" is forbidden: must have cluster-admin privileges to use the aggregationRule');
});

test.serial('the reviews answer with the authorizer: SubjectAccessReview names the binding, SelfSubjectRulesReview needs a namespace', async (t) => {
  const review = await call('root', 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
    spec: { user: 'viewer', resourceAttributes: { verb: 'list', resource: 'pods', namespace: 'team' } },
  });
  t.deepEqual(review.body.status, { allowed: true, reason: 'RBAC: allowed by RoleBinding "viewers/team" of ClusterRole "view" to User "viewer"' });
  const denied = await call('root', 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
    spec: { user: 'viewer', resourceAttributes: { verb: 'delete', resource: 'pods', namespace: 'team' } },
  });
  t.deepEqual(denied.body.status, { allowed: false });
  const noNamespace = await call('viewer', 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { spec: {} });
  t.is(noNamespace.status, 400);
  t.is(noNamespace.body.message, 'no namespace on request');
  const anonymous = await call('anonymous', 'POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { spec: { nonResourceAttributes: { verb: 'get', path: '/api' } } });
  t.is(anonymous.status, 403);
});

// The access matrix: what the bootstrap policy grants each user, by namespace, resource and verb.
const verbs = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'] as const;
const reads = ['get', 'list', 'watch'];
const resources = [
  { group: '', resource: 'pods', namespaced: true },
  { group: '', resource: 'configmaps', namespaced: true },
  { group: '', resource: 'secrets', namespaced: true },
  { group: '', resource: 'resourcequotas', namespaced: true },
  { group: 'apps', resource: 'deployments', namespaced: true },
  { group: rbac, resource: 'roles', namespaced: true },
  { group: rbac, resource: 'rolebindings', namespaced: true },
  { group: '', resource: 'nodes', namespaced: false },
  { group: rbac, resource: 'clusterroles', namespaced: false },
] as const;
type Principal = UserName | 'anonymous';

/** Whether the bootstrap policy (with the test's bindings in "team") lets `who` do `verb` on `resource` in `namespace`. */
function expected(who: Principal, verb: string, resource: string, namespace: string): boolean {
  if (who === 'root' || who === 'controllers') return true;
  if (namespace !== 'team') return false;
  const granted: Record<string, Record<string, readonly string[]>> = {
    nsadmin: { pods: verbs, configmaps: verbs, secrets: verbs, deployments: verbs, roles: verbs, rolebindings: verbs, resourcequotas: reads },
    editor: { pods: verbs, configmaps: verbs, secrets: verbs, deployments: verbs, resourcequotas: reads },
    viewer: { pods: reads, configmaps: reads, deployments: reads, resourcequotas: reads },
  };
  return granted[who]?.[resource]?.includes(verb) ?? false;
}

const principals: readonly Principal[] = ['root', 'nsadmin', 'editor', 'viewer', 'nobody', 'anonymous'];
const userOf = (who: Principal) =>
  who === 'anonymous' ? { user: 'system:anonymous', groups: ['system:unauthenticated'] } : { user: who, groups: [...users[who].groups, 'system:authenticated'] };

test.serial('the access matrix of users x verbs x resources has no allow and no denial the bootstrap policy does not give', async (t) => {
  const unexpected: string[] = [];
  const cases = principals.flatMap((who) =>
    resources.flatMap((target) => (target.namespaced ? ['team', 'other'] : ['']).flatMap((namespace) => verbs.map((verb) => ({ who, target, namespace, verb })))),
  );
  // A few reviews at a time: the machine is shared.
  for (let start = 0; start < cases.length; start += 8) {
    await Promise.all(
      cases.slice(start, start + 8).map(async ({ who, target, namespace, verb }) => {
        const { body } = await call('root', 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
          spec: { ...userOf(who), resourceAttributes: { verb, group: target.group, resource: target.resource, namespace } },
        });
        const allowed = (body.status as { allowed: boolean }).allowed;
        if (allowed !== expected(who, verb, target.resource, namespace)) unexpected.push(`${who} ${verb} ${target.resource} in "${namespace}": ${allowed ? 'allowed' : 'denied'}`);
      }),
    );
  }
  t.deepEqual(unexpected, []);
  t.true(cases.length > 700);
});

test.serial('the list requests of every user are served or refused as the access matrix says', async (t) => {
  const unexpected: string[] = [];
  for (const who of principals) {
    for (const target of resources) {
      for (const namespace of target.namespaced ? ['team', 'other'] : ['']) {
        const prefix = target.group === '' ? '/api/v1' : `/apis/${target.group}/v1`;
        const { status } = await call(who, 'GET', `${prefix}${namespace === '' ? '' : `/namespaces/${namespace}`}/${target.resource}`);
        const want = expected(who, 'list', target.resource, namespace) ? 200 : 403;
        if (status !== want) unexpected.push(`${who} list ${target.resource} in "${namespace}": ${status}`);
      }
    }
  }
  t.deepEqual(unexpected, []);
});
