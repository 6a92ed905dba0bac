// kube's node lifecycle controller metrics (pkg/controller/nodelifecycle/metrics.go): the health of
// each zone as the last health pass found it, the NoExecute taints put on (node_collector's
// "evictions"), and how long the passes take. The zone label is the controller's zone key, as kube
// writes it: "" without topology labels, else "<region>:\0:<zone>".

import { legacyRegistry } from '@capstan/common/metrics';

/** ExponentialBuckets(0.001, 4, 8): 1 ms to about 16 s. */
const nodeHealthBuckets = [0.001, 0.004, 0.016, 0.064, 0.256, 1.024, 4.096, 16.384];
/** ExponentialBuckets(0.01, 4, 8): 10 ms to about 3 min. */
const allNodesHealthBuckets = [0.01, 0.04, 0.16, 0.64, 2.56, 10.24, 40.96, 163.84];

let metrics: ReturnType<typeof defineMetrics> | undefined;

function defineMetrics() {
  const labelNames = ['zone'] as const;
  return {
    zoneHealth: legacyRegistry.gauge({ name: 'node_collector_zone_health', help: 'Gauge measuring percentage of healthy nodes per zone.', labelNames }),
    zoneSize: legacyRegistry.gauge({ name: 'node_collector_zone_size', help: 'Gauge measuring number of registered Nodes per zones.', labelNames }),
    unhealthyNodes: legacyRegistry.gauge({ name: 'node_collector_unhealthy_nodes_in_zone', help: 'Gauge measuring number of not Ready Nodes per zones.', labelNames }),
    evictions: legacyRegistry.counter({
      name: 'node_collector_evictions_total',
      help: 'Number of Node evictions that happened since current instance of NodeController started.',
      stabilityLevel: 'STABLE',
      labelNames,
    }),
    nodeHealthDuration: legacyRegistry.histogram({
      name: 'node_collector_update_node_health_duration_seconds',
      help: 'Duration in seconds for NodeController to update the health of a single node.',
      buckets: nodeHealthBuckets,
    }),
    allNodesHealthDuration: legacyRegistry.histogram({
      name: 'node_collector_update_all_nodes_health_duration_seconds',
      help: 'Duration in seconds for NodeController to update the health of all nodes.',
      buckets: allNodesHealthBuckets,
    }),
  };
}

const defined = () => (metrics ??= defineMetrics());

/** The metrics of one controller instance (kube registers them once per process, as here). */
export const nodeLifecycleMetrics = {
  /** Defines the metrics, so that the histograms are listed before the first pass, as Go lists them. */
  register(): void {
    defined();
  },
  /** A zone seen for the first time: its eviction count is listed from 0. */
  zoneAdded(zone: string): void {
    defined().evictions.inc({ zone }, 0);
  },
  /** A Node got its NoExecute taint (kube counts this as an eviction). */
  evicted(zone: string): void {
    defined().evictions.inc({ zone });
  },
  /** What the health pass found of a zone: its size and how many of its Nodes are not Ready. */
  zoneObserved(zone: string, size: number, unhealthy: number): void {
    const recorded = defined();
    recorded.zoneSize.set({ zone }, size);
    recorded.zoneHealth.set({ zone }, (100 * (size - unhealthy)) / size);
    recorded.unhealthyNodes.set({ zone }, unhealthy);
  },
  /** A zone with no Node left: kube keeps its series, as an empty, healthy zone. */
  zoneEmptied(zone: string): void {
    const recorded = defined();
    recorded.zoneSize.set({ zone }, 0);
    recorded.zoneHealth.set({ zone }, 100);
    recorded.unhealthyNodes.set({ zone }, 0);
  },
  nodeHealthUpdated(seconds: number): void {
    defined().nodeHealthDuration.observe(seconds);
  },
  allNodesHealthUpdated(seconds: number): void {
    defined().allNodesHealthDuration.observe(seconds);
  },
};
