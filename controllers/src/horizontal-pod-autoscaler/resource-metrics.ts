// The resource metrics API (metrics.k8s.io/v1beta1 PodMetrics, which metrics-server or any
// aggregated server serves) read as kube's resourceMetricsClient reads it: the pods the selector
// picks, each pod's use of the resource summed over its containers (a pod missing it for any
// container has no metric), or one container's.

import { parseDuration } from '@capstan/common';
import type { KubeObject, RestClient } from '@capstan/common/client';
import { milliValue, type PodMetric } from './replica-calculator.ts';

interface ContainerMetrics {
  readonly name?: string;
  readonly usage?: Readonly<Record<string, unknown>>;
}

type PodMetrics = KubeObject & { timestamp?: string; window?: string; containers?: readonly ContainerMetrics[] };

const podMetricsResource = { group: 'metrics.k8s.io', version: 'v1beta1', resource: 'pods' } as const;

/** The pods' metrics by pod name, and the timestamp of the first sample. */
export async function resourceMetrics(
  client: RestClient,
  resource: string,
  namespace: string,
  labelSelector: string,
  container: string,
): Promise<{ metrics: Map<string, PodMetric>; timestamp: string | undefined }> {
  let items: PodMetrics[];
  try {
    items = (await client.list<PodMetrics>({ ...podMetricsResource, namespace }, { labelSelector })).items;
  } catch (error) {
    throw new Error(`unable to fetch metrics from resource metrics API: ${(error as Error).message}`);
  }
  if (items.length === 0) throw new Error('no metrics returned from resource metrics API');
  const metrics = new Map<string, PodMetric>();
  for (const item of items) {
    const timestamp = Date.parse(item.timestamp ?? '');
    const windowMs = parseDuration(item.window ?? '') ?? 0;
    const containers = item.containers ?? [];
    let value: number | undefined = 0;
    if (container !== '') {
      value = milliValue(containers.find((c) => c.name === container)?.usage?.[resource]);
    } else if (containers.length === 0) {
      value = undefined;
    } else {
      for (const c of containers) {
        const use = milliValue(c.usage?.[resource]);
        if (use === undefined) {
          value = undefined;
          break;
        }
        value += use;
      }
    }
    if (value !== undefined) metrics.set(item.metadata?.name ?? '', { value, timestamp: Number.isNaN(timestamp) ? 0 : timestamp, windowMs });
  }
  return { metrics, timestamp: items[0]?.timestamp };
}
