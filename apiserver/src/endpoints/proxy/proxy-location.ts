// Where a pod's, a service's or a node's proxy subresource sends a request, found as kube's
// ResourceLocation functions find it (pod/strategy.go, service/storage, node/strategy.go): the
// name in the path is `[scheme:]name[:port]`, errors are kube's Status errors.

import { lookup } from 'node:dns/promises';
import { errorMessage, newBadRequest, newServiceUnavailable } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { KubeletClient } from '../../kubelet/kubelet-client.ts';
import { isGlobalUnicast } from './global-unicast.ts';
import { splitSchemeNamePort } from './scheme-name-port.ts';

/** The backend of a proxy request, and the transport that reaches it. */
export interface ProxyLocation {
  readonly scheme: 'http' | 'https';
  readonly hostname: string;
  /** Undefined when no port is known: the scheme's own (kube's location without a port). */
  readonly port: number | undefined;
  /** "kubelet": the API server's client credentials to the node agents; "plain": kube's proxy transport (TLS not verified, no credentials). */
  readonly transport: 'plain' | 'kubelet';
}

export function hostOf(location: ProxyLocation): string {
  const host = location.hostname.includes(':') ? `[${location.hostname}]` : location.hostname;
  return location.port === undefined ? host : `${host}:${location.port}`;
}

/** A pod's IP and the port asked for, or its first container's first port. */
export async function podLocation(pods: GenericStore, namespace: string, id: string): Promise<ProxyLocation> {
  const parts = splitSchemeNamePort(id);
  if (parts === undefined) throw newBadRequest(`invalid pod request ${JSON.stringify(id)}`);
  const pod = await pods.get(namespace, parts.name);
  let port = parts.port;
  if (port === '') {
    const withPorts = objectsAt(objectOf(pod.spec), 'containers').find((container) => objectsAt(container, 'ports').length > 0);
    const first = withPorts === undefined ? undefined : objectsAt(withPorts, 'ports')[0]?.containerPort;
    if (typeof first === 'number') port = String(first);
  }
  const podIP = podIPOf(pod);
  if (!isGlobalUnicast(podIP)) throw newBadRequest('address not allowed');
  return { scheme: parts.scheme === '' ? 'http' : parts.scheme, hostname: podIP, port: portNumber(port), transport: 'plain' };
}

/** The pod's primary IP: status.podIPs[0] (which status.podIP mirrors). */
function podIPOf(pod: JsonObject): string {
  const status = objectOf(pod.status);
  const first = objectsAt(status, 'podIPs')[0];
  return first === undefined ? stringOf(status.podIP) : stringOf(first.ip);
}

export interface ServiceStores {
  readonly services: GenericStore;
  readonly endpoints: GenericStore;
  readonly pods: GenericStore;
}

/**
 * A ready address of the Service's Endpoints on the port asked for (by name; a number is first
 * turned into the name of the Service's port of that number), picked at random among those that
 * are a pod's IP, as kube picks it.
 */
export async function serviceLocation(stores: ServiceStores, namespace: string, id: string): Promise<ProxyLocation> {
  const parts = splitSchemeNamePort(id);
  if (parts === undefined) throw newBadRequest(`invalid service request ${JSON.stringify(id)}`);
  let portName = parts.port;
  if (/^[+-]?\d+$/.test(portName)) {
    const number = Number(portName);
    const service = await stores.services.get(namespace, parts.name);
    const declared = objectsAt(objectOf(service.spec), 'ports').find((port) => port.port === number);
    if (declared === undefined) throw newServiceUnavailable(`no service port ${number} found for service ${JSON.stringify(parts.name)}`);
    portName = stringOf(declared.name);
  }
  const endpoints = await stores.endpoints.get(namespace, parts.name);
  const subsets = objectsAt(endpoints, 'subsets');
  if (subsets.length === 0) throw newServiceUnavailable(`no endpoints available for service ${JSON.stringify(parts.name)}`);
  const subsetSeed = randomIndex(subsets.length);
  for (let s = 0; s < subsets.length; s++) {
    const subset = subsets[(subsetSeed + s) % subsets.length] as JsonObject;
    const addresses = objectsAt(subset, 'addresses');
    if (addresses.length === 0) continue;
    for (const port of objectsAt(subset, 'ports')) {
      if (stringOf(port.name) !== portName) continue;
      const addressSeed = randomIndex(addresses.length);
      for (let a = 0; a < addresses.length; a++) {
        const address = addresses[(addressSeed + a) % addresses.length] as JsonObject;
        if (await isPodAddress(stores.pods, namespace, address)) {
          return { scheme: parts.scheme === '' ? 'http' : parts.scheme, hostname: stringOf(address.ip), port: Number(port.port), transport: 'plain' };
        }
      }
    }
  }
  throw newServiceUnavailable(`no endpoints available for service ${JSON.stringify(id)}`);
}

/** kube proxies only to addresses that are a pod's IP in the request's namespace. */
async function isPodAddress(pods: GenericStore, namespace: string, address: JsonObject): Promise<boolean> {
  const target = objectOf(address.targetRef);
  if (address.targetRef === undefined || stringOf(target.namespace) !== namespace) return false;
  try {
    const pod = await pods.get(namespace, stringOf(target.name));
    return objectsAt(objectOf(pod.status), 'podIPs').some((podIP) => podIP.ip === address.ip);
  } catch {
    return false;
  }
}

/**
 * The node's agent (its preferred address and the port it reports, over the API server's kubelet
 * client credentials) or, for another port, that port on the same address over kube's plain proxy
 * transport. Only addresses that resolve to global unicast IPs are proxied to.
 */
export async function nodeLocation(kubelet: KubeletClient, id: string): Promise<ProxyLocation> {
  const parts = splitSchemeNamePort(id);
  if (parts === undefined) throw newBadRequest(`invalid node request ${JSON.stringify(id)}`);
  const connection = await kubelet.locate(parts.name);
  await requireProxyableHostname(connection.host);
  if (parts.port === '' || parts.port === String(connection.port)) {
    return { scheme: 'https', hostname: connection.host, port: connection.port, transport: 'kubelet' };
  }
  return { scheme: parts.scheme === '' ? 'http' : parts.scheme, hostname: connection.host, port: portNumber(parts.port), transport: 'plain' };
}

async function requireProxyableHostname(hostname: string): Promise<void> {
  let addresses: { address: string }[];
  try {
    addresses = await lookup(hostname, { all: true });
  } catch (error) {
    throw newBadRequest(`lookup ${hostname}: ${errorMessage(error).includes('ENOTFOUND') ? 'no such host' : errorMessage(error)}`);
  }
  if (addresses.length === 0) throw newBadRequest('no addresses for hostname');
  if (!addresses.every(({ address }) => isGlobalUnicast(address))) throw newBadRequest('address not allowed');
}

/**
 * The port of the URL kube builds. kube does not check it: a port that is no number fails its
 * dial, and so the request, a 503 as any failure to reach the backend (Go's dialer's words).
 */
function portNumber(port: string): number | undefined {
  if (port === '') return undefined;
  const unreachable = (why: string) => newServiceUnavailable(`error trying to reach service: dial tcp: ${why}`);
  if (!/^\d+$/.test(port)) throw unreachable(`lookup tcp/${port}: unknown port`);
  if (Number(port) > 65_535) throw unreachable(`address ${port}: invalid port`);
  return Number(port);
}

const randomIndex = (length: number): number => Math.floor(Math.random() * length);
