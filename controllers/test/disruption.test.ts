// The disruption controller against a real API server, judged by kubectl: PodDisruptionBudgets'
// status (minAvailable as a number, maxUnavailable as a percentage of the controller's scale, a
// controller of no known kind failing safe), and `kubectl drain` of a node through the eviction
// subresource retrying while the budget allows no disruption, finishing once a replacement is ready.

import test from 'ava';
import { spawn } from 'node:child_process';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { PodDisruptionBudget } from '@capstan/common/api-types/policy-v1';
import type { KubeObject, RestClient } from '@capstan/common/client';
import { disruptionController } from '../src/disruption/index.ts';
import { eventually, kubectl, kubectlBinary, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';
import { createNode, createPod, podsOf, setPodRunning } from './service-pods.ts';
import { events } from './simulated-kubelet.ts';

const budgets = { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets', namespace: 'default' } as const;
const replicaSets = { group: 'apps', version: 'v1', resource: 'replicasets', namespace: 'default' } as const;

/** A ReplicaSet object (no ReplicaSet controller runs: the test makes its pods). */
async function createReplicaSet(client: RestClient, name: string, replicas: number): Promise<KubeObject> {
  const labels = { app: name };
  return client.create(replicaSets, {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  });
}

const ownedBy = (owner: KubeObject, kind = 'ReplicaSet', apiVersion = 'apps/v1') => [
  { apiVersion, kind, name: owner.metadata?.name ?? '', uid: owner.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true },
];

async function runningPod(client: RestClient, name: string, app: string, node: string, ip: string, ready: boolean, owner?: readonly unknown[]): Promise<void> {
  await createPod(client, { name, labels: { app }, nodeName: node, ...(owner ? { ownerReferences: owner } : {}) });
  await setPodRunning(client, name, ip, ready);
}

async function budgetStatus(cluster: TestCluster, name: string, test: (b: PodDisruptionBudget) => boolean): Promise<PodDisruptionBudget> {
  return eventually(`the status of ${name}`, async () => {
    const budget = await cluster.client.get<PodDisruptionBudget>({ ...budgets, name });
    return test(budget) ? budget : undefined;
  });
}

test('budget status: minAvailable counts ready pods, maxUnavailable a percentage of the controller’s scale, unknown controllers fail safe', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a');
  runControllers(t, cluster, [disruptionController]);
  const web = await createReplicaSet(client, 'web', 4);
  await runningPod(client, 'web-1', 'web', 'node-a', '10.1.0.1', true, ownedBy(web));
  await runningPod(client, 'web-2', 'web', 'node-a', '10.1.0.2', true, ownedBy(web));
  await runningPod(client, 'web-3', 'web', 'node-a', '10.1.0.3', false, ownedBy(web));
  await client.create(budgets, {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web-min' },
    spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
  });
  const min = await budgetStatus(cluster, 'web-min', (b) => b.status?.observedGeneration === 1);
  t.like(min.status, { currentHealthy: 2, desiredHealthy: 1, expectedPods: 3, disruptionsAllowed: 1, observedGeneration: 1 });
  t.like(min.status?.conditions?.[0], { type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', observedGeneration: 1 });

  // 4 expected (the ReplicaSet's replicas), 26% of them rounded up is 2 unavailable: 2 healthy wanted.
  await client.patch({ ...budgets, name: 'web-min' }, { spec: { minAvailable: null, maxUnavailable: '26%' } }, { type: 'merge' });
  const max = await budgetStatus(cluster, 'web-min', (b) => b.status?.observedGeneration === 2);
  t.like(max.status, { currentHealthy: 2, desiredHealthy: 2, expectedPods: 4, disruptionsAllowed: 0 });
  t.like(max.status?.conditions?.[0], { status: 'False', reason: 'InsufficientPods' });
  const table = await kubectl(cluster, 'get', 'pdb', 'web-min');
  t.regex(table, /^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE\nweb-min\s+N\/A\s+26%\s+0\s+/);

  const foo = { metadata: { name: 'foo', uid: '5b0e2a33-1111-4222-8333-444455556666' } };
  await runningPod(client, 'odd-1', 'odd', 'node-a', '10.1.0.4', true, ownedBy(foo, 'Foo', 'example.com/v1'));
  await client.create(budgets, {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'odd' },
    spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'odd' } } },
  });
  const odd = await budgetStatus(cluster, 'odd', (b) => b.status?.conditions?.[0]?.reason === 'SyncFailed');
  t.is(odd.status?.disruptionsAllowed, 0);
  t.is(odd.status?.conditions?.[0]?.message, 'no matches for kind "Foo" in version "example.com/v1"');
  const failed = await eventually('CalculateExpectedPodCountFailed', async () => (await events(client)).find((e) => e.reason === 'CalculateExpectedPodCountFailed'));
  t.is(failed.involvedObject.kind, 'PodDisruptionBudget');
  t.is(failed.source?.component, 'controllermanager');
});

/** Finishes the deletion of pods as their kubelet would once their containers stopped. */
async function finishDeletions(t: { teardown(fn: () => void): void }, client: RestClient): Promise<void> {
  const abort = new AbortController();
  t.teardown(() => abort.abort());
  const watch = await client.watch<Pod>(podsOf(), { signal: abort.signal });
  void (async () => {
    try {
      for await (const event of watch) {
        if (event.type !== 'MODIFIED' || !event.object.metadata?.deletionTimestamp) continue;
        await client.delete({ ...podsOf(), name: event.object.metadata.name ?? '' }, { gracePeriodSeconds: 0 }).catch(() => {});
      }
    } catch {
      // the test is over
    }
  })();
}

test('kubectl drain evicts through the budget: it retries while none may go and finishes once a replacement is ready', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a');
  await createNode(client, 'node-b');
  await finishDeletions(t, client);
  runControllers(t, cluster, [disruptionController]);
  const web = await createReplicaSet(client, 'web', 2);
  await runningPod(client, 'web-1', 'web', 'node-a', '10.1.0.1', true, ownedBy(web));
  await runningPod(client, 'web-2', 'web', 'node-a', '10.1.0.2', true, ownedBy(web));
  await client.create(budgets, {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web' },
    spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
  });
  await budgetStatus(cluster, 'web', (b) => b.status?.disruptionsAllowed === 1);

  const drain = spawn(kubectlBinary(), [`--kubeconfig=${cluster.kubeconfig}`, 'drain', 'node-a', '--ignore-daemonsets', '--delete-emptydir-data', '--timeout=90s'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => drain.kill());
  let output = '';
  drain.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  drain.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => drain.on('exit', resolve));
  await eventually(
    'the drain refused by the budget',
    async () => (output.includes("Cannot evict pod as it would violate the pod's disruption budget.") ? true : undefined),
    60_000,
  );
  // The evicted pod goes once finishDeletions (standing in for its kubelet) has seen it terminating.
  const remaining = await eventually('the evicted pod gone', async () => {
    const names = (await client.list<Pod>(podsOf())).items.map((p) => p.metadata?.name);
    return names.length < 2 ? names : undefined;
  });
  t.is(remaining.length, 1, 'one pod evicted, one kept');
  // The ReplicaSet's replacement, elsewhere: the budget allows one disruption again.
  await runningPod(client, 'web-3', 'web', 'node-b', '10.1.0.3', true, ownedBy(web));
  t.is(await exited, 0, output);
  t.regex(output, /node\/node-a cordoned/);
  t.regex(output, /error when evicting pods\/"web-[12]" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\./);
  t.regex(output, /node\/node-a drained/);
  t.deepEqual(
    (await client.list<Pod>(podsOf())).items.map((p) => p.metadata?.name),
    ['web-3'],
  );
});
