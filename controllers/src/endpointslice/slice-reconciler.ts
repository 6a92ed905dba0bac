// kube's EndpointSlice reconciler (k8s.io/endpointslice): the slices a Service's pods make, per
// address family and per set of ports, at most maxEndpointsPerSlice endpoints each, changing as
// few slices as it can: existing slices keep the endpoints still wanted (updated in place), new
// endpoints fill slices being updated anyway, then the unchanged slice they fit best, then new
// slices. A family with no endpoints keeps one empty placeholder slice. Topology hints are left out.

import { isDeepStrictEqual } from 'node:util';
import type { Node, Pod, Service } from '@capstan/common/api-types/core-v1';
import type { Endpoint, EndpointPort, EndpointSlice } from '@capstan/common/api-types/discovery-v1';
import { type AddressType, addressTypeOf, isServiceIpSet, shouldPodBeInEndpoints } from './pod-endpoints.ts';
import { endpointKey, endpointPortsOf, endpointsEqualBeyondKey, podToEndpoint, portMapKey } from './service-endpoints.ts';

export const serviceNameLabel = 'kubernetes.io/service-name';
export const managedByLabel = 'endpointslice.kubernetes.io/managed-by';
export const headlessLabel = 'service.kubernetes.io/headless';

export interface SliceChanges {
  readonly create: EndpointSlice[];
  readonly update: EndpointSlice[];
  readonly delete: EndpointSlice[];
  /** Pods left out (their Node is unknown): the sync is retried. */
  readonly errors: string[];
}

export interface ReconcileInput {
  readonly service: Service;
  readonly pods: readonly Pod[];
  /** The controller's live slices of the Service (those pending deletion left out). */
  readonly slices: readonly EndpointSlice[];
  readonly node: (name: string) => Node | undefined;
  readonly maxEndpointsPerSlice: number;
  readonly controllerName: string;
}

/** getAddressTypesForService: the Service's IP families; else its cluster IP's; else (headless) both. */
export function addressTypesOf(service: Service): Set<AddressType> {
  const types = new Set<AddressType>();
  for (const family of service.spec?.ipFamilies ?? []) if (family === 'IPv4' || family === 'IPv6') types.add(family);
  if (types.size > 0) return types;
  if (isServiceIpSet(service)) return new Set([addressTypeOf(service.spec?.clusterIP ?? '')]);
  return new Set(['IPv4', 'IPv6']);
}

const reservedLabels = new Set([serviceNameLabel, managedByLabel, headlessLabel]);

/** setEndpointSliceLabels: the Service's labels (reserved keys aside) with the slice's own. */
export function sliceLabels(service: Service, controllerName: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(service.metadata?.labels ?? {})) if (!reservedLabels.has(key)) labels[key] = value;
  if (!isServiceIpSet(service)) labels[headlessLabel] = '';
  labels[serviceNameLabel] = service.metadata?.name ?? '';
  labels[managedByLabel] = controllerName;
  return labels;
}

/** getEndpointSlicePrefix: "<service>-", or the bare name when the dash would make it too long. */
export function slicePrefix(serviceName: string): string {
  return serviceName.length + 1 > 253 ? serviceName : `${serviceName}-`;
}

export function ownedBy(slice: EndpointSlice, service: Service): boolean {
  return (slice.metadata?.ownerReferences ?? []).some((o) => o.uid === service.metadata?.uid && o.kind === 'Service' && o.apiVersion === 'v1');
}

export function newSlice(service: Service, addressType: AddressType, ports: readonly EndpointPort[], controllerName: string): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: slicePrefix(service.metadata?.name ?? ''),
      namespace: service.metadata?.namespace,
      labels: sliceLabels(service, controllerName),
      ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: service.metadata?.name ?? '', uid: service.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    addressType,
    endpoints: [],
    ports: [...ports],
  };
}

type Mutable = { -readonly [K in keyof EndpointSlice]: EndpointSlice[K] } & { endpoints: Endpoint[] };

const mutable = (slice: EndpointSlice): Mutable => ({ ...slice, endpoints: [...slice.endpoints] });

export function reconcileServiceSlices(input: ReconcileInput): SliceChanges {
  const { service } = input;
  const types = addressTypesOf(service);
  const changes: SliceChanges = { create: [], update: [], delete: [], errors: [] };
  const byType = new Map<AddressType, EndpointSlice[]>();
  for (const stored of input.slices) {
    // The API may answer an empty slice's endpoints as null.
    const slice = { ...stored, endpoints: stored.endpoints ?? [] };
    const type = slice.addressType as AddressType;
    if (!types.has(type)) changes.delete.push(slice);
    else byType.set(type, [...(byType.get(type) ?? []), slice]);
  }
  for (const type of types) reconcileAddressType(input, type, byType.get(type) ?? [], changes);
  return changes;
}

function reconcileAddressType(input: ReconcileInput, addressType: AddressType, existing: readonly EndpointSlice[], changes: SliceChanges): void {
  const { service, controllerName } = input;
  const create: Mutable[] = [];
  const update: Mutable[] = [];
  const remove: EndpointSlice[] = [];
  const existingByPorts = new Map<string, EndpointSlice[]>();
  for (const slice of existing) {
    if (!ownedBy(slice, service)) {
      remove.push(slice);
      continue;
    }
    const key = portMapKey(slice.ports);
    existingByPorts.set(key, [...(existingByPorts.get(key) ?? []), slice]);
  }
  const desired = new Map<string, { ports: EndpointPort[]; endpoints: Map<string, Endpoint> }>();
  for (const pod of [...input.pods].sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''))) {
    if (!shouldPodBeInEndpoints(pod, true)) continue;
    const ports = endpointPortsOf(service, pod);
    const key = portMapKey(ports);
    let group = desired.get(key);
    if (group === undefined) {
      group = { ports, endpoints: new Map() };
      desired.set(key, group);
    }
    const nodeName = pod.spec?.nodeName ?? '';
    const node = input.node(nodeName);
    if (node === undefined && service.spec?.publishNotReadyAddresses !== true) {
      changes.errors.push(`skipping Pod ${pod.metadata?.name} for Service ${service.metadata?.namespace}/${service.metadata?.name}: Node ${nodeName} Not Found`);
      continue;
    }
    const endpoint = podToEndpoint(pod, node, service, addressType);
    if (endpoint.addresses.length > 0) group.endpoints.set(endpointKey(endpoint), endpoint);
  }
  for (const [key, group] of desired) {
    const result = reconcilePortMapping(input, addressType, existingByPorts.get(key) ?? [], group.endpoints, group.ports);
    create.push(...result.create);
    update.push(...result.update);
    remove.push(...result.remove);
  }
  for (const [key, slices] of existingByPorts) if (!desired.has(key)) remove.push(...slices);
  // A family with no endpoints at all keeps one empty slice, so that consumers see the Service handled.
  if (existing.length === remove.length && create.length === 0) {
    const placeholder = newSlice(service, addressType, [], controllerName);
    const only = remove.length === 1 ? remove[0] : undefined;
    if (only !== undefined && isPlaceholder(only, placeholder)) remove.length = 0;
    else create.push(mutable(placeholder));
  }
  // A slice to delete lends its name to one to create: one update instead of a delete and a create.
  for (let i = 0; i < remove.length && create.length > 0; ) {
    const old = remove[i] as EndpointSlice;
    if (old.addressType === addressType && ownedBy(old, service)) {
      const reused = create.pop() as Mutable;
      update.push({ ...reused, metadata: { ...reused.metadata, name: old.metadata?.name } });
      remove.splice(i, 1);
    } else i++;
  }
  changes.create.push(...create);
  changes.update.push(...update);
  changes.delete.push(...remove);
}

function isPlaceholder(slice: EndpointSlice, placeholder: EndpointSlice): boolean {
  return (
    slice.metadata?.namespace === placeholder.metadata?.namespace &&
    isDeepStrictEqual(slice.metadata?.labels ?? {}, placeholder.metadata?.labels ?? {}) &&
    slice.addressType === placeholder.addressType &&
    slice.endpoints.length === 0 &&
    (slice.ports ?? []).length === 0
  );
}

function reconcilePortMapping(
  input: ReconcileInput,
  addressType: AddressType,
  existing: readonly EndpointSlice[],
  wanted: Map<string, Endpoint>,
  ports: readonly EndpointPort[],
): { create: Mutable[]; update: Mutable[]; remove: EndpointSlice[] } {
  const { service, controllerName, maxEndpointsPerSlice: max } = input;
  const labels = sliceLabels(service, controllerName);
  const toUpdate: Mutable[] = [];
  const unchanged: EndpointSlice[] = [];
  const remove: EndpointSlice[] = [];
  for (const slice of existing) {
    const kept: Endpoint[] = [];
    let changed = false;
    for (const endpoint of slice.endpoints) {
      const key = endpointKey(endpoint);
      const desired = wanted.get(key);
      if (desired === undefined) continue;
      kept.push(desired);
      if (!endpointsEqualBeyondKey(desired, endpoint)) changed = true;
      wanted.delete(key);
    }
    const labelsChanged = !isDeepStrictEqual(slice.metadata?.labels ?? {}, labels);
    if (changed || kept.length !== slice.endpoints.length) {
      if (kept.length === 0) remove.push(slice);
      else toUpdate.push({ ...slice, metadata: { ...slice.metadata, labels }, endpoints: kept });
    } else if (labelsChanged) {
      toUpdate.push({ ...mutable(slice), metadata: { ...slice.metadata, labels } });
    } else unchanged.push(slice);
  }
  const pending = [...wanted.values()];
  // New endpoints go first into slices written anyway, fullest first.
  for (const slice of [...toUpdate].sort((a, b) => b.endpoints.length - a.endpoints.length)) {
    while (pending.length > 0 && slice.endpoints.length < max) slice.endpoints.push(pending.shift() as Endpoint);
  }
  const create: Mutable[] = [];
  while (pending.length > 0) {
    let fill: Mutable | undefined;
    if (pending.length < max) {
      const best = sliceToFill(unchanged, pending.length, max);
      if (best !== undefined) {
        unchanged.splice(unchanged.indexOf(best), 1);
        fill = mutable(best);
        toUpdate.push(fill);
      }
    }
    if (fill === undefined) {
      fill = mutable(newSlice(service, addressType, ports, controllerName));
      create.push(fill);
    }
    while (pending.length > 0 && fill.endpoints.length < max) fill.endpoints.push(pending.shift() as Endpoint);
  }
  return { create, update: toUpdate, remove };
}

/** getSliceToFill: the unchanged slice the endpoints fill most closely without overflowing it. */
function sliceToFill(slices: readonly EndpointSlice[], count: number, max: number): EndpointSlice | undefined {
  let closest: EndpointSlice | undefined;
  let closestDiff = max;
  for (const slice of slices) {
    const diff = max - (count + slice.endpoints.length);
    if (diff >= 0 && diff < closestDiff) {
      closestDiff = diff;
      closest = slice;
      if (diff === 0) break;
    }
  }
  return closest;
}
