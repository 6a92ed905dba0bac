// What kube's Service storage allocates on create and gives back on delete: the cluster IP (with
// clusterIPs, ipFamilies and ipFamilyPolicy) and the node ports of NodePort and LoadBalancer
// Services. A headless Service ("None") and an ExternalName one get no IP.

import type { JsonObject } from '../object-meta.ts';
import { metadataOf } from '../object-meta.ts';
import type { ClusterIpAllocator } from './cluster-ip-allocator.ts';
import type { NodePortAllocator } from './node-port-allocator.ts';

/** Whether Services of a type get node ports. */
export const needsNodePorts = (type: unknown): boolean => type === 'NodePort' || type === 'LoadBalancer';

/** Whether a Service is reachable from outside the cluster, so that its external traffic policy matters. */
export const externallyAccessible = (spec: JsonObject): boolean =>
  needsNodePorts(spec.type) || (spec.type === 'ClusterIP' && Array.isArray(spec.externalIPs) && spec.externalIPs.length > 0);

const samePort = (a: JsonObject, b: JsonObject): boolean => a.port === b.port && (a.protocol ?? 'TCP') === (b.protocol ?? 'TCP');

/** A port left without a node port keeps the one the same port (number and protocol) had (kube's patchAllocatedValues). */
export function keepAllocatedNodePorts(ports: readonly JsonObject[], oldPorts: readonly JsonObject[]): void {
  for (const port of ports) {
    if (typeof port.nodePort === 'number' && port.nodePort !== 0) continue;
    const kept = oldPorts.find((old) => samePort(old, port))?.nodePort;
    if (typeof kept === 'number') port.nodePort = kept;
  }
}

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
    if (needsNodePorts(spec.type)) await this.#ports.assign(service, name);
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

  /**
   * Node ports for a Service about to be updated to a type that needs them: a port keeps the node
   * port it had, a new one gets one (its own ports do not count as taken).
   */
  async assignOnUpdate(next: JsonObject, current: JsonObject): Promise<void> {
    const spec = (next.spec ?? {}) as JsonObject;
    if (!needsNodePorts(spec.type)) return;
    const oldSpec = (current.spec ?? {}) as JsonObject;
    keepAllocatedNodePorts((spec.ports ?? []) as JsonObject[], needsNodePorts(oldSpec.type) ? ((oldSpec.ports ?? []) as JsonObject[]) : []);
    const { namespace = '', name = '' } = metadataOf(current);
    await this.#ports.assign(next, name, { namespace, name });
  }

  /** Gives back the cluster IP of a Service that went. */
  async release(service: JsonObject): Promise<void> {
    const ip = ((service.spec ?? {}) as { clusterIP?: unknown }).clusterIP;
    if (typeof ip === 'string' && ip !== '' && ip !== 'None') await this.#ips.release(ip);
  }
}
