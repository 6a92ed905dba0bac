// kube-apiserver's bootstrap controller: the Service default/kubernetes, holding the first address
// of the primary service range, port 443 (https) to the API server's own port, with its Endpoints
// and EndpointSlice naming the address the API server advertises. In-cluster clients find the
// API server through it (KUBERNETES_SERVICE_HOST/PORT in every pod), and `kubectl get svc` shows it.

import { networkInterfaces } from 'node:os';
import { StatusError } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { kubernetesServiceIP, type ServiceCidr } from '../resources/core/services/addresses/service-cidr.ts';

/**
 * The address the API server advertises: its bind address, or for a wildcard or loopback one the
 * host's first external interface address (kube's ChooseHostInterface), loopback when it has none.
 */
export function advertiseAddress(bindAddress: string): string {
  const wildcardOrLoopback = bindAddress === '0.0.0.0' || bindAddress === '::' || bindAddress.startsWith('127.') || bindAddress === '::1';
  if (!wildcardOrLoopback) return bindAddress;
  const v6 = bindAddress.includes(':');
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (!address.internal && address.family === (v6 ? 'IPv6' : 'IPv4') && !address.address.startsWith('fe80')) return address.address;
  }
  return v6 ? '::1' : '127.0.0.1';
}

export interface KubernetesServiceStores {
  readonly services: GenericStore;
  readonly endpoints: GenericStore;
  readonly endpointSlices: GenericStore;
  /** Holds the Service's cluster IP before it is written (the service address allocator). */
  readonly assign: (service: JsonObject) => Promise<(created: boolean) => Promise<void>>;
}

const labels = { component: 'apiserver', provider: 'kubernetes' };

export async function ensureKubernetesService(stores: KubernetesServiceStores, primaryRange: ServiceCidr, address: string, port: number): Promise<void> {
  if (!(await stores.services.exists('default', 'kubernetes'))) {
    const service: JsonObject = {
      metadata: { name: 'kubernetes', namespace: 'default', labels },
      spec: {
        type: 'ClusterIP',
        clusterIP: kubernetesServiceIP(primaryRange),
        ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: port }],
        sessionAffinity: 'None',
      },
    };
    const finish = await stores.assign(service);
    await createUnlessExists(stores.services, 'default', service).catch(async (error: unknown) => {
      await finish(false);
      throw error;
    });
    await finish(true);
  }
  const ports = [{ name: 'https', port, protocol: 'TCP' }];
  await putCurrent(stores.endpoints, {
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: [{ ip: address }], ports }],
  });
  await putCurrent(stores.endpointSlices, {
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: address.includes(':') ? 'IPv6' : 'IPv4',
    endpoints: [{ addresses: [address], conditions: { ready: true } }],
    ports,
  });
}

async function createUnlessExists(store: GenericStore, namespace: string, object: JsonObject): Promise<void> {
  await store.create(namespace, object).catch((error: unknown) => {
    if (!(error instanceof StatusError && error.code === 409)) throw error;
  });
}

/** Creates the object, or replaces a stale one (another address or port after a restart). */
async function putCurrent(store: GenericStore, object: JsonObject): Promise<void> {
  const { name = '' } = metadataOf(object);
  if (!(await store.exists('default', name))) return createUnlessExists(store, 'default', object);
  const current = await store.get('default', name);
  const { metadata: _ignored, ...wanted } = object;
  const { metadata: _metadata, apiVersion: _v, kind: _k, ...held } = current;
  if (JSON.stringify(wanted) === JSON.stringify(held)) return;
  await store.update('default', name, { ...object, metadata: { ...metadataOf(object), resourceVersion: metadataOf(current).resourceVersion } });
}
