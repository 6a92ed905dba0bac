import test from 'ava';
import { CoreV1Api, KubeConfig, makeInformer, PatchStrategy, PolicyV1Api, setHeaderOptions, type V1ConfigMap } from '@kubernetes/client-node';
import { readFileSync } from 'node:fs';
import { startApiServer } from '../src/api-server-process.ts';

function clients(kubeconfig: string) {
  const config = new KubeConfig();
  config.loadFromString(readFileSync(kubeconfig, 'utf8'));
  return { config, core: config.makeApiClient(CoreV1Api) };
}

const until = async (check: () => boolean, what: string, ms = 5000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

test('@kubernetes/client-node creates, lists and deletes through the typed API', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { core } = clients(server.kubeconfig);
  const created = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'one' }, data: { k: 'v' } } });
  t.is(created.metadata?.namespace, 'default');
  const list = await core.listNamespacedConfigMap({ namespace: 'default' });
  t.deepEqual(
    list.items.map((c) => c.metadata?.name),
    ['one'],
  );
  t.truthy(list.metadata?.resourceVersion);
  const error = (await t.throwsAsync(core.readNamespacedConfigMap({ name: 'none', namespace: 'default' }))) as Error & { code?: number };
  t.is(error.code, 404);
  await core.deleteNamespacedConfigMap({ name: 'one', namespace: 'default' });
  t.is((await core.listNamespacedConfigMap({ namespace: 'default' })).items.length, 0);
});

test('deletecollection deletes what the selector picks and lists what it deleted', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { core } = clients(server.kubeconfig);
  for (const [name, app] of [
    ['a', 'web'],
    ['b', 'web'],
    ['c', 'db'],
  ] as const) {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name, labels: { app } } } });
  }
  // The typed client reads the answer as a Status (as the OpenAPI says); kube-apiserver sends the deleted objects' list.
  await core.deleteCollectionNamespacedConfigMap({ namespace: 'default', labelSelector: 'app=web' });
  t.deepEqual(
    (await core.listNamespacedConfigMap({ namespace: 'default' })).items.map((c) => c.metadata?.name),
    ['c'],
  );
  const raw = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?labelSelector=app%3Ddb`, { method: 'DELETE' });
  const body = (await raw.json()) as { kind: string; items: { metadata: { name: string } }[] };
  t.is(body.kind, 'ConfigMapList');
  t.deepEqual(
    body.items.map((i) => i.metadata.name),
    ['c'],
  );
});

test('an informer follows adds, updates and deletes', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { config, core } = clients(server.kubeconfig);
  const seen: string[] = [];
  const informer = makeInformer<V1ConfigMap>(config, '/api/v1/namespaces/default/configmaps', () => core.listNamespacedConfigMap({ namespace: 'default' }));
  informer.on('add', (cm) => seen.push(`add ${cm.metadata?.name}`));
  informer.on('update', (cm) => seen.push(`update ${cm.metadata?.name} ${cm.data?.k}`));
  informer.on('delete', (cm) => seen.push(`delete ${cm.metadata?.name}`));
  await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'before' } } });
  await informer.start();
  t.teardown(() => informer.stop());
  await until(() => seen.includes('add before'), 'the initial list');
  await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'later' }, data: { k: '1' } } });
  await core.replaceNamespacedConfigMap({ name: 'later', namespace: 'default', body: { metadata: { name: 'later' }, data: { k: '2' } } });
  await core.deleteNamespacedConfigMap({ name: 'before', namespace: 'default' });
  await until(() => seen.includes('delete before'), 'the delete');
  t.deepEqual(seen, ['add before', 'add later', 'update later 2', 'delete before']);
  t.deepEqual(
    informer.list('default').map((cm) => cm.metadata?.name),
    ['later'],
  );
});

test('an informer whose watch ends and whose resourceVersion was compacted meanwhile re-lists (410) and goes on', async (t) => {
  // Watches end after 1–2 s (--min-request-timeout) and history lasts 1 s: a re-watch from the
  // informer's last resourceVersion meets a compacted revision.
  const server = await startApiServer(['--min-request-timeout=1', '--watch-history-duration=1s']);
  t.teardown(() => server.stop());
  const { config, core } = clients(server.kubeconfig);
  let lists = 0;
  const informer = makeInformer<V1ConfigMap>(config, '/api/v1/namespaces/default/configmaps', () => {
    lists += 1;
    return core.listNamespacedConfigMap({ namespace: 'default' });
  });
  const added: string[] = [];
  informer.on('add', (cm) => added.push(cm.metadata?.name ?? ''));
  await informer.start();
  t.teardown(() => informer.stop());
  // Writes elsewhere move the revision on, so the informer's own resourceVersion falls out of the history.
  for (let i = 0; i < 40 && lists < 2; i++) {
    await core.createNamespacedConfigMap({ namespace: 'kube-public', body: { metadata: { name: `elsewhere-${i}` } } });
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await until(() => lists >= 2, 'the re-list after 410', 10_000);
  await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'after' } } });
  await until(() => added.includes('after'), 'the object created after the re-list');
  t.deepEqual(
    informer.list('default').map((cm) => cm.metadata?.name),
    ['after'],
  );
});

test('an eviction respects the PodDisruptionBudget: 429 while its status is unprocessed or allows nothing, then counts itself in it', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { config, core } = clients(server.kubeconfig);
  const policy = config.makeApiClient(PolicyV1Api);
  const runningPod = async (name: string): Promise<void> => {
    await core.createNamespacedPod({ namespace: 'default', body: { metadata: { name, labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } });
    await core.patchNamespacedPodStatus(
      { name, namespace: 'default', body: { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  };
  const evict = (name: string) =>
    core.createNamespacedPodEviction({ name, namespace: 'default', body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } } });
  const refusal = async (name: string): Promise<{ code?: number; body: { message: string; details: { causes: { reason: string; message: string }[] } } }> => {
    const error = (await t.throwsAsync(evict(name))) as Error & { code?: number; body: string };
    return { code: error.code, body: JSON.parse(error.body) };
  };
  await runningPod('web-1');
  await runningPod('web-2');
  await policy.createNamespacedPodDisruptionBudget({
    namespace: 'default',
    body: { metadata: { name: 'web' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } },
  });

  // No disruption controller has observed the budget yet.
  const unprocessed = await refusal('web-1');
  t.is(unprocessed.code, 429);
  t.is(unprocessed.body.message, "Cannot evict pod as it would violate the pod's disruption budget.");
  t.deepEqual(unprocessed.body.details.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web is still being processed by the server.' }]);

  // What the disruption controller would write: two healthy, one needed, one disruption allowed.
  const writeStatus = (status: object) =>
    policy.patchNamespacedPodDisruptionBudgetStatus({ name: 'web', namespace: 'default', body: { status } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
  await writeStatus({ observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 });
  await evict('web-1');
  const error = (await t.throwsAsync(core.readNamespacedPod({ name: 'web-1', namespace: 'default' }))) as Error & { code?: number };
  t.is(error.code, 404);
  const charged = await policy.readNamespacedPodDisruptionBudgetStatus({ name: 'web', namespace: 'default' });
  t.is(charged.status?.disruptionsAllowed, 0);
  t.deepEqual(Object.keys(charged.status?.disruptedPods ?? {}), ['web-1']);
  t.like(charged.status?.conditions?.[0], { type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods' });

  const exhausted = await refusal('web-2');
  t.is(exhausted.code, 429);
  t.deepEqual(exhausted.body.details.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 1 healthy pods and has 2 currently' }]);
  t.truthy(await core.readNamespacedPod({ name: 'web-2', namespace: 'default' }));

  // A pod that has not started yet is not protected by any budget.
  await core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'web-3', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } });
  await evict('web-3');
  t.is(((await t.throwsAsync(core.readNamespacedPod({ name: 'web-3', namespace: 'default' }))) as Error & { code?: number }).code, 404);
});
