// kube's apiserver_watch_events_total and apiserver_watch_events_sizes (endpoints/metrics): every
// event written to a watch client, counted with its size in bytes, by the group, version and
// resource watched. A watch takes its children once when it starts; an event then costs an
// increment and an observation.

import { legacyRegistry } from '@capstan/common/metrics';

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

/** Records each event a watch of the resource writes: call with the bytes of each event written. */
export function watchEventRecorder(group: string, version: string, resource: string): (bytes: number) => void {
  const { count, sizes } = watchEventMetrics();
  const labels = { group, version, resource };
  const counted = count.labels(labels);
  const sized = sizes.labels(labels);
  return (bytes) => {
    counted.inc();
    sized.observe(bytes);
  };
}
