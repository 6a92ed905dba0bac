// kube-apiserver's storage metrics (k8s.io/apiserver/pkg/storage/etcd3/metrics), kept for both
// backends: the latency, count and errors of each store request by operation, group and resource
// (etcd_request_duration_seconds and friends, named after etcd as kube names them whatever the
// store), and the number of stored objects of each resource, counted at scrape time.

import { legacyRegistry } from '@capstan/common/metrics';
import { collectionPrefix, registryRoot } from '../storage/keys.ts';
import type { Storage } from '../storage/storage.ts';

export interface GroupResource {
  readonly group: string;
  readonly resource: string;
}

/** A resource declaration as far as these metrics read it: those without a storage prefix are never stored. */
export interface StoredResource extends GroupResource {
  readonly storagePrefix: string | undefined;
}

/** The same buckets as apiserver_request_duration_seconds, so the two compare. */
const latencyBuckets = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

let metrics: ReturnType<typeof defineStorageMetrics> | undefined;

export function storageRequestMetrics(): ReturnType<typeof defineStorageMetrics> {
  metrics ??= defineStorageMetrics();
  return metrics;
}

function defineStorageMetrics() {
  const labelNames = ['operation', 'group', 'resource'] as const;
  return {
    duration: legacyRegistry.histogram({
      name: 'etcd_request_duration_seconds',
      help: 'Etcd request latency in seconds for each operation and object type.',
      buckets: latencyBuckets,
      labelNames,
    }),
    total: legacyRegistry.counter({ name: 'etcd_requests_total', help: 'Etcd request counts for each operation and object type.', labelNames }),
    errors: legacyRegistry.counter({ name: 'etcd_request_errors_total', help: 'Etcd failed request counts for each operation and object type.', labelNames }),
  };
}

/** Records one store request (kube's RecordEtcdRequest). */
export function recordStorageRequest(operation: string, groupResource: GroupResource, failed: boolean, startedAt: number): void {
  const { duration, total, errors } = storageRequestMetrics();
  const labels = { operation, group: groupResource.group, resource: groupResource.resource };
  duration.observe(labels, (performance.now() - startedAt) / 1000);
  total.inc(labels);
  if (failed) errors.inc(labels);
}

/**
 * apiserver_storage_objects (STABLE, deprecated since 1.34 for apiserver_resource_objects) and
 * apiserver_resource_objects: each stored resource's object count, read from `store` on every
 * scrape; -1 for a resource whose count could not be read, as kube reports a failed check.
 */
export function registerStoredObjectCounts(store: Storage, resources: readonly StoredResource[]): void {
  // One registry per process: a second server in the same process (tests) counts its own store from then on.
  countedStore = { store, resources };
  if (objectCountsRegistered) return;
  objectCountsRegistered = true;
  let counts: Promise<ReadonlyMap<string, { readonly groupResource: GroupResource; readonly count: number }>> | undefined;
  // Both gauges are read in one scrape: one count of the store serves both.
  const countOnce = () => {
    counts ??= countObjects(countedStore?.store, countedStore?.resources ?? []).finally(() => setTimeout(() => (counts = undefined), 0));
    return counts;
  };
  legacyRegistry.gauge({
    name: 'apiserver_storage_objects',
    help: '[DEPRECATED, consider using apiserver_resource_objects instead] Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
    stabilityLevel: 'STABLE',
    deprecatedVersion: '1.34.0',
    labelNames: ['resource'],
    collect: async (gauge) => {
      gauge.reset();
      for (const { groupResource, count } of (await countOnce()).values()) gauge.set({ resource: groupResourceString(groupResource) }, count);
    },
  });
  legacyRegistry.gauge({
    name: 'apiserver_resource_objects',
    help: 'Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
    labelNames: ['group', 'resource'],
    collect: async (gauge) => {
      gauge.reset();
      for (const { groupResource, count } of (await countOnce()).values()) gauge.set({ group: groupResource.group, resource: groupResource.resource }, count);
    },
  });
}

let countedStore: { readonly store: Storage; readonly resources: readonly StoredResource[] } | undefined;
let objectCountsRegistered = false;

async function countObjects(store: Storage | undefined, resources: readonly StoredResource[]) {
  const counts = new Map<string, { groupResource: GroupResource; count: number }>();
  if (store === undefined) return counts;
  await Promise.all(
    resources.map(async ({ group, resource, storagePrefix }) => {
      if (storagePrefix === undefined) return;
      let count: number;
      try {
        const page = await store.list(collectionPrefix(storagePrefix), { limit: 1 });
        count = page.items.length + (page.more ? (page.remaining ?? 0) : 0);
      } catch {
        count = -1;
      }
      // Resources that share a prefix (two versions, core and events.k8s.io Events) are counted once, as the first declared.
      if (!counts.has(storagePrefix)) counts.set(storagePrefix, { groupResource: { group, resource }, count });
    }),
  );
  return counts;
}

/** schema.GroupResource's String(): "pods", "deployments.apps". */
const groupResourceString = ({ group, resource }: GroupResource): string => (group === '' ? resource : `${resource}.${group}`);

/**
 * The group and resource a storage key belongs to: the stored resource whose prefix it is under,
 * else read off the key (/registry/<group>/<plural>/... for a custom resource, /registry/<resource>/... for a core one).
 */
export function groupResourceResolver(stored: readonly StoredResource[]): (key: string) => GroupResource {
  const byPrefix = new Map<string, GroupResource>();
  // Two resources on one prefix (core and events.k8s.io Events): the first declared, the core one, names it.
  for (const { group, resource, storagePrefix } of stored) if (storagePrefix !== undefined && !byPrefix.has(storagePrefix)) byPrefix.set(storagePrefix, { group, resource });
  return (key) => {
    const [first = '', second = ''] = key.slice(registryRoot.length).split('/');
    const known = byPrefix.get(`${first}/${second}`) ?? byPrefix.get(first);
    if (known !== undefined) return known;
    return first.includes('.') ? { group: first, resource: second } : { group: '', resource: first };
  };
}
