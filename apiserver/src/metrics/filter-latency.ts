// kube's filterlatency (TrackStarted/TrackCompleted): how long each instrumented filter of the
// chain took before it handed the request on (authentication, audit, impersonation,
// priorityandfairness, authorization), in apiserver_request_filter_duration_seconds; and kube's
// WithLatencyTrackers, which gives each request the trackers its SLI latency is computed from.

import type { Filter } from '../filters/filter-chain.ts';
import { withLatencyTrackers } from './latency-trackers.ts';
import { filterBuckets, requestMetrics } from './request-metrics.ts';
import { talliedHistogram } from './tallies.ts';

let filterSeries: ReturnType<typeof talliedHistogram<'filter'>> | undefined;

/** `filter`, its time up to calling `next` observed under kube's filter name. A filter that answers itself (a 401, a 429) is not observed, as kube does not. */
export function trackFilterLatency(name: string, filter: Filter): Filter {
  filterSeries ??= talliedHistogram(requestMetrics().filterDuration, filterBuckets);
  const histogram = filterSeries({ filter: name });
  return (context, next) => {
    const startedAt = performance.now();
    return filter(context, () => {
      histogram.observe((performance.now() - startedAt) / 1000);
      return next();
    });
  };
}

/** Fresh latency trackers for each request. */
export const latencyTrackers: Filter = (_context, next) => withLatencyTrackers(next);
