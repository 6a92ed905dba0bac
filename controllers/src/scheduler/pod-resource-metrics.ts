// kube-scheduler's /metrics/resources (pkg/scheduler/metrics/resources): kube_pod_resource_request
// and kube_pod_resource_limit, each pod's requests and limits as the scheduler counts them
// (PodRequests, PodLimits: containers, sidecars, init containers, pod-level resources, overhead),
// read from the scheduler's pod informer at scrape time. Pods bound to a node that have finished
// are left out, as are zero quantities. Like kube-scheduler's, the answer is empty while no
// scheduler runs here (not the leader, or the scheduler disabled).

import type { Pod } from '@capstan/common/api-types/core-v1';
import { quantityApproximateFloat, quantitySign } from '@capstan/common';
import { annotatedHelp, type Exposition, prefersOpenMetrics } from '@capstan/common/metrics';
import { addResourceLists, podResources, type ResourceKind, type ResourceList, resourceListOf } from '@capstan/common/quota';
import { Gauge, Registry } from 'prom-client';

/** What a running scheduler tells the scrape: the pods its informer holds. */
export interface PodResourceSource {
  pods(): Iterable<Pod>;
}

const sources = new Set<PodResourceSource>();

const labelNames = ['namespace', 'node', 'pod', 'priority', 'resource', 'scheduler', 'unit'] as const;

const descriptions: Readonly<Record<ResourceKind, { readonly name: string; readonly help: string }>> = {
  requests: {
    name: 'kube_pod_resource_request',
    help: 'Resources requested by workloads on the cluster, broken down by pod. This shows the resource usage the scheduler and kubelet expect per pod for resources along with the unit for the resource if any.',
  },
  limits: {
    name: 'kube_pod_resource_limit',
    help: 'Resources limit for workloads on the cluster, broken down by pod. This shows the resource usage the scheduler and kubelet expect per pod for resources along with the unit for the resource if any.',
  },
};

export const podResourceMetrics = {
  started(source: PodResourceSource): void {
    sources.add(source);
  },
  stopped(source: PodResourceSource): void {
    sources.delete(source);
  },
  /** The scrape of /metrics/resources, in the format the Accept header asks for. */
  async expose(accept: string | undefined): Promise<Exposition> {
    // A registry per scrape: the series are those of the pods there now, none left from before.
    const registry = new Registry<typeof Registry.PROMETHEUS_CONTENT_TYPE | typeof Registry.OPENMETRICS_CONTENT_TYPE>();
    if (prefersOpenMetrics(accept)) registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    if (sources.size === 0) return { contentType: registry.contentType, body: '' };
    for (const kind of ['requests', 'limits'] as const) {
      const { name, help } = descriptions[kind];
      const gauge = new Gauge({ name, help: annotatedHelp(help, 'STABLE', undefined), labelNames, registers: [registry] });
      for (const source of sources) for (const pod of source.pods()) recordPod(gauge, pod, kind);
    }
    return { contentType: registry.contentType, body: await registry.metrics() };
  },
};

function recordPod(gauge: Gauge<(typeof labelNames)[number]>, pod: Pod, kind: ResourceKind): void {
  const node = pod.spec?.nodeName ?? '';
  const phase = pod.status?.phase;
  if (node !== '' && (phase === 'Succeeded' || phase === 'Failed')) return;
  const spec = (pod.spec ?? {}) as Record<string, unknown>;
  const priority = pod.spec?.priority;
  // Labels in Go's order, by name.
  const base = {
    namespace: pod.metadata?.namespace ?? '',
    node,
    pod: pod.metadata?.name ?? '',
    priority: priority === undefined || priority === null ? '' : String(priority),
  };
  for (const [resource, quantity] of Object.entries(podTotal(spec, kind))) {
    if (quantitySign(quantity) === 0) continue;
    gauge.set({ ...base, resource, scheduler: pod.spec?.schedulerName ?? '', unit: unitOf(resource) }, quantityApproximateFloat(quantity));
  }
}

/** PodRequests adds the overhead to every resource; PodLimits only to the resources with a non-zero limit. */
function podTotal(spec: Record<string, unknown>, kind: ResourceKind): ResourceList {
  const total = podResources(spec, kind);
  const overhead = resourceListOf(spec.overhead);
  if (kind === 'requests') return addResourceLists(total, overhead);
  const limited = Object.fromEntries(Object.entries(overhead).filter(([name]) => total[name] !== undefined && quantitySign(total[name]) !== 0));
  return addResourceLists(total, limited);
}

function unitOf(resource: string): string {
  if (resource === 'cpu') return 'cores';
  if (resource === 'memory' || resource === 'storage' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) return 'bytes';
  if (resource.startsWith('attachable-volumes-')) return 'integer';
  return '';
}
