// The subsets of a v1 Endpoints object as kube's endpoints controller writes them: one subset per
// pod and port, repacked (RepackSubsets) so that addresses sharing the same ports share a subset,
// then cut to 1000 addresses (the over-capacity annotation says so).

import { isDeepStrictEqual } from 'node:util';
import type { EndpointAddress, EndpointPort, EndpointSubset } from '@capstan/common/api-types/core-v1';
import { corePortHash, sortedByHash, subsetHash } from '../endpointslice/go-hash.ts';

/** kube's maxCapacity: the most addresses one Endpoints object carries. */
export const maxEndpointsCapacity = 1000;

const addressKey = (address: EndpointAddress): string => `${address.ip}/${address.targetRef?.uid ?? ''}`;

/** LessEndpointAddress: by IP, then by target uid (one without a target first). */
function compareAddresses(a: EndpointAddress, b: EndpointAddress): number {
  if (a.ip !== b.ip) return a.ip < b.ip ? -1 : 1;
  const uidA = a.targetRef?.uid;
  const uidB = b.targetRef?.uid;
  if (uidA === uidB) return 0;
  if (uidA === undefined) return -1;
  if (uidB === undefined) return 1;
  return uidA < uidB ? -1 : 1;
}

const portKey = (port: EndpointPort | undefined): string => JSON.stringify(port === undefined ? null : [port.name ?? '', port.port, port.protocol ?? '', port.appProtocol ?? '']);

/**
 * RepackSubsets: addresses grouped by the exact set of ports they have (an address not ready on one
 * of its ports counts as not ready there); addresses sorted by IP, ports and subsets by kube's hash
 * of their Go form (go-hash.ts), so that they come in kube's order.
 */
export function repackSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] {
  const addresses = new Map<string, EndpointAddress>();
  /** port key -> address key -> ready */
  const byPort = new Map<string, { port: EndpointPort | undefined; ready: Map<string, boolean> }>();
  const note = (address: EndpointAddress, port: EndpointPort | undefined, ready: boolean): void => {
    const key = addressKey(address);
    if (!addresses.has(key)) addresses.set(key, address);
    const pk = portKey(port);
    let entry = byPort.get(pk);
    if (entry === undefined) {
      entry = { port, ready: new Map() };
      byPort.set(pk, entry);
    }
    if (entry.ready.get(key) !== false) entry.ready.set(key, ready);
  };
  for (const subset of subsets) {
    const ports: (EndpointPort | undefined)[] = (subset.ports ?? []).length === 0 ? [undefined] : [...(subset.ports ?? [])];
    for (const port of ports) {
      for (const address of subset.addresses ?? []) note(address, port, true);
      for (const address of subset.notReadyAddresses ?? []) note(address, port, false);
    }
  }
  const groups = new Map<string, { ready: Map<string, boolean>; ports: EndpointPort[] }>();
  for (const { port, ready } of byPort.values()) {
    const key = JSON.stringify([...ready].sort());
    let group = groups.get(key);
    if (group === undefined) {
      group = { ready, ports: [] };
      groups.set(key, group);
    }
    if (port !== undefined) group.ports.push(port);
  }
  const result: EndpointSubset[] = [];
  for (const { ready, ports } of groups.values()) {
    const readyAddresses: EndpointAddress[] = [];
    const notReady: EndpointAddress[] = [];
    for (const [key, isReady] of ready) (isReady ? readyAddresses : notReady).push(addresses.get(key) as EndpointAddress);
    result.push({
      ...(readyAddresses.length > 0 ? { addresses: readyAddresses.sort(compareAddresses) } : {}),
      ...(notReady.length > 0 ? { notReadyAddresses: notReady.sort(compareAddresses) } : {}),
      ...(ports.length > 0 ? { ports: sortedByHash(ports, corePortHash) } : {}),
    });
  }
  return sortedByHash(result, subsetHash);
}

const addressCount = (subsets: readonly EndpointSubset[]): { ready: number; notReady: number } => ({
  ready: subsets.reduce((n, s) => n + (s.addresses ?? []).length, 0),
  notReady: subsets.reduce((n, s) => n + (s.notReadyAddresses ?? []).length, 0),
});

/**
 * truncateEndpoints: over the capacity, not-ready addresses go first (each subset keeping its share,
 * rounded up); if the ready ones alone are too many, all not-ready ones go and the ready ones are cut
 * the same way. Answers undefined when nothing needs cutting.
 */
export function truncateSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] | undefined {
  const { ready, notReady } = addressCount(subsets);
  if (ready + notReady <= maxEndpointsCapacity) return undefined;
  const truncateReady = ready > maxEndpointsCapacity;
  const max = truncateReady ? maxEndpointsCapacity : maxEndpointsCapacity - ready;
  const total = truncateReady ? ready : notReady;
  let canBeAdded = max;
  return subsets.map((subset) => {
    const count = (truncateReady ? subset.addresses : subset.notReadyAddresses)?.length ?? 0;
    const share = Math.min(Math.ceil((count / total) * max), canBeAdded);
    if (truncateReady) {
      const addresses = (subset.addresses ?? []).slice(0, share);
      canBeAdded -= addresses.length;
      const { notReadyAddresses: _dropped, ...rest } = subset;
      return { ...rest, addresses };
    }
    const notReadyAddresses = (subset.notReadyAddresses ?? []).slice(0, share);
    canBeAdded -= notReadyAddresses.length;
    return { ...subset, notReadyAddresses };
  });
}

/** The subsets as compared: targets' resourceVersions and empty lists left out. */
function normalized(subsets: readonly EndpointSubset[] | undefined): unknown {
  const address = (a: EndpointAddress) => {
    const { resourceVersion: _rv, ...targetRef } = a.targetRef ?? {};
    return { ...a, ...(a.targetRef ? { targetRef } : {}) };
  };
  return (subsets ?? []).map((s) => ({
    addresses: (s.addresses ?? []).map(address),
    notReadyAddresses: (s.notReadyAddresses ?? []).map(address),
    ports: s.ports ?? [],
  }));
}

/** endpointSubsetsEqualIgnoreResourceVersion. */
export function subsetsEqual(a: readonly EndpointSubset[] | undefined, b: readonly EndpointSubset[] | undefined): boolean {
  return isDeepStrictEqual(normalized(a), normalized(b));
}
