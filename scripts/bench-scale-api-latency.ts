// The scale benchmark's API call latency SLIs, as kube's SLOs define them: from the API server's
// own apiserver_request_duration_seconds histogram, scraped from /metrics before and after a load,
// the p99 of each (verb, resource, scope) from the difference, interpolated in its bucket as
// Prometheus' histogram_quantile does. WATCH and CONNECT are long-running and not in the SLOs.

import type { RestClient } from '@capstan/common/client';
import { parsePrometheusText } from '../e2e/src/prometheus-text.ts';

/** Cumulative bucket counts by upper bound, for each (verb, resource, scope). */
export type RequestDurations = ReadonlyMap<string, ReadonlyMap<number, number>>;

export type CallKind = 'mutating' | 'get' | 'namespace list' | 'cluster list';

export interface CallLatency {
  readonly kind: CallKind;
  /** "POST pods", "LIST apps/deployments", "PUT pods/status". */
  readonly call: string;
  readonly count: number;
  readonly p99Seconds: number;
  /** kube's SLO threshold for the call's kind. */
  readonly sloSeconds: number;
}

/** kube's thresholds: mutating calls and single-object reads 1 s, lists 5 s in a namespace and 30 s across the cluster. */
const sloSeconds: Readonly<Record<CallKind, number>> = { mutating: 1, get: 1, 'namespace list': 5, 'cluster list': 30 };
const mutatingVerbs = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'APPLY']);

export async function scrapeRequestDurations(client: RestClient): Promise<RequestDurations> {
  const response = await client.request({ method: 'GET', path: '/metrics', accept: 'text/plain' });
  const durations = new Map<string, Map<number, number>>();
  for (const sample of parsePrometheusText(response.body.toString('utf8')).samples) {
    if (sample.name !== 'apiserver_request_duration_seconds_bucket') continue;
    const { verb = '', group = '', resource = '', subresource = '', scope = '', le = '' } = sample.labels;
    const key = JSON.stringify([verb, `${group === '' ? '' : `${group}/`}${resource}${subresource === '' ? '' : `/${subresource}`}`, scope]);
    const buckets = durations.get(key) ?? new Map<number, number>();
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
    // Summed over the labels the SLIs do not split by (version, dry_run, component).
    buckets.set(bound, (buckets.get(bound) ?? 0) + sample.value);
    durations.set(key, buckets);
  }
  return durations;
}

/** The p99 of every call made between the two scrapes that an SLO covers. */
export function apiCallLatencies(before: RequestDurations, after: RequestDurations): CallLatency[] {
  const latencies: CallLatency[] = [];
  for (const [key, buckets] of after) {
    const [verb, resource, scope] = JSON.parse(key) as [string, string, string];
    const kind = callKind(verb, scope);
    if (kind === undefined) continue;
    const earlier = before.get(key);
    const bounds = [...buckets.keys()].sort((a, b) => a - b);
    const counts = bounds.map((bound) => (buckets.get(bound) ?? 0) - (earlier?.get(bound) ?? 0));
    const count = counts.at(-1) ?? 0;
    if (count === 0) continue;
    latencies.push({ kind, call: `${verb} ${resource}`, count, p99Seconds: histogramQuantile(0.99, bounds, counts), sloSeconds: sloSeconds[kind] });
  }
  return latencies;
}

function callKind(verb: string, scope: string): CallKind | undefined {
  if (mutatingVerbs.has(verb)) return 'mutating';
  if (verb === 'GET') return 'get';
  if (verb === 'LIST') return scope === 'cluster' ? 'cluster list' : 'namespace list';
  return undefined;
}

/**
 * Prometheus' histogram_quantile over cumulative counts: linear within the bucket that holds the
 * rank, from 0 for the first; a rank in the +Inf bucket answers the highest finite bound.
 */
export function histogramQuantile(q: number, bounds: readonly number[], cumulative: readonly number[]): number {
  const total = cumulative.at(-1) ?? 0;
  const rank = q * total;
  const i = cumulative.findIndex((count) => count >= rank);
  const upper = bounds[i] as number;
  const lower = i === 0 ? 0 : (bounds[i - 1] as number);
  if (upper === Number.POSITIVE_INFINITY) return lower;
  const below = i === 0 ? 0 : (cumulative[i - 1] as number);
  const inBucket = (cumulative[i] as number) - below;
  return inBucket === 0 ? upper : lower + ((upper - lower) * (rank - below)) / inBucket;
}
