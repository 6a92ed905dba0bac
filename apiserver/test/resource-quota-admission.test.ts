// ResourceQuota admission against a real API server (no quota controller: status.hard and
// status.used are written here as the controller would), with the texts kube-apiserver 1.35
// answers for the same requests: a quota limits only once its status says what it limits, needs
// usage for what it limits, makes containers set the requests and limits it constrains, refuses a
// write past a hard limit naming what was requested, used and limited, and records what it admits
// in status.used; a dry run is checked but not recorded.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-resource-quota-' });
});
test.after.always(() => server?.stop());

type Json = Record<string, any>;

async function send(method: string, path: string, body?: Json, contentType = 'application/json'): Promise<{ status: number; body: Json }> {
  const { url, token } = server as ApiServerChild;
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}
const post = (path: string, body: Json) => send('POST', path, body);
const setStatus = (namespace: string, name: string, status: Json) =>
  send('PATCH', `/api/v1/namespaces/${namespace}/resourcequotas/${name}/status`, { status }, 'application/merge-patch+json');
const quotaStatus = async (namespace: string, name: string): Promise<Json> => (await send('GET', `/api/v1/namespaces/${namespace}/resourcequotas/${name}`)).body.status;

const pod = (name: string, resources?: Json): Json => ({
  metadata: { name },
  spec: { containers: [{ name: 'c', image: 'x', ...(resources === undefined ? {} : { resources }) }] },
});
const cpu = { requests: { cpu: '100m' }, limits: { cpu: '200m' } };

test('pods are charged to a quota once its status is known, and refused past it', async (t) => {
  await post('/api/v1/namespaces', { metadata: { name: 'pods' } });
  await post('/api/v1/namespaces/pods/resourcequotas', { metadata: { name: 'q' }, spec: { hard: { pods: '2', 'requests.cpu': '1', 'limits.cpu': '2' } } });
  // Nothing in status.hard yet: the quota limits nothing.
  t.is((await post('/api/v1/namespaces/pods/pods', pod('p0'))).status, 201);
  t.deepEqual(await quotaStatus('pods', 'q'), {});

  await setStatus('pods', 'q', { hard: { pods: '2', 'requests.cpu': '1', 'limits.cpu': '2' }, used: { pods: '2', 'requests.cpu': '0', 'limits.cpu': '0' } });
  const unset = await post('/api/v1/namespaces/pods/pods', pod('p1'));
  t.is(unset.status, 403);
  t.is(unset.body.message, 'pods "p1" is forbidden: failed quota: q: must specify limits.cpu for: c; requests.cpu for: c');
  const full = await post('/api/v1/namespaces/pods/pods', pod('p3', cpu));
  t.like(full, { status: 403, body: { reason: 'Forbidden', details: { name: 'p3', kind: 'pods' } } });
  t.is(full.body.message, 'pods "p3" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');

  await setStatus('pods', 'q', { used: { pods: '2', 'requests.cpu': '950m', 'limits.cpu': '1900m' } });
  t.is(
    (await post('/api/v1/namespaces/pods/pods', pod('p3', cpu))).body.message,
    'pods "p3" is forbidden: exceeded quota: q, requested: limits.cpu=200m,pods=1,requests.cpu=100m, used: limits.cpu=1900m,pods=2,requests.cpu=950m, limited: limits.cpu=2,pods=2,requests.cpu=1',
  );

  await setStatus('pods', 'q', { used: { pods: '1', 'requests.cpu': '100m', 'limits.cpu': '100m' } });
  t.is((await post('/api/v1/namespaces/pods/pods?dryRun=All', pod('p3', cpu))).status, 201);
  t.deepEqual((await quotaStatus('pods', 'q')).used, { 'limits.cpu': '100m', pods: '1', 'requests.cpu': '100m' });
  t.is((await post('/api/v1/namespaces/pods/pods', pod('p3', cpu))).status, 201);
  t.deepEqual((await quotaStatus('pods', 'q')).used, { 'limits.cpu': '300m', pods: '2', 'requests.cpu': '200m' });
  // The generated name is the one refused.
  const generated = await post('/api/v1/namespaces/pods/pods', { ...pod('', { limits: { cpu: '5' } }), metadata: { generateName: 'g-' } });
  t.is(generated.status, 403);
  t.regex(
    generated.body.message,
    /^pods "g-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: limits\.cpu=5,pods=1,requests\.cpu=5, used: limits\.cpu=300m,pods=2,requests\.cpu=200m, limited: limits\.cpu=2,pods=2,requests\.cpu=1$/,
  );
});

test('object counts: unknown usage is refused, then counted up to the limit; a scoped quota counts only its pods', async (t) => {
  await post('/api/v1/namespaces', { metadata: { name: 'counts' } });
  await post('/api/v1/namespaces/counts/resourcequotas', { metadata: { name: 'q2' }, spec: { hard: { configmaps: '1', 'count/secrets': '1' } } });
  await setStatus('counts', 'q2', { hard: { configmaps: '1', 'count/secrets': '1' } });
  const configMap = (name: string): Json => ({ metadata: { name } });
  t.is((await post('/api/v1/namespaces/counts/configmaps', configMap('c1'))).body.message, 'configmaps "c1" is forbidden: status unknown for quota: q2, resources: configmaps');
  await setStatus('counts', 'q2', { used: { configmaps: '0', 'count/secrets': '1' } });
  t.is((await post('/api/v1/namespaces/counts/configmaps', configMap('c1'))).status, 201);
  t.is(
    (await post('/api/v1/namespaces/counts/configmaps', configMap('c2'))).body.message,
    'configmaps "c2" is forbidden: exceeded quota: q2, requested: configmaps=1, used: configmaps=1, limited: configmaps=1',
  );
  t.is(
    (await post('/api/v1/namespaces/counts/secrets', { metadata: { name: 's1' } })).body.message,
    'secrets "s1" is forbidden: exceeded quota: q2, requested: count/secrets=1, used: count/secrets=1, limited: count/secrets=1',
  );
  t.deepEqual((await quotaStatus('counts', 'q2')).used, { configmaps: '1', 'count/secrets': '1' });

  // A BestEffort quota of one pod: a pod with requests is not in its scope.
  await post('/api/v1/namespaces/counts/resourcequotas', { metadata: { name: 'besteffort' }, spec: { hard: { pods: '1' }, scopes: ['BestEffort'] } });
  await setStatus('counts', 'besteffort', { hard: { pods: '1' }, used: { pods: '1' } });
  t.is((await post('/api/v1/namespaces/counts/pods', pod('burstable', cpu))).status, 201);
  t.is(
    (await post('/api/v1/namespaces/counts/pods', pod('besteffort'))).body.message,
    'pods "besteffort" is forbidden: exceeded quota: besteffort, requested: pods=1, used: pods=1, limited: pods=1',
  );
});

test('concurrent creates in one namespace are charged one after another: exactly the quota is admitted', async (t) => {
  await post('/api/v1/namespaces', { metadata: { name: 'race' } });
  await post('/api/v1/namespaces/race/resourcequotas', { metadata: { name: 'five' }, spec: { hard: { 'count/configmaps': '5' } } });
  await setStatus('race', 'five', { hard: { 'count/configmaps': '5' }, used: { 'count/configmaps': '0' } });
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/v1/namespaces/race/configmaps', { metadata: { name: `c${i}` } })));
  t.is(answers.filter((answer) => answer.status === 201).length, 5);
  t.is(answers.filter((answer) => answer.status === 403).length, 7);
  t.deepEqual((await quotaStatus('race', 'five')).used, { 'count/configmaps': '5' });
});
