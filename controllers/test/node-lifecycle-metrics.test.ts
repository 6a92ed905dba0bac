// The node lifecycle controller's metrics (kube's node_collector_*), read from the process's legacy
// registry as the controllers' /metrics serves it: a zone's size and health as the health pass
// finds them, and the NoExecute taint on a Node that went silent counted as an eviction of its zone.

import test from 'ava';
import { legacyRegistry } from '@capstan/common/metrics';
import { nodeLifecycleController } from '../src/node-lifecycle/index.ts';
import { eventually, runControllers, startCluster } from './controller-fixture.ts';
import { hasTaint, SimulatedKubelet, waitForNode } from './simulated-kubelet.ts';

/** The value of the sample written exactly so (labels in Go's order), undefined when absent. */
async function sample(line: string): Promise<number | undefined> {
  const { body } = await legacyRegistry.expose(undefined);
  const found = body.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

test('a silent node makes its zone unhealthy, and its NoExecute taint is counted in node_collector_evictions_total', async (t) => {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [nodeLifecycleController], { nodeLifecycle: { monitorPeriodMs: 300, monitorGracePeriodMs: 2000, evictionRate: 10 } });
  const labels = { 'topology.kubernetes.io/region': 'r1', 'topology.kubernetes.io/zone': 'z1' };
  // kube's zone key: region and zone joined by ":\0:".
  const zone = 'r1:\0:z1';
  const failing = await SimulatedKubelet.register(cluster.client, 'failing', { labels });
  const steady = await SimulatedKubelet.register(cluster.client, 'steady', { labels });
  t.teardown(() => Promise.all([failing.stop(), steady.stop()]).then(() => {}));

  await eventually('the zone of two Ready nodes', async () => {
    const [size, health] = [await sample(`node_collector_zone_size{zone="${zone}"}`), await sample(`node_collector_zone_health{zone="${zone}"}`)];
    return size === 2 && health === 100 ? true : undefined;
  });
  t.is(await sample(`node_collector_unhealthy_nodes_in_zone{zone="${zone}"}`), 0);
  t.is(await sample(`node_collector_evictions_total{zone="${zone}"}`), 0);

  await failing.stop();
  await waitForNode(cluster.client, 'failing', 'the unreachable NoExecute taint', (node) => hasTaint(node, 'node.kubernetes.io/unreachable', 'NoExecute'));
  t.is(await sample(`node_collector_evictions_total{zone="${zone}"}`), 1);
  await eventually('the zone half unhealthy', async () => ((await sample(`node_collector_unhealthy_nodes_in_zone{zone="${zone}"}`)) === 1 ? true : undefined));
  t.is(await sample(`node_collector_zone_health{zone="${zone}"}`), 50);
  t.true(((await sample('node_collector_update_all_nodes_health_duration_seconds_count')) ?? 0) >= 2);
  t.true(((await sample('node_collector_update_node_health_duration_seconds_count')) ?? 0) >= 4);
});
