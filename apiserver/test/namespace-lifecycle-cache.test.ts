// NamespaceLifecycle reads the namespace from the watch cache, as kube reads its namespace lister:
// creates in an existing namespace cost no store read of it (counted by the store's own metric),
// one in a namespace created a moment ago falls back to the store, and one in a namespace that
// does not exist is still kube's 404.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-ns-lifecycle-' });
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

async function namespaceStoreReads(): Promise<number> {
  const text = await (await call('/metrics')).text();
  const line = text.split('\n').find((row) => row.startsWith('etcd_request_duration_seconds_count{') && row.includes('operation="get"') && row.includes('resource="namespaces"'));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

test('creates in an existing namespace read it from the watch cache, not the store; a new namespace is found in the store; a missing one is 404', async (t) => {
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
