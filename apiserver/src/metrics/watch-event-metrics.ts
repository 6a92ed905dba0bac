// kube's apiserver_watch_events_total and apiserver_watch_events_sizes (endpoints/metrics): every
// event written to a watch client, counted with its size in bytes, by the group, version and
// resource watched. A watch takes its tallies once when it starts; an event then costs a few
// additions (tallies.ts).

import { legacyRegistry } from '@capstan/common/metrics';
import { talliedCounter, talliedHistogram } from './tallies.ts';

/** kube's ExponentialBuckets(1024, 2, 8): 1 KiB to 128 KiB. */
const sizeBuckets = Array.from({ length: 8 }, (_, i) => 1024 * 2 ** i);

let metrics: ReturnType<typeof defineWatchEventMetrics> | undefined;

function defineWatchEventMetrics() {
  const labelNames = ['group', 'version', 'resource'] as const;
  return {
    count: legacyRegistry.counter({ name: 'apiserver_watch_events_total', help: 'Number of events sent in watch clients', labelNames }),
    sizes: legacyRegistry.histogram({ name: 'apiserver_watch_events_sizes', help: 'Watch event size distribution in bytes', buckets: sizeBuckets, labelNames }),
  };
}

export function watchEventMetrics(): ReturnType<typeof defineWatchEventMetrics> {
  metrics ??= defineWatchEventMetrics();
  return metrics;
}

let tallies: { count: ReturnType<typeof talliedCounter>; sizes: ReturnType<typeof talliedHistogram> } | undefined;

/** Records each event a watch of the resource writes: call with the bytes of each event written. */
export function watchEventRecorder(group: string, version: string, resource: string): (bytes: number) => void {
  const { count, sizes } = watchEventMetrics();
  tallies ??= { count: talliedCounter(count), sizes: talliedHistogram(sizes, sizeBuckets) };
  const labels = { group, version, resource };
  const counted = tallies.count(labels);
  const sized = tallies.sizes(labels);
  return (bytes) => {
    counted.inc();
    sized.observe(bytes);
  };
}
