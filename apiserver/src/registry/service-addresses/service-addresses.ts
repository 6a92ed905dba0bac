// What kube's Service storage allocates on create and gives back on delete: the cluster IP (with
// clusterIPs, ipFamilies and ipFamilyPolicy) and the node ports of NodePort and LoadBalancer
// Services. A headless Service ("None") and an ExternalName one get no IP.

import type { JsonObject } from '../object-meta.ts';
import { metadataOf } from '../object-meta.ts';
import type { ClusterIpAllocator } from './cluster-ip-allocator.ts';
import type { NodePortAllocator } from './node-port-allocator.ts';

export class ServiceAddresses {
  readonly #ips: ClusterIpAllocator;
  readonly #ports: NodePortAllocator;

  constructor(ips: ClusterIpAllocator, ports: NodePortAllocator) {
    this.#ips = ips;
    this.#ports = ports;
  }

  /** Fills in the addresses of a Service about to be created; answers what undoes it if the create fails. */
  async assign(service: JsonObject, namespace: string): Promise<() => Promise<void>> {
    const spec = (service.spec ??= {}) as JsonObject;
    const name = metadataOf(service).name ?? '';
    if (spec.type === 'ExternalName') return async () => {};
    if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') await this.#ports.assign(service, name);
    spec.ipFamilies = ['IPv4'];
    spec.ipFamilyPolicy ??= 'SingleStack';
    if (spec.clusterIP === 'None') {
      spec.clusterIPs = ['None'];
      return async () => {};
    }
    const asked = typeof spec.clusterIP === 'string' && spec.clusterIP !== '' ? spec.clusterIP : undefined;
    const ref = { namespace, name };
    let ip: string;
    if (asked === undefined) ip = await this.#ips.allocate(ref);
    else {
      await this.#ips.reserve(asked, ref);
      ip = asked;
    }
    spec.clusterIP = ip;
    spec.clusterIPs = [ip];
    return () => this.#ips.release(ip);
  }

  /** Gives back the cluster IP of a Service that went. */
  async release(service: JsonObject): Promise<void> {
    const ip = ((service.spec ?? {}) as { clusterIP?: unknown }).clusterIP;
    if (typeof ip === 'string' && ip !== '' && ip !== 'None') await this.#ips.release(ip);
  }
}
