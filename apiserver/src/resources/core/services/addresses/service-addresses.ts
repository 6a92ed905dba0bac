// What kube's Service storage allocates before a write and gives back after: a cluster IP for each
// IP family of the Service, from the range of that family (clusterIPs, ipFamilies and
// ipFamilyPolicy made whole first, see ip-family-fields.ts), and the node ports of NodePort and
// LoadBalancer Services. A headless Service ("None") and an ExternalName one hold no IP.

import { fieldInvalid, newInvalid, type FieldError } from '@capstan/common';
import { defaultService } from '../../core-defaults.ts';
import { objectAt, objectOf, objectsAt, stringsOf } from '../../../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../../../registry/object-meta.ts';
import type { ClusterIpAllocator, ServiceRef } from './cluster-ip-allocator.ts';
import { initIpFamilyFields, keepAllocatedClusterIps, needsClusterIp, normalizeClusterIps, unchangedPreferDualStack } from './ip-family-fields.ts';
import type { NodePortAllocator } from './node-port-allocator.ts';
import { familyOfAddress, type IpFamily } from './service-cidr.ts';

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

const isHeadlessSpec = (spec: JsonObject): boolean => stringsOf(spec.clusterIPs)[0] === 'None';

/**
 * What an update does to the cluster IPs (kube's updateClusterIPs): a Service that stops being
 * ExternalName gets all of them, one that becomes ExternalName gives all back, an upgrade to
 * dual-stack gets the secondary, a downgrade gives it back.
 */
function clusterIpChange(spec: JsonObject, oldSpec: JsonObject): { readonly allocate: number[]; readonly release: string[] } {
  const none = { allocate: [], release: [] };
  if (unchangedPreferDualStack(spec, oldSpec)) return none;
  const families = stringsOf(spec.ipFamilies);
  const oldFamilies = stringsOf(oldSpec.ipFamilies);
  if (!needsClusterIp(oldSpec)) return needsClusterIp(spec) && !isHeadlessSpec(spec) ? { allocate: families.map((_, i) => i), release: [] } : none;
  if (isHeadlessSpec(oldSpec)) return none;
  const oldIps = stringsOf(oldSpec.clusterIPs);
  if (!needsClusterIp(spec)) return { allocate: [], release: oldIps.slice(0, oldFamilies.length) };
  if (oldFamilies.length === 1 && families.length === 2) return { allocate: [1], release: [] };
  if (oldFamilies.length === 2 && families.length === 1) return { allocate: [], release: oldIps.slice(1, 2) };
  return none;
}

export class ServiceAddresses {
  readonly #ips: ReadonlyMap<string, ClusterIpAllocator>;
  /** The families of the cluster's ranges, the primary one first. */
  readonly #families: readonly IpFamily[];
  readonly #ports: NodePortAllocator;

  /** `ips` holds one allocator per range of --service-cluster-ip-range, the primary one first. */
  constructor(ips: readonly ClusterIpAllocator[], ports: NodePortAllocator) {
    this.#ips = new Map(ips.map((allocator) => [allocator.cidr.family, allocator]));
    this.#families = ips.map((allocator) => allocator.cidr.family);
    this.#ports = ports;
  }

  /** Fills in the addresses of a Service about to be created; answers what to do once the create happened or not. */
  async assign(service: JsonObject, namespace: string): Promise<(created: boolean) => Promise<void>> {
    // kube defaults a Service as it decodes it, before its storage allocates anything.
    defaultService(service);
    const spec = objectAt(service, 'spec');
    const ref = { namespace, name: metadataOf(service).name ?? '' };
    normalizeClusterIps(spec, undefined);
    refuse(ref, initIpFamilyFields(spec, undefined, this.#families));
    const families = needsClusterIp(spec) && !isHeadlessSpec(spec) ? stringsOf(spec.ipFamilies) : [];
    const held = await this.#allocate(
      spec,
      families.map((_, i) => i),
      ref,
    );
    let pendingPorts = (): void => {};
    try {
      if (needsNodePorts(spec.type)) pendingPorts = await this.#ports.assign(service, ref, false);
    } catch (error) {
      await this.#release(held);
      throw error;
    }
    return async (created) => {
      pendingPorts();
      if (!created) await this.#release(held);
    };
  }

  /**
   * The addresses of a Service about to be updated: the cluster IP fields made whole, IPs of a
   * family it gains allocated and those of one it drops given back, and node ports for a type
   * that needs them (a port keeps the node port it had; the Service's own do not count as taken).
   */
  async assignOnUpdate(next: JsonObject, current: JsonObject): Promise<(written: boolean) => Promise<void>> {
    defaultService(next);
    const spec = objectAt(next, 'spec');
    const oldSpec = objectOf(current.spec);
    const { namespace = '', name = '' } = metadataOf(current);
    const ref = { namespace, name };
    keepAllocatedClusterIps(spec, oldSpec);
    normalizeClusterIps(spec, oldSpec);
    refuse(ref, initIpFamilyFields(spec, oldSpec, this.#families));
    const change = clusterIpChange(spec, oldSpec);
    const held = await this.#allocate(spec, change.allocate, ref);
    let pendingPorts = (): void => {};
    try {
      if (needsNodePorts(spec.type)) {
        keepAllocatedNodePorts(objectsAt(spec, 'ports'), needsNodePorts(oldSpec.type) ? objectsAt(oldSpec, 'ports') : []);
        pendingPorts = await this.#ports.assign(next, ref, true);
      }
    } catch (error) {
      await this.#release(held);
      throw error;
    }
    // kube commits or reverts its allocations once the write is known: a dropped IP goes only
    // with a written update, a new one stays only with it.
    return async (written) => {
      pendingPorts();
      await this.#release(written ? change.release : held);
    };
  }

  /** Gives back the cluster IPs of a Service that went. */
  async release(service: JsonObject): Promise<void> {
    const spec = objectOf(service.spec);
    if (!needsClusterIp(spec) || isHeadlessSpec(spec)) return;
    const ips = stringsOf(spec.clusterIPs);
    await this.#release(ips.length > 0 || typeof spec.clusterIP !== 'string' ? ips : [spec.clusterIP]);
  }

  /**
   * Cluster IPs for the entries of ipFamilies at `indices`: the one clusterIPs asks for at that
   * index, or a free one. kube's 422 names the cluster IPs as they were asked for.
   */
  async #allocate(spec: JsonObject, indices: readonly number[], ref: ServiceRef): Promise<string[]> {
    if (indices.length === 0) return [];
    const families = stringsOf(spec.ipFamilies);
    const asked = stringsOf(spec.clusterIPs);
    while (asked.length < families.length) asked.push('');
    const clusterIPs = [...asked];
    const held: string[] = [];
    try {
      for (const i of indices) {
        // initIpFamilyFields let through only the families the cluster has ranges of.
        const allocator = this.#ips.get(families[i] ?? '');
        if (allocator === undefined) throw new Error(`no cluster IP range of family ${families[i]}`);
        let ip = asked[i] ?? '';
        if (ip === '') ip = await allocator.allocate(ref);
        else {
          const refused = await allocator.reserve(ip, ref);
          if (refused !== undefined) refuse(ref, [fieldInvalid('spec.clusterIPs', asked, `failed to allocate IP ${ip}: ${refused}`)]);
        }
        clusterIPs[i] = ip;
        held.push(ip);
      }
    } catch (error) {
      await this.#release(held);
      throw error;
    }
    spec.clusterIPs = clusterIPs;
    spec.clusterIP = clusterIPs[0];
    return held;
  }

  /** Gives IPs back to the range of their family (one no longer configured keeps them, as kube does). */
  async #release(ips: readonly string[]): Promise<void> {
    for (const ip of ips) await this.#ips.get(familyOfAddress(ip) ?? '')?.release(ip);
  }
}

function refuse(ref: ServiceRef, errors: readonly FieldError[]): void {
  if (errors.length > 0) throw newInvalid({ group: '', kind: 'Service' }, ref.name, errors);
}
