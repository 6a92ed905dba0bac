// Service cluster IPs as kube 1.35 allocates them: each allocated IP is an IPAddress object named
// after it (networking.k8s.io/v1), whose create fails when another Service holds the IP. The
// network and broadcast addresses are never handed out, nor dynamically the first host address,
// which kube keeps for the default/kubernetes Service; dynamic picks are random.

import { randomInt } from 'node:crypto';
import { fieldInvalid, newInvalid, StatusError, type FieldError } from '@capstan/common';
import type { GenericStore } from '../generic-store.ts';
import { indexIn, ipv4Text, type Ipv4Cidr } from './ipv4-cidr.ts';

export interface ServiceRef {
  readonly namespace: string;
  readonly name: string;
}

/** How many random picks are tried before the range counts as full. */
const maxPicks = 64;

export class ClusterIpAllocator {
  readonly #ipAddresses: GenericStore;
  readonly cidr: Ipv4Cidr;

  constructor(ipAddresses: GenericStore, cidr: Ipv4Cidr) {
    this.#ipAddresses = ipAddresses;
    this.cidr = cidr;
  }

  /** Holds `ip` for the Service; kube's 422 on spec.clusterIPs when it is outside the range or taken. */
  async reserve(ip: string, service: ServiceRef): Promise<void> {
    const index = indexIn(this.cidr, ip);
    if (index === undefined || index === 0 || index === this.cidr.size - 1) {
      throw this.#invalid(service, ip, `failed to allocate IP ${ip}: the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${this.cidr.text}`);
    }
    if (!(await this.#claim(ip, service))) throw this.#invalid(service, ip, `failed to allocate IP ${ip}: provided IP is already allocated`);
  }

  /** A free IP of the range, held for the Service. */
  async allocate(service: ServiceRef): Promise<string> {
    for (let pick = 0; pick < maxPicks; pick++) {
      const ip = ipv4Text(this.cidr.base + 2 + randomInt(this.cidr.size - 3));
      if (await this.#claim(ip, service)) return ip;
    }
    throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Internal error occurred: failed to allocate a serviceIP: range is full`, reason: 'InternalError', code: 500 });
  }

  /** Lets the IP go (its Service went, or was never created). */
  async release(ip: string): Promise<void> {
    await this.#ipAddresses.delete(undefined, ip).catch((error: unknown) => {
      if (!(error instanceof StatusError && error.code === 404)) throw error;
    });
  }

  async #claim(ip: string, service: ServiceRef): Promise<boolean> {
    try {
      await this.#ipAddresses.create(undefined, {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'IPAddress',
        metadata: { name: ip, labels: { 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' } },
        spec: { parentRef: { group: '', resource: 'services', namespace: service.namespace, name: service.name } },
      });
      return true;
    } catch (error) {
      if (error instanceof StatusError && error.code === 409) return false;
      throw error;
    }
  }

  #invalid(service: ServiceRef, ip: string, message: string): StatusError {
    const errors: FieldError[] = [fieldInvalid('spec.clusterIPs', [ip], message)];
    return newInvalid({ group: '', kind: 'Service' }, service.name, errors);
  }
}
