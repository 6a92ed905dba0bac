// Where a webhook's service reference (namespace, name, port) is reached. Capstan routes no
// ClusterIPs (there is no kube-proxy in front of the API server), so a service is resolved as
// kube-apiserver resolves it with --enable-aggregator-routing (k8s.io/apiserver proxy.ResolveEndpoint):
// a ready endpoint of the Service's EndpointSlices for the service port, the primary IP family's
// first, from a random one on. When that finds none, it falls back to kube's default resolution
// (proxy.ResolveCluster): the ClusterIP and service port, or an ExternalName's host, which may be
// reachable on this machine by other means. The caller still verifies the serving certificate
// against <name>.<namespace>.svc, as kube does, whichever address it dials.

import { goQuote, parseLabelSelector, isNotFound } from '@capstan/common';
import { objectOf, objectsAt, stringOf, stringsOf } from '../../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { wholeList } from '../../registry/store-list.ts';

export interface ServiceAddress {
  readonly host: string;
  readonly port: number;
}

export interface ServiceResolver {
  /** The address to dial for a service's port; an Error worded as kube's resolvers word theirs. */
  resolve(namespace: string, name: string, port: number): Promise<ServiceAddress>;
}

const routedTypes: ReadonlySet<string> = new Set(['ClusterIP', 'LoadBalancer', 'NodePort']);

/** Resolves services from the API server's own stores of Services and EndpointSlices. */
export class EndpointServiceResolver implements ServiceResolver {
  readonly #services: GenericStore;
  readonly #endpointSlices: GenericStore;

  constructor(services: GenericStore, endpointSlices: GenericStore) {
    this.#services = services;
    this.#endpointSlices = endpointSlices;
  }

  async resolve(namespace: string, name: string, port: number): Promise<ServiceAddress> {
    let service: JsonObject;
    try {
      service = await this.#services.get(namespace, name);
    } catch (error) {
      // kube's service lister names the resource in the singular.
      if (isNotFound(error)) throw new Error(`service ${goQuote(name)} not found`);
      throw error;
    }
    try {
      return await this.#endpoint(service, namespace, name, port);
    } catch (endpointError) {
      const cluster = clusterAddress(service, port);
      if (cluster === undefined) throw endpointError;
      return cluster;
    }
  }

  async #endpoint(service: JsonObject, namespace: string, name: string, port: number): Promise<ServiceAddress> {
    const spec = objectOf(service.spec);
    const type = stringOf(spec.type) || 'ClusterIP';
    if (!routedTypes.has(type)) throw new Error(`unsupported service type ${goQuote(type)}`);
    const servicePort = servicePortOf(service, name, port);
    const selector = parseLabelSelector(`kubernetes.io/service-name=${name}`);
    const page = await this.#endpointSlices.list({ ...wholeList(namespace), labelSelector: selector });
    const slices = page.items.map((kv) => this.#endpointSlices.decode(kv));
    if (slices.length === 0) throw new Error(`no endpoints available for service ${goQuote(name)}`);
    const primary = stringsOf(spec.ipFamilies)[0];
    // The primary family's slices first, each family's in a random order.
    const ordered = slices
      .map((slice) => ({ slice, order: Math.random() }))
      .sort((a, b) => Number(b.slice.addressType === primary) - Number(a.slice.addressType === primary) || a.order - b.order)
      .map(({ slice }) => slice);
    const portName = stringOf(servicePort.name);
    for (const slice of ordered) {
      for (const slicePort of objectsAt(slice, 'ports')) {
        if (typeof slicePort.name !== 'string' || slicePort.name !== portName || typeof slicePort.port !== 'number') continue;
        const endpoints = objectsAt(slice, 'endpoints');
        if (endpoints.length === 0) continue;
        const offset = Math.floor(Math.random() * endpoints.length);
        for (let i = 0; i < endpoints.length; i++) {
          const endpoint = endpoints[(i + offset) % endpoints.length] as JsonObject;
          const ready = objectOf(endpoint.conditions).ready;
          const address = stringsOf(endpoint.addresses)[0];
          if ((ready === undefined || ready === null || ready === true) && address !== undefined) return { host: address, port: slicePort.port };
        }
      }
    }
    throw new Error(`no endpoints available for service ${goQuote(name)}`);
  }
}

function servicePortOf(service: JsonObject, name: string, port: number): JsonObject {
  const found = objectsAt(objectOf(service.spec), 'ports').find((candidate) => candidate.port === port);
  if (found === undefined) throw new Error(`no service port ${port} found for service ${goQuote(name)}`);
  return found;
}

/** proxy.ResolveCluster: the ClusterIP and port, an ExternalName's host; undefined where there is none. */
function clusterAddress(service: JsonObject, port: number): ServiceAddress | undefined {
  const spec = objectOf(service.spec);
  const type = stringOf(spec.type) || 'ClusterIP';
  if (type === 'ExternalName') return { host: stringOf(spec.externalName), port };
  const clusterIP = stringOf(spec.clusterIP);
  if (!routedTypes.has(type) || clusterIP === '' || clusterIP === 'None') return undefined;
  return objectsAt(spec, 'ports').some((candidate) => candidate.port === port) ? { host: clusterIP, port } : undefined;
}
