// kube's resource metrics client: the PodMetrics of the target's pods from metrics.k8s.io/v1beta1
// (an aggregated API such as metrics-server serves it), each pod's usage of a resource in milli
// units, summed over its containers (a pod missing the resource in any container has none) or of
// one named container.

import { decodeQuantity, quantityMilliValue } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';

export interface PodMetric {
  /** Milli units. */
  readonly value: bigint;
  readonly timestamp: number;
  readonly windowMs: number;
}

interface PodMetrics {
  readonly metadata?: { readonly name?: string };
  readonly timestamp?: string;
  readonly window?: string;
  readonly containers?: readonly { readonly name: string; readonly usage?: Readonly<Record<string, unknown>> }[];
}

/** A Go duration of metrics-server's window ("15s", "1m0.5s"), in milliseconds. */
function windowMs(text: string | undefined): number {
  let total = 0;
  for (const [, amount, unit] of (text ?? '').matchAll(/([\d.]+)(ms|s|m|h)/g)) total += Number(amount) * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms'] ?? 0);
  return total;
}

const milli = (value: unknown): bigint | undefined => {
  const quantity = decodeQuantity(value);
  return quantity === undefined ? undefined : quantityMilliValue(quantity);
};

/** GetResourceMetric: the pods' usage by name, and the first sample's time. */
export async function resourceMetrics(
  client: RestClient,
  resource: string,
  namespace: string,
  selector: string,
  container: string,
): Promise<{ metrics: Map<string, PodMetric>; timestamp: number }> {
  let items: readonly PodMetrics[];
  try {
    items = (await client.list<PodMetrics>({ group: 'metrics.k8s.io', version: 'v1beta1', resource: 'pods', namespace }, { labelSelector: selector })).items;
  } catch (error) {
    throw new Error(`unable to fetch metrics from resource metrics API: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (items.length === 0) throw new Error('no metrics returned from resource metrics API');
  const metrics = new Map<string, PodMetric>();
  for (const item of items) {
    const timestamp = Date.parse(item.timestamp ?? '') || 0;
    const window = windowMs(item.window);
    let value: bigint | undefined = 0n;
    if (container !== '') value = milli(item.containers?.find((c) => c.name === container)?.usage?.[resource]);
    else if ((item.containers ?? []).length === 0) value = undefined;
    else
      for (const c of item.containers ?? []) {
        const usage = milli(c.usage?.[resource]);
        if (usage === undefined || value === undefined) {
          value = undefined;
          break;
        }
        value += usage;
      }
    if (value !== undefined) metrics.set(item.metadata?.name ?? '', { value, timestamp, windowMs: window });
  }
  return { metrics, timestamp: Date.parse(items[0]?.timestamp ?? '') || 0 };
}
