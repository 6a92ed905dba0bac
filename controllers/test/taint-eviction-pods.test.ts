// The taint eviction controller against a real API server: NoExecute taints put on a Node by hand
// delete the pods that do not tolerate them at once (DisruptionTarget condition first), those that
// tolerate them for N seconds after N seconds, and leave those that tolerate them forever.

import test from 'ava';
import type { KubeObject, RestClient } from '@capstan/common/client';
import { taintEvictionController } from '../src/node-lifecycle/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { eventually, events, nodes, pods, waitForEvent, type Taint } from './simulated-kubelet.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const broken = { key: 'example.com/broken', effect: 'NoExecute' } as const;

type PodObject = KubeObject & {
  spec: { nodeName?: string; tolerations?: unknown[] };
  status?: { conditions?: { type: string; status: string; reason?: string; message?: string; lastTransitionTime?: string }[] };
};

async function createNode(client: RestClient, name: string, taints: Taint[] = []): Promise<void> {
  await client.create(nodes, { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints } });
}

async function setTaints(client: RestClient, name: string, taints: Taint[]): Promise<void> {
  await client.patch({ ...nodes, name }, { spec: { taints: taints.length === 0 ? null : taints } }, { type: 'merge' });
}

async function createPod(client: RestClient, name: string, nodeName: string, tolerations: unknown[] = []): Promise<PodObject> {
  return client.create<PodObject>(pods, { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { nodeName, tolerations, containers: [{ name: 'c', image: 'nginx' }] } });
}

async function pod(client: RestClient, name: string): Promise<PodObject> {
  return client.get<PodObject>({ ...pods, name });
}

const deleted = (p: PodObject): boolean => p.metadata?.deletionTimestamp !== undefined;

/** When each pod was first seen deleted, and the order of what happened to them, from a watch. */
async function watchPods(t: { teardown(fn: () => void): void }, client: RestClient): Promise<{ deletedAt: Map<string, number>; history: string[] }> {
  const abort = new AbortController();
  t.teardown(() => abort.abort());
  const watch = await client.watch<PodObject>(pods, { signal: abort.signal });
  const deletedAt = new Map<string, number>();
  const history: string[] = [];
  void (async () => {
    try {
      for await (const event of watch) {
        if (event.type === 'ERROR') return;
        const p = event.object;
        const name = p.metadata?.name ?? '';
        if (p.status?.conditions?.some((c) => c.type === 'DisruptionTarget') && !history.includes(`${name} DisruptionTarget`)) history.push(`${name} DisruptionTarget`);
        if (deleted(p) && !deletedAt.has(name)) {
          deletedAt.set(name, Date.now());
          history.push(`${name} deleted`);
        }
      }
    } catch {
      // the test is over
    }
  })();
  return { deletedAt, history };
}

test.serial('an intolerant pod is deleted at once with the DisruptionTarget condition first; a pod tolerating for 3 s goes after 3 s; one tolerating forever stays', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [taintEvictionController]);
  await createNode(client, 'worker');
  await createPod(client, 'intolerant', 'worker');
  await createPod(client, 'patient', 'worker', [{ key: broken.key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3 }]);
  await createPod(client, 'stoic', 'worker', [{ key: broken.key, operator: 'Exists', effect: 'NoExecute' }]);
  await createPod(client, 'elsewhere', 'other');
  const { deletedAt, history } = await watchPods(t, client);
  await sleep(1000);
  t.deepEqual(deletedAt.size, 0, 'nothing is deleted on an untainted node');

  const taintedAt = Date.now();
  await setTaints(client, 'worker', [broken]);
  await eventually('intolerant deleted', async () => deletedAt.get('intolerant'));
  t.true((deletedAt.get('intolerant') as number) - taintedAt < 1500, 'deleted at once');
  t.deepEqual(history.slice(0, 2), ['intolerant DisruptionTarget', 'intolerant deleted']);
  const evicted = await pod(client, 'intolerant');
  t.like(
    evicted.status?.conditions?.find((c) => c.type === 'DisruptionTarget'),
    { status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' },
  );
  const event = await waitForEvent(client, 'Pod', 'intolerant', 'TaintManagerEviction');
  t.like(event, { type: 'Normal', message: 'Marking for deletion Pod default/intolerant', source: { component: 'taint-eviction-controller' } });

  await eventually('patient deleted', async () => deletedAt.get('patient'), 10_000);
  const patientAfter = (deletedAt.get('patient') as number) - taintedAt;
  t.true(patientAfter >= 2900 && patientAfter < 5000, `the 3 s toleration ended after ${patientAfter} ms`);
  t.like(
    (await pod(client, 'patient')).status?.conditions?.find((c) => c.type === 'DisruptionTarget'),
    { reason: 'DeletionByTaintManager' },
  );

  await sleep(1500);
  t.false(deleted(await pod(client, 'stoic')));
  t.false(deleted(await pod(client, 'elsewhere')));
  t.false((await events(client)).some((e) => e.involvedObject.name === 'stoic'));
  t.is((await kubectl(cluster, 'get', 'pod', 'intolerant', '-o', 'jsonpath={.status.conditions[?(@.type=="DisruptionTarget")].reason}')).trim(), 'DeletionByTaintManager');
});

test.serial('removing the taint before the toleration ends cancels the deletion', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [taintEvictionController]);
  await createNode(client, 'worker');
  await createPod(client, 'patient', 'worker', [{ key: broken.key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 }]);
  const { deletedAt } = await watchPods(t, client);
  await sleep(500);

  await setTaints(client, 'worker', [broken]);
  await sleep(1000);
  await setTaints(client, 'worker', []);
  const cancelled = await waitForEvent(client, 'Pod', 'patient', 'TaintManagerEviction');
  t.like(cancelled, { type: 'Normal', message: 'Cancelling deletion of Pod default/patient' });
  await sleep(2500);
  t.is(deletedAt.size, 0);
  t.false(deleted(await pod(client, 'patient')));
});

test.serial('a pod bound to a node that is already tainted is deleted at once; the shortest toleration of several taints counts', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [taintEvictionController]);
  const other = { key: 'example.com/draining', value: 'yes', effect: 'NoExecute' } as const;
  await createNode(client, 'worker', [broken, other, { key: 'example.com/soft', effect: 'NoSchedule' }]);
  const { deletedAt } = await watchPods(t, client);
  await sleep(500);

  const boundAt = Date.now();
  // Tolerates one of the two NoExecute taints only.
  await createPod(client, 'half', 'worker', [{ key: broken.key, operator: 'Exists', effect: 'NoExecute' }]);
  // Tolerates both, for 4 s and 2 s: gone after 2 s.
  await createPod(client, 'both', 'worker', [
    { key: broken.key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 4 },
    { key: other.key, operator: 'Equal', value: 'yes', effect: 'NoExecute', tolerationSeconds: 2 },
  ]);
  // A toleration of the wrong value does not tolerate.
  await createPod(client, 'wrong-value', 'worker', [
    { operator: 'Exists', key: broken.key },
    { key: other.key, operator: 'Equal', value: 'no' },
  ]);
  // Tolerating everything (no key, Exists) stays.
  await createPod(client, 'everything', 'worker', [{ operator: 'Exists' }]);

  await eventually('half deleted', async () => deletedAt.get('half'));
  await eventually('wrong-value deleted', async () => deletedAt.get('wrong-value'));
  t.true((deletedAt.get('half') as number) - boundAt < 1500);
  t.true((deletedAt.get('wrong-value') as number) - boundAt < 1500);
  await eventually('both deleted', async () => deletedAt.get('both'), 10_000);
  const bothAfter = (deletedAt.get('both') as number) - boundAt;
  t.true(bothAfter >= 1900 && bothAfter < 3500, `deleted after ${bothAfter} ms`);
  await sleep(1000);
  t.false(deleted(await pod(client, 'everything')));
  t.deepEqual([...deletedAt.keys()].sort(), ['both', 'half', 'wrong-value']);
});
