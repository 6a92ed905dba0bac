import test from 'ava';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';

interface Answer {
  readonly status: number;
  readonly body: { readonly message?: string; readonly metadata?: { readonly resourceVersion?: string }; readonly status?: Record<string, unknown> };
}

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer();
});
test.after.always(() => server.stop());

const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
};

const pods = '/api/v1/namespaces/default/pods';
const budgets = '/apis/policy/v1/namespaces/default/poddisruptionbudgets';

async function readyPod(name: string, app: string): Promise<void> {
  await call('POST', pods, { metadata: { name, labels: { app } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  const pod = await call('GET', `${pods}/${name}`);
  const status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
  const updated = await call('PUT', `${pods}/${name}/status`, { ...pod.body, status });
  if (updated.status !== 200) throw new Error(`pod status: ${updated.status} ${updated.body.message}`);
}

async function budget(name: string, app: string, status: Record<string, unknown>): Promise<void> {
  await call('POST', budgets, { metadata: { name }, spec: { minAvailable: 1, selector: { matchLabels: { app } } } });
  const current = await call('GET', `${budgets}/${name}`);
  const updated = await call('PUT', `${budgets}/${name}/status`, { ...current.body, status: { expectedPods: 1, currentHealthy: 1, desiredHealthy: 1, ...status } });
  if (updated.status !== 200) throw new Error(`budget status: ${updated.status} ${updated.body.message}`);
}

const evict = (name: string) => call('POST', `${pods}/${name}/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name } });

test('an eviction its budget allows deletes the pod and counts itself in the budget', async (t) => {
  await readyPod('allowed', 'allowed');
  await budget('allowed', 'allowed', { observedGeneration: 1, disruptionsAllowed: 1 });
  const eviction = await evict('allowed');
  t.is(eviction.status, 201);
  t.is((await call('GET', `${pods}/allowed`)).status, 404);
  const status = (await call('GET', `${budgets}/allowed`)).body.status ?? {};
  t.is(status.disruptionsAllowed, 0);
  t.deepEqual(Object.keys(status.disruptedPods ?? {}), ['allowed']);
  t.like((status.conditions as unknown[] | undefined)?.[0], { type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', observedGeneration: 1 });
});

test('an eviction its budget does not allow answers 429 and leaves the pod', async (t) => {
  await readyPod('refused', 'refused');
  await budget('refused', 'refused', { observedGeneration: 1, disruptionsAllowed: 0 });
  const eviction = await evict('refused');
  t.is(eviction.status, 429);
  t.is(eviction.body.message, "Cannot evict pod as it would violate the pod's disruption budget.");
  t.is((await call('GET', `${pods}/refused`)).status, 200);
});

test('a budget whose status has not caught up with its spec answers 429 still being processed', async (t) => {
  await readyPod('behind', 'behind');
  await budget('behind', 'behind', { observedGeneration: 0, disruptionsAllowed: 1 });
  const eviction = await evict('behind');
  t.is(eviction.status, 429);
  t.is((await call('GET', `${pods}/behind`)).status, 200);
});

test('a pod not yet running goes without asking its budget', async (t) => {
  await call('POST', pods, { metadata: { name: 'pending', labels: { app: 'pending' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  await budget('pending', 'pending', { observedGeneration: 1, disruptionsAllowed: 0 });
  const pendingEviction = await evict('pending');
  t.is(pendingEviction.status, 201, pendingEviction.body.message);
  t.is((await call('GET', `${pods}/pending`)).status, 404);
});

test('an evicted pod is marked DisruptionTarget by the Eviction API before it goes (seen on one a finalizer holds)', async (t) => {
  await readyPod('marked', 'marked');
  const pod = await call('GET', `${pods}/marked`);
  await call('PUT', `${pods}/marked`, { ...pod.body, metadata: { ...pod.body.metadata, finalizers: ['example.com/hold'] } });
  await budget('marked', 'marked', { observedGeneration: 1, disruptionsAllowed: 1 });
  t.is((await evict('marked')).status, 201);
  const held = (await call('GET', `${pods}/marked`)).body as Answer['body'] & { metadata: { deletionTimestamp?: string }; status: { conditions: Record<string, unknown>[] } };
  t.truthy(held.metadata.deletionTimestamp);
  t.like(
    held.status.conditions.find((c) => c.type === 'DisruptionTarget'),
    { type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting', lastProbeTime: null },
  );
  const latest = (await call('GET', `${pods}/marked`)).body;
  await call('PUT', `${pods}/marked`, { ...latest, metadata: { ...latest.metadata, finalizers: [] } });
});
