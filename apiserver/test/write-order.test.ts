// The order of a write, over HTTP against a started API server, as kube-apiserver's: decode,
// default, the mutating admission (NamespaceLifecycle is one, as kube's Admit), the store's
// metadata (a generateName turned into a name) and the strategy's preparation, validation (a 422),
// the validating admission, the write. A large body is prepared on a work thread and answers the
// same. The validating phase, which no built-in plugin of Capstan's has yet, is covered with
// plugins built in write-admission-order.test.ts.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { largeWriteBytes } from '../src/endpoints/yield-between-stages.ts';

let server: ApiServerChild | undefined;
const url = (): string => (server as ApiServerChild).url;

test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-write-order-' });
  const created = await fetch(`${url()}/api/v1/namespaces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'order-ending' } }),
  });
  if (created.status !== 201) throw new Error(`namespace order-ending: ${created.status}`);
  // A namespace being deleted stays Terminating: no namespace controller runs here to empty it.
  await fetch(`${url()}/api/v1/namespaces/order-ending`, { method: 'DELETE' });
});
test.after.always(() => server?.stop());

/** 300 entries of 1 KiB: data that makes a ConfigMap's body large enough for a work thread. */
const padding = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`pad-${String(i).padStart(3, '0')}`, 'p'.repeat(1024)]));

async function post(path: string, body: unknown, query = ''): Promise<{ status: number; body: Record<string, any> }> {
  const text = JSON.stringify(body);
  const answer = await fetch(`${url()}${path}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
}

for (const size of ['small', 'large'] as const) {
  test(`a create by generateName in a namespace being deleted is refused by the mutating admission, before the name is generated (${size} body)`, async (t) => {
    const data = size === 'large' ? padding : { a: 'b' };
    const body = { metadata: { generateName: 'ordered-' }, data };
    if (JSON.stringify(body).length >= largeWriteBytes !== (size === 'large')) throw new Error(`the ${size} body is the wrong size`);
    for (const query of ['', '?dryRun=All']) {
      const answer = await post('/api/v1/namespaces/order-ending/configmaps', body, query);
      t.is(answer.status, 403, query);
      // kube's NamespaceLifecycle names the object by its generateName: names are generated after the mutating phase.
      t.is(answer.body.message, 'configmaps "ordered-" is forbidden: unable to create new content in namespace order-ending because it is being terminated', query);
      t.is(answer.body.details.name, 'ordered-', query);
    }
  });
}

test('an invalid object in a missing namespace gets the 404 of the mutating admission, not the 422 of validation', async (t) => {
  const invalid = { metadata: { name: 'Not_A_Name' }, data: { 'not a key!': 'x' } };
  const missing = await post('/api/v1/namespaces/nowhere/configmaps', invalid);
  t.is(missing.status, 404);
  t.is(missing.body.message, 'namespaces "nowhere" not found');
  // In a namespace that exists the same object gets validation's 422.
  t.is((await post('/api/v1/namespaces/default/configmaps', invalid)).status, 422);
});

test('a pod is stored defaulted, admitted (DefaultTolerationSeconds) and prepared (its QoS class), dry run or not', async (t) => {
  const pod = { metadata: { generateName: 'web-' }, spec: { containers: [{ name: 'web', image: 'nginx' }] } };
  for (const query of ['?dryRun=All', '']) {
    const answer = await post('/api/v1/namespaces/default/pods', pod, query);
    t.is(answer.status, 201, query);
    t.regex(answer.body.metadata.name, /^web-[a-z0-9]{5}$/);
    t.is(answer.body.spec.restartPolicy, 'Always');
    t.deepEqual(
      answer.body.spec.tolerations.map((toleration: { key: string }) => toleration.key),
      ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'],
    );
    t.is(answer.body.status.qosClass, 'BestEffort');
  }
});

for (const size of ['small', 'large'] as const) {
  test(`a body naming another namespace than the request's gets the 400, before the mutating admission looks for the namespace (${size} body)`, async (t) => {
    const data = size === 'large' ? padding : { a: 'b' };
    const body = { metadata: { name: 'elsewhere', namespace: 'default' }, data };
    const answer = await post('/api/v1/namespaces/nowhere/configmaps', body);
    t.is(answer.status, 400);
    t.is(answer.body.message, 'the namespace of the provided object does not match the namespace sent on the request');
  });
}

test('an update, patch or apply whose object names another namespace than the request is kube 400, before anything is read', async (t) => {
  const send = async (method: string, path: string, body: unknown, type = 'application/json'): Promise<{ status: number; message: unknown }> => {
    const answer = await fetch(`${url()}${path}`, { method, headers: { 'content-type': type }, body: JSON.stringify(body) });
    const json = (await answer.json()) as Record<string, unknown>;
    return { status: answer.status, message: json.message };
  };
  const mismatch = { status: 400, message: 'the namespace of the provided object does not match the namespace sent on the request' };
  const path = '/api/v1/namespaces/default/configmaps/moved';
  t.is((await post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'moved' }, data: { a: 'b' } })).status, 201);
  for (const data of [{ a: 'c' }, padding]) {
    t.deepEqual(await send('PUT', path, { metadata: { name: 'moved', namespace: 'other' }, data }), mismatch, 'PUT');
  }
  // In a namespace that does not exist, the 400 still comes first.
  t.deepEqual(await send('PUT', '/api/v1/namespaces/nowhere/configmaps/moved', { metadata: { name: 'moved', namespace: 'other' } }), mismatch, 'PUT elsewhere');
  t.deepEqual(await send('PATCH', path, { metadata: { namespace: 'other' } }, 'application/merge-patch+json'), mismatch, 'merge patch');
  t.deepEqual(await send('PATCH', path, [{ op: 'replace', path: '/metadata/namespace', value: 'other' }], 'application/json-patch+json'), mismatch, 'JSON patch');
  const applied = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'moved', namespace: 'other' } };
  t.deepEqual(await send('PATCH', `${path}?fieldManager=t`, applied, 'application/apply-patch+yaml'), mismatch, 'apply');
  t.deepEqual(
    await send(
      'PATCH',
      '/api/v1/namespaces/default/configmaps/new-one?fieldManager=t',
      { ...applied, metadata: { name: 'new-one', namespace: 'other' } },
      'application/apply-patch+yaml',
    ),
    mismatch,
    'apply that creates',
  );
  // The object is as created, and the request's own namespace is fine.
  t.deepEqual((await send('PUT', path, { metadata: { name: 'moved', namespace: 'default' }, data: { a: 'd' } })).status, 200);
});
