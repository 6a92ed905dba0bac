// Admission reads what it looks up from the watch cache, as kube's plugins read their listers:
// NamespaceLifecycle's namespace and ServiceAccount's account cost no store read per create
// (counted by the store's own metric); one created a moment ago is found in the store, and one
// that does not exist is still refused as kube refuses it.

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
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
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
  const before = await storeReads('serviceaccounts');
  for (let index = 0; index < 10; index++) t.is((await call('/api/v1/namespaces/accounts/pods', 'POST', pod(`pod-${index}`))).status, 201);
  t.is(await storeReads('serviceaccounts'), before);
  const missing = await call('/api/v1/namespaces/accounts/pods', 'POST', pod('orphan', 'nobody'));
  t.is(missing.status, 403);
  t.regex(((await missing.json()) as { message: string }).message, /serviceaccount "nobody" not found/);
});
