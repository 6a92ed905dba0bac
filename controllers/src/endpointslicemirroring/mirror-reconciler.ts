// kube's EndpointSlice mirroring reconciler: an Endpoints object as EndpointSlices, one per address
// family and set of ports (each subset's addresses up to maxEndpointsPerSubset), owned by the
// Endpoints, with its labels and annotations. Each (family, ports) keeps its first existing slice,
// rewritten only when something differs; the others go, or lend their names to new slices.

import { isDeepStrictEqual } from 'node:util';
import type { EndpointAddress, Endpoints } from '@capstan/common/api-types/core-v1';
import type { Endpoint, EndpointPort, EndpointSlice } from '@capstan/common/api-types/discovery-v1';
import { repackSubsets } from '../endpoint/subsets.ts';
import { slicePortHash, sortedByHash } from '../endpointslice/go-hash.ts';
import { type AddressType, addressTypeOf } from '../endpointslice/pod-endpoints.ts';
import { endpointKey, endpointsEqualBeyondKey, portMapKey } from '../endpointslice/service-endpoints.ts';
import { managedByLabel, serviceNameLabel, slicePrefix } from '../endpointslice/slice-reconciler.ts';
import { lastChangeTriggerTimeAnnotation } from '../endpointslice/trigger-time-tracker.ts';

export const mirroringControllerName = 'endpointslicemirroring-controller.k8s.io';
const lastAppliedAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';

export interface MirrorResult {
  readonly create: EndpointSlice[];
  readonly update: EndpointSlice[];
  readonly delete: EndpointSlice[];
  /** Addresses that are no IP (the InvalidIPAddress event). */
  readonly invalid: number;
  /** Addresses over the per-subset limit (the TooManyAddressesToMirror event). */
  readonly skipped: number;
}

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const ipv6 = /^[0-9a-fA-F:.]+$/;

/** The address's family, or undefined when it is no IP. */
function familyOf(ip: string): AddressType | undefined {
  if (ipv4.test(ip)) return 'IPv4';
  return ip.includes(':') && ipv6.test(ip) ? addressTypeOf(ip) : undefined;
}

/** addressToEndpoint: only the ready condition is known of a mirrored address. */
function addressToEndpoint(address: EndpointAddress, ready: boolean): Endpoint {
  return {
    addresses: [address.ip],
    conditions: { ready },
    ...(address.hostname ? { hostname: address.hostname } : {}),
    ...(address.targetRef ? { targetRef: address.targetRef } : {}),
    ...(address.nodeName ? { nodeName: address.nodeName } : {}),
  };
}

/** The Endpoints' annotations a mirrored slice carries. */
function mirroredAnnotations(endpoints: Endpoints): Record<string, string> {
  const annotations: Record<string, string> = { ...endpoints.metadata?.annotations };
  delete annotations[lastChangeTriggerTimeAnnotation];
  delete annotations[lastAppliedAnnotation];
  return annotations;
}

function newMirroredSlice(endpoints: Endpoints, ports: readonly EndpointPort[], addressType: AddressType, name: string | undefined): EndpointSlice {
  const endpointsName = endpoints.metadata?.name ?? '';
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      ...(name === undefined ? { generateName: slicePrefix(endpointsName) } : { name }),
      namespace: endpoints.metadata?.namespace,
      labels: { ...endpoints.metadata?.labels, [serviceNameLabel]: endpointsName, [managedByLabel]: mirroringControllerName },
      annotations: mirroredAnnotations(endpoints),
      ownerReferences: [{ apiVersion: 'v1', kind: 'Endpoints', name: endpointsName, uid: endpoints.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    addressType,
    endpoints: [],
    ports: [...ports],
  };
}

const sliceKey = (addressType: string, ports: readonly EndpointPort[] | undefined): string => `${addressType} ${portMapKey(ports)}`;

export function reconcileMirroredSlices(endpoints: Endpoints, existing: readonly EndpointSlice[], maxEndpointsPerSubset: number): MirrorResult {
  const desired = new Map<string, { addressType: AddressType; ports: EndpointPort[]; endpoints: Map<string, Endpoint> }>();
  let invalid = 0;
  let skipped = 0;
  for (const subset of repackSubsets(endpoints.subsets ?? [])) {
    // In kube's order: the port map key sorts them by hash in place.
    const ports: EndpointPort[] = sortedByHash(
      (subset.ports ?? []).map((p) => ({
        name: p.name ?? '',
        port: p.port,
        protocol: p.protocol ?? 'TCP',
        ...(p.appProtocol === undefined ? {} : { appProtocol: p.appProtocol }),
      })),
      slicePortHash,
    );
    const all = [...(subset.addresses ?? []).map((a) => [a, true] as const), ...(subset.notReadyAddresses ?? []).map((a) => [a, false] as const)];
    let added = 0;
    let invalidHere = 0;
    for (const [address, ready] of all) {
      if (added >= maxEndpointsPerSubset) break;
      const family = familyOf(address.ip);
      if (family === undefined) {
        invalidHere += 1;
        continue;
      }
      const key = sliceKey(family, ports);
      let group = desired.get(key);
      if (group === undefined) {
        group = { addressType: family, ports, endpoints: new Map() };
        desired.set(key, group);
      }
      const endpoint = addressToEndpoint(address, ready);
      group.endpoints.set(endpointKey(endpoint), endpoint);
      added += 1;
    }
    invalid += invalidHere;
    skipped += all.length - added;
  }
  const existingByKey = new Map<string, EndpointSlice[]>();
  for (const slice of existing) {
    const key = sliceKey(slice.addressType, slice.ports);
    existingByKey.set(key, [...(existingByKey.get(key) ?? []), slice]);
  }
  const create: EndpointSlice[] = [];
  const update: EndpointSlice[] = [];
  const remove: EndpointSlice[] = [];
  for (const [key, group] of desired) {
    const [first, ...rest] = existingByKey.get(key) ?? [];
    remove.push(...rest);
    if (first !== undefined && unchanged(endpoints, first, group.endpoints)) continue;
    const slice = newMirroredSlice(endpoints, group.ports, group.addressType, first?.metadata?.name);
    const filled = { ...slice, endpoints: [...group.endpoints.values()].slice(0, maxEndpointsPerSubset) };
    (first === undefined ? create : update).push(filled);
  }
  for (const [key, slices] of existingByKey) if (!desired.has(key)) remove.push(...slices);
  // recycleSlices: a slice to delete lends its name to one of the same family to create.
  for (const slice of [...create]) {
    const donor = remove.find((old) => old.addressType === slice.addressType);
    if (donor === undefined) continue;
    create.splice(create.indexOf(slice), 1);
    remove.splice(remove.indexOf(donor), 1);
    const { generateName: _unused, ...metadata } = slice.metadata ?? {};
    update.push({ ...slice, metadata: { ...metadata, name: donor.metadata?.name } });
  }
  return { create, update, delete: remove, invalid, skipped };
}

/** The existing slice already says it all: same endpoints, the Endpoints' labels and annotations, the same owner. */
function unchanged(endpoints: Endpoints, slice: EndpointSlice, wanted: ReadonlyMap<string, Endpoint>): boolean {
  const have = slice.endpoints ?? [];
  if (have.length !== wanted.size) return false;
  for (const endpoint of have) {
    const desired = wanted.get(endpointKey(endpoint));
    if (desired === undefined || !endpointsEqualBeyondKey(desired, endpoint)) return false;
  }
  const { [managedByLabel]: _m, [serviceNameLabel]: _s, ...labels } = slice.metadata?.labels ?? {};
  if (!isDeepStrictEqual(labels, { ...endpoints.metadata?.labels })) return false;
  if (!isDeepStrictEqual({ ...slice.metadata?.annotations }, mirroredAnnotations(endpoints))) return false;
  // needRebuildExistingSlices: owned by an earlier Endpoints of the same name.
  return !(slice.metadata?.ownerReferences ?? []).some((o) => o.kind === 'Endpoints' && o.name === endpoints.metadata?.name && o.uid !== endpoints.metadata?.uid);
}
