// Admission reads what it looks up from the watch cache, as kube's plugins read their listers:
// NamespaceLifecycle's and PodSecurity's namespace, ServiceAccount's account and PodTopologyLabels'
// node cost no store read per create or binding (counted by the store's own metric); one created
// a moment ago is found in the store, and one
// that does not exist is still refused as kube refuses it. ResourceQuota reads its informer: no
// list per create (counted by the watch cache's list metric), and a quota still limits.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-admission-cache-', serviceAccountAdmission: true });
});
test.after.always(() => server?.stop());

const call = async (path: string, method = 'GET', body?: object): Promise<Response> => {
  const { url, token } = server as ApiServerChild;
  return fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
};

async function storeReads(resource: string): Promise<number> {
  const text = await (await call('/metrics')).text();
  const line = text.split('\n').find((row) => row.startsWith('etcd_request_duration_seconds_count{') && row.includes('operation="get"') && row.includes(`resource="${resource}"`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}
const namespaceStoreReads = (): Promise<number> => storeReads('namespaces');

test.serial('creates in an existing namespace read it from the watch cache, not the store; a new namespace is found in the store; a missing one is 404', async (t) => {
  // Created and then used at once: the cache may not have it yet, and the store answers.
  t.is((await call('/api/v1/namespaces', 'POST', { metadata: { name: 'fresh' } })).status, 201);
  t.is((await call('/api/v1/namespaces/fresh/configmaps', 'POST', { metadata: { name: 'first' } })).status, 201);
  const before = await namespaceStoreReads();
  for (let index = 0; index < 20; index++) t.is((await call('/api/v1/namespaces/fresh/configmaps', 'POST', { metadata: { name: `cm-${index}` } })).status, 201);
  t.is(await namespaceStoreReads(), before);
  const missing = await call('/api/v1/namespaces/nowhere/configmaps', 'POST', { metadata: { name: 'lost' } });
  t.is(missing.status, 404);
  t.is(((await missing.json()) as { message: string }).message, 'namespaces "nowhere" not found');
});

test.serial('pods created with an account read it from the watch cache, not the store; a missing account is still kube’s 403', async (t) => {
  t.is((await call('/api/v1/namespaces', 'POST', { metadata: { name: 'accounts' } })).status, 201);
  t.is((await call('/api/v1/namespaces/accounts/serviceaccounts', 'POST', { metadata: { name: 'default' } })).status, 201);
  const pod = (name: string, serviceAccountName = 'default') => ({ metadata: { name }, spec: { serviceAccountName, containers: [{ name: 'c', image: 'nginx' }] } });
  // The first create may meet an account the cache does not have yet: the store answers it.
  t.is((await call('/api/v1/namespaces/accounts/pods', 'POST', pod('first'))).status, 201);
  const before = { accounts: await storeReads('serviceaccounts'), namespaces: await namespaceStoreReads() };
  for (let index = 0; index < 10; index++) t.is((await call('/api/v1/namespaces/accounts/pods', 'POST', pod(`pod-${index}`))).status, 201);
  t.is(await storeReads('serviceaccounts'), before.accounts);
  t.is(await namespaceStoreReads(), before.namespaces, 'PodSecurity reads the namespace from the cache too');
  const missing = await call('/api/v1/namespaces/accounts/pods', 'POST', pod('orphan', 'nobody'));
  t.is(missing.status, 403);
  t.regex(((await missing.json()) as { message: string }).message, /serviceaccount "nobody" not found/);
});

test.serial('a namespace made with a restricted policy refuses a privileged pod at once; bindings read their node from the cache', async (t) => {
  const labels = { 'pod-security.kubernetes.io/enforce': 'restricted' };
  t.is((await call('/api/v1/namespaces', 'POST', { metadata: { name: 'strict', labels } })).status, 201);
  t.is((await call('/api/v1/namespaces/strict/serviceaccounts', 'POST', { metadata: { name: 'default' } })).status, 201);
  const privileged = { metadata: { name: 'root' }, spec: { containers: [{ name: 'c', image: 'nginx', securityContext: { privileged: true } }] } };
  const refused = await call('/api/v1/namespaces/strict/pods', 'POST', privileged);
  t.is(refused.status, 403);
  t.regex(((await refused.json()) as { message: string }).message, /violates PodSecurity "restricted:latest": privileged/);

  t.is((await call('/api/v1/nodes', 'POST', { metadata: { name: 'n1', labels: { 'topology.kubernetes.io/zone': 'z1' } } })).status, 201);
  const pod = (name: string) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  const bind = (name: string) => call(`/api/v1/namespaces/accounts/pods/${name}/binding`, 'POST', { metadata: { name }, target: { kind: 'Node', name: 'n1' } });
  // The first binding may meet a node the cache does not have yet: the store answers it.
  t.is((await call('/api/v1/namespaces/accounts/pods', 'POST', pod('bound-first'))).status, 201);
  t.is((await bind('bound-first')).status, 201);
  const before = await storeReads('nodes');
  for (let index = 0; index < 5; index++) {
    t.is((await call('/api/v1/namespaces/accounts/pods', 'POST', pod(`bound-${index}`))).status, 201);
    t.is((await bind(`bound-${index}`)).status, 201);
  }
  t.is(await storeReads('nodes'), before);
  const bound = (await (await call('/api/v1/namespaces/accounts/pods/bound-4')).json()) as { metadata: { labels?: Record<string, string> } };
  t.is(bound.metadata.labels?.['topology.kubernetes.io/zone'], 'z1', "PodTopologyLabels copied the node's zone");
});

async function quotaLists(): Promise<number> {
  const text = await (await call('/metrics')).text();
  return text
    .split('\n')
    .filter((row) => row.startsWith('apiserver_cache_list_total{') && row.includes('resource="resourcequotas"'))
    .reduce((sum, row) => sum + Number(row.slice(row.lastIndexOf(' ') + 1)), 0);
}

test.serial('creates in a namespace with a quota read it from an informer, not a list each, and are charged to it up to its limit', async (t) => {
  t.is((await call('/api/v1/namespaces', 'POST', { metadata: { name: 'limited' } })).status, 201);
  t.is((await call('/api/v1/namespaces/limited/resourcequotas', 'POST', { metadata: { name: 'q' }, spec: { hard: { configmaps: '12' } } })).status, 201);
  // As the quota controller would: what it limits, and what is used (kube-root-ca.crt is not made here).
  const status = await call('/api/v1/namespaces/limited/resourcequotas/q/status', 'PATCH', { status: { hard: { configmaps: '12' }, used: { configmaps: '0' } } });
  t.is(status.status, 200);
  // The first create may meet a quota status the informer does not have yet; from then on it has it.
  const configMap = (name: string) => ({ metadata: { name } });
  t.is((await call('/api/v1/namespaces/limited/configmaps', 'POST', configMap('first'))).status, 201);
  const before = await quotaLists();
  for (let index = 0; index < 11; index++) t.is((await call('/api/v1/namespaces/limited/configmaps', 'POST', configMap(`cm-${index}`))).status, 201);
  t.is(await quotaLists(), before, 'no list of quotas per create');
  const refused = await call('/api/v1/namespaces/limited/configmaps', 'POST', configMap('one-too-many'));
  t.is(refused.status, 403);
  t.is(
    ((await refused.json()) as { message: string }).message,
    'configmaps "one-too-many" is forbidden: exceeded quota: q, requested: configmaps=1, used: configmaps=12, limited: configmaps=12',
  );
  // Another writer (the quota controller after deletions) lowers the usage: the next create is
  // checked on what it wrote.
  t.is((await call('/api/v1/namespaces/limited/resourcequotas/q/status', 'PATCH', { status: { used: { configmaps: '11' } } })).status, 200);
  t.is((await call('/api/v1/namespaces/limited/configmaps', 'POST', configMap('fits-again'))).status, 201);
  const used = (await (await call('/api/v1/namespaces/limited/resourcequotas/q')).json()) as { status: { used: { configmaps: string } } };
  t.is(used.status.used.configmaps, '12');
});
