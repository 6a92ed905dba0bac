// kube's watch cache metrics (k8s.io/apiserver/pkg/storage/cacher/metrics), per group and
// resource: the events each cache received from the store and dispatched to its watchers, the
// initial events it sent, the watchers it closed for falling behind, the lists it served and the
// objects they read and returned, the time reads waited for it to be fresh, its initialisations;
// and, read at scrape time, its resource version and capacity. A cache takes its tallies once
// (tallies.ts), so an event costs an addition, not a label lookup.

import { legacyRegistry } from '@capstan/common/metrics';
import type { GroupResource } from '../../metrics/storage-metrics.ts';
import { talliedCounter, talliedHistogram } from '../../metrics/tallies.ts';

/** What the scrape reads of a live cache. */
export interface CacheGauges {
  readonly groupResource: GroupResource;
  readonly revision: number;
  readonly capacity: number;
}

const liveCaches = new Set<CacheGauges>();

/** kube's read_wait buckets: 5 ms to 3 s. */
const readWaitBuckets = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3];

let metrics: ReturnType<typeof defineCacheMetrics> | undefined;

function defineCacheMetrics() {
  const labelNames = ['group', 'resource'] as const;
  const collectEach = (value: (cache: CacheGauges) => number) => (gauge: { reset(): void; set(labels: { group: string; resource: string }, value: number): void }) => {
    gauge.reset();
    for (const cache of liveCaches) gauge.set(cache.groupResource, value(cache));
  };
  return {
    received: legacyRegistry.counter({
      name: 'apiserver_watch_cache_events_received_total',
      help: 'Counter of events received in watch cache broken by resource type.',
      labelNames,
    }),
    dispatched: legacyRegistry.counter({
      name: 'apiserver_watch_cache_events_dispatched_total',
      help: 'Counter of events dispatched in watch cache broken by resource type.',
      labelNames,
    }),
    initEvents: legacyRegistry.counter({ name: 'apiserver_init_events_total', help: 'Counter of init events processed in watch cache broken by resource type.', labelNames }),
    terminated: legacyRegistry.counter({
      name: 'apiserver_terminated_watchers_total',
      help: 'Counter of watchers closed due to unresponsiveness broken by resource type.',
      labelNames,
    }),
    initializations: legacyRegistry.counter({
      name: 'apiserver_watch_cache_initializations_total',
      help: 'Counter of watch cache initializations broken by resource type.',
      labelNames,
    }),
    listTotal: legacyRegistry.counter({
      name: 'apiserver_cache_list_total',
      help: 'Number of LIST requests served from watch cache',
      labelNames: ['group', 'resource', 'index'],
    }),
    listFetched: legacyRegistry.counter({
      name: 'apiserver_cache_list_fetched_objects_total',
      help: 'Number of objects read from watch cache in the course of serving a LIST request',
      labelNames: ['group', 'resource', 'index'],
    }),
    listReturned: legacyRegistry.counter({
      name: 'apiserver_cache_list_returned_objects_total',
      help: 'Number of objects returned for a LIST request from watch cache',
      labelNames,
    }),
    readWait: legacyRegistry.histogram({
      name: 'apiserver_watch_cache_read_wait_seconds',
      help: 'Histogram of time spent waiting for a watch cache to become fresh.',
      buckets: readWaitBuckets,
      labelNames,
    }),
    resourceVersion: legacyRegistry.gauge({
      name: 'apiserver_watch_cache_resource_version',
      help: 'Current resource version of watch cache broken by resource type.',
      labelNames,
      collect: collectEach((cache) => cache.revision),
    }),
    capacity: legacyRegistry.gauge({
      name: 'watch_cache_capacity',
      help: 'Total capacity of watch cache broken by resource type.',
      labelNames,
      collect: collectEach((cache) => cache.capacity),
    }),
  };
}

/** Registered at start, as kube registers them. */
export function watchCacheMetrics(): ReturnType<typeof defineCacheMetrics> {
  metrics ??= defineCacheMetrics();
  return metrics;
}

let tallies: ReturnType<typeof tallyCacheMetrics> | undefined;

function tallyCacheMetrics() {
  const all = watchCacheMetrics();
  return {
    received: talliedCounter(all.received),
    dispatched: talliedCounter(all.dispatched),
    initEvents: talliedCounter(all.initEvents),
    terminated: talliedCounter(all.terminated),
    initializations: talliedCounter(all.initializations),
    listTotal: talliedCounter(all.listTotal),
    listFetched: talliedCounter(all.listFetched),
    listReturned: talliedCounter(all.listReturned),
    readWait: talliedHistogram(all.readWait, readWaitBuckets),
  };
}

/** The counters of one cache, bound to its group and resource (a cache made again for a resource counts on in the same series). */
export function cacheRecorder(cache: CacheGauges) {
  tallies ??= tallyCacheMetrics();
  const all = tallies;
  const labels = { group: cache.groupResource.group, resource: cache.groupResource.resource };
  // Capstan's cache has no secondary indexes: its lists read the ordered index of all objects.
  const listLabels = { ...labels, index: '' };
  return {
    received: all.received(labels),
    dispatched: all.dispatched(labels),
    initEvents: all.initEvents(labels),
    terminated: all.terminated(labels),
    initializations: all.initializations(labels),
    listTotal: all.listTotal(listLabels),
    listFetched: all.listFetched(listLabels),
    listReturned: all.listReturned(labels),
    readWait: all.readWait(labels),
    /** The cache's resource version and capacity are read at scrape time while it lives. */
    live: () => liveCaches.add(cache),
    gone: () => liveCaches.delete(cache),
  };
}

export type CacheRecorder = ReturnType<typeof cacheRecorder>;
