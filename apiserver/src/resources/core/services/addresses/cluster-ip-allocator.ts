// The cluster IPs of one Service range (one IP family) as kube 1.35 allocates them: each IP a
// Service holds is an IPAddress object named after it (networking.k8s.io/v1), whose create fails
// when another Service holds the IP. A dynamic pick starts at a random address and takes the next
// free one, in the upper part of the range first: the lower part (KEP-3070, 16 to 256 addresses)
// is kept for IPs asked for. The primary range's first address is never picked: kube-apiserver's
// default/kubernetes Service holds it.

import { randomBytes } from 'node:crypto';
import { newInternalError, StatusError, isNotFound } from '@capstan/common';
import type { GenericStore } from '../../../../registry/generic-store.ts';
import { nameOfKey, wholeList } from '../../../../registry/store-list.ts';
import { addressText, parseAddress, rangeHolds, type ServiceCidr } from './service-cidr.ts';

export interface ServiceRef {
  readonly namespace: string;
  readonly name: string;
}

/** kube's offset of the dynamic part of a range: none up to 16 addresses, then a 16th of it, 16 to 256. */
function dynamicOffset(cidr: ServiceCidr): bigint {
  if (cidr.size <= 16n) return 0n;
  const offset = cidr.size / 16n;
  return offset < 16n ? 16n : offset > 256n ? 256n : offset;
}

/** A random number in [0, bound). */
function randomBelow(bound: bigint): bigint {
  const bytes = randomBytes(Math.ceil(bound.toString(16).length / 2) + 8);
  return BigInt(`0x${bytes.toString('hex')}`) % bound;
}

export class ClusterIpAllocator {
  readonly cidr: ServiceCidr;
  readonly #ipAddresses: GenericStore;
  /** The address no dynamic pick takes. */
  readonly #kept: bigint | undefined;

  constructor(ipAddresses: GenericStore, cidr: ServiceCidr, options: { readonly primary: boolean }) {
    this.#ipAddresses = ipAddresses;
    this.cidr = cidr;
    this.#kept = options.primary ? cidr.first : undefined;
  }

  /** Holds `ip` for the Service; when it cannot, kube's reason why. */
  async reserve(ip: string, service: ServiceRef): Promise<string | undefined> {
    const address = parseAddress(ip);
    if (address === undefined || !rangeHolds(this.cidr, address)) return 'the provided network does not match the current range';
    return (await this.#claim(addressText(address), service)) ? undefined : 'provided IP is already allocated';
  }

  /** A free IP of the range, held for the Service. */
  async allocate(service: ServiceRef): Promise<string> {
    const listed = await this.#ipAddresses.list(wholeList(undefined));
    const taken = new Set(listed.items.map((kv) => nameOfKey(kv.key)));
    const { first, last, family } = this.cidr;
    const offset = dynamicOffset(this.cidr);
    for (const [low, high] of [
      [first + offset, last],
      [first, first + offset - 1n],
    ] as const) {
      const span = high - low + 1n;
      if (span <= 0n) continue;
      const start = randomBelow(span);
      for (let step = 0n; step < span; step++) {
        const value = low + ((start + step) % span);
        const ip = addressText({ family, value });
        if (value !== this.#kept && !taken.has(ip) && (await this.#claim(ip, service))) return ip;
      }
    }
    throw newInternalError('failed to allocate a serviceIP: range is full');
  }

  /** Lets the IP go (its Service went or dropped it, or was never written). */
  async release(ip: string): Promise<void> {
    const address = parseAddress(ip);
    if (address === undefined) return;
    await this.#ipAddresses.delete(undefined, addressText(address)).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }

  async #claim(name: string, service: ServiceRef): Promise<boolean> {
    try {
      await this.#ipAddresses.create(undefined, {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'IPAddress',
        metadata: { name, labels: { 'ipaddress.kubernetes.io/ip-family': this.cidr.family, 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' } },
        spec: { parentRef: { group: '', resource: 'services', namespace: service.namespace, name: service.name } },
      });
      return true;
    } catch (error) {
      if (error instanceof StatusError && error.code === 409) return false;
      throw error;
    }
  }
}
