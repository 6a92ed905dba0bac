// A pod as an EndpointSlice endpoint of a Service (kube's podToEndpoint and getEndpointPorts),
// and the keys kube's reconciler groups and compares endpoints by.

import { isDeepStrictEqual } from 'node:util';
import type { Node, Pod, Service } from '@capstan/common/api-types/core-v1';
import type { Endpoint, EndpointPort } from '@capstan/common/api-types/discovery-v1';
import { isPodReady } from '../workload/pod-state.ts';
import { slicePortHash, sortedByHash } from './go-hash.ts';
import { type AddressType, findPort, podAddresses, shouldSetHostname } from './pod-endpoints.ts';

export const zoneLabel = 'topology.kubernetes.io/zone';

/** podToEndpoint: ready is serving and not terminating (or publishNotReadyAddresses); the zone from the Node's label. */
export function podToEndpoint(pod: Pod, node: Node | undefined, service: Service, addressType: AddressType): Endpoint {
  const serving = isPodReady(pod);
  const terminating = pod.metadata?.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
  const ready = service.spec?.publishNotReadyAddresses === true || (serving && !terminating);
  const zone = node?.metadata?.labels?.[zoneLabel] ?? '';
  return {
    addresses: podAddresses(pod, addressType),
    conditions: { ready, serving, terminating },
    ...(shouldSetHostname(pod, service) ? { hostname: pod.spec?.hostname } : {}),
    targetRef: { kind: 'Pod', namespace: pod.metadata?.namespace, name: pod.metadata?.name, uid: pod.metadata?.uid },
    ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}),
    ...(zone !== '' ? { zone } : {}),
  };
}

/**
 * getEndpointPorts: each service port the pod has, by the port's name; none for a headless service
 * without ports. In kube's order: NewPortMapKey sorts them by hash in place.
 */
export function endpointPortsOf(service: Service, pod: Pod): EndpointPort[] {
  const ports: EndpointPort[] = [];
  for (const servicePort of service.spec?.ports ?? []) {
    const port = findPort(pod, servicePort);
    if (port === undefined) continue;
    ports.push({
      name: servicePort.name ?? '',
      port,
      protocol: servicePort.protocol ?? 'TCP',
      ...(servicePort.appProtocol === undefined ? {} : { appProtocol: servicePort.appProtocol }),
    });
  }
  return sortedByHash(ports, slicePortHash);
}

/** kube's PortMapKey: endpoints with the same ports (in any order) share slices. */
export function portMapKey(ports: readonly EndpointPort[] | undefined): string {
  return JSON.stringify((ports ?? []).map((p) => [p.name ?? '', p.port ?? null, p.protocol ?? 'TCP', p.appProtocol ?? '']).sort());
}

/** kube's endpoint hash: the sorted addresses, the hostname and the target's namespace and name. */
export function endpointKey(endpoint: Endpoint): string {
  return JSON.stringify([[...endpoint.addresses].sort(), endpoint.hostname ?? '', endpoint.targetRef?.namespace ?? '', endpoint.targetRef?.name ?? '']);
}

const targetOf = (endpoint: Endpoint) => {
  const { resourceVersion: _ignored, ...target } = endpoint.targetRef ?? {};
  return target;
};

/** EndpointsEqualBeyondHash: same node, zone, conditions and target (its resourceVersion aside). */
export function endpointsEqualBeyondKey(a: Endpoint, b: Endpoint): boolean {
  return (
    (a.nodeName ?? '') === (b.nodeName ?? '') &&
    (a.zone ?? '') === (b.zone ?? '') &&
    a.conditions?.ready === b.conditions?.ready &&
    a.conditions?.serving === b.conditions?.serving &&
    a.conditions?.terminating === b.conditions?.terminating &&
    isDeepStrictEqual(targetOf(a), targetOf(b))
  );
}
