// What kube's endpointslice util says of a pod behind a Service, shared by the EndpointSlice and
// Endpoints controllers: whether it is an endpoint at all, which of its ports a service port
// names, its addresses of one family, and the hostname it is published under.

import type { Container, Pod, Service, ServicePort } from '@capstan/common/api-types/core-v1';

export type AddressType = 'IPv4' | 'IPv6';

/** ShouldPodBeInEndpoints: not finished, with an IP, and (unless terminating ones count) not being deleted. */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  if (!pod.status?.podIP && (pod.status?.podIPs ?? []).length === 0) return false;
  return includeTerminating || !pod.metadata?.deletionTimestamp;
}

/** ShouldSetHostname: a pod with a hostname whose subdomain is the service's name, in its namespace. */
export function shouldSetHostname(pod: Pod, service: Service): boolean {
  return (pod.spec?.hostname ?? '') !== '' && pod.spec?.subdomain === service.metadata?.name && pod.metadata?.namespace === service.metadata?.namespace;
}

/** The address family of an IP (an IPv6 address has colons; an IPv4-mapped one is still IPv6 text). */
export function addressTypeOf(ip: string): AddressType {
  return ip.includes(':') ? 'IPv6' : 'IPv4';
}

/** The pod's IPs of one family, in the order the kubelet reported them. */
export function podAddresses(pod: Pod, addressType: AddressType): string[] {
  const ips = (pod.status?.podIPs ?? []).map((podIp) => podIp.ip);
  if (ips.length === 0 && pod.status?.podIP) ips.push(pod.status.podIP);
  return ips.filter((ip) => addressTypeOf(ip) === addressType);
}

/** A Service with a cluster IP (not headless: neither "None" nor empty). */
export function isServiceIpSet(service: Service): boolean {
  const clusterIp = service.spec?.clusterIP ?? '';
  return clusterIp !== 'None' && clusterIp !== '';
}

const protocolOf = (protocol: string | undefined): string => protocol ?? 'TCP';

/** Sidecars (init containers that always restart) expose ports as regular containers do. */
function portContainers(pod: Pod): Container[] {
  return [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always')];
}

/**
 * FindPort: the pod's port a service port's targetPort means: a number as is, a name looked up
 * among the containers' ports of the same protocol; undefined when the pod has no such port.
 */
export function findPort(pod: Pod, servicePort: ServicePort): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  for (const container of portContainers(pod)) {
    for (const port of container.ports ?? []) {
      if (port.name === target && protocolOf(port.protocol) === protocolOf(servicePort.protocol)) return port.containerPort;
    }
  }
  return undefined;
}
