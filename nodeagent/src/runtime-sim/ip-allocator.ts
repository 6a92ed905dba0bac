// Pod IPs of a simulated node, handed out in order from one of its pod CIDRs (those the kubelet
// passes in UpdateRuntimeConfig, 10.88.0.0/16 as containerd's default CNI network until then),
// IPv4 or IPv6, skipping the network address and the gateway (the first host), reusing released
// ones.

import { addrFromBigInt, addrString, addrToBigInt, parseAddr } from '@capstan/common';
import { RuntimeError } from './runtime-error.ts';

export const defaultPodCidr = '10.88.0.0/16';

export class IpAllocator {
  readonly family: 4 | 6;
  readonly cidr: string;
  readonly #base: bigint;
  readonly #size: bigint;
  #next = 2n;
  readonly #released: bigint[] = [];
  readonly #used = new Set<bigint>();

  constructor(cidr: string = defaultPodCidr) {
    const [address = '', bitsText = ''] = cidr.trim().split('/');
    const bits = /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : Number.NaN;
    // Strictly (no leading zeros, no zone), as the Go CNI plugins read a range.
    const parsed = parseAddr(address);
    const bytes = 'addr' in parsed && parsed.addr.zone === '' ? parsed.addr.bytes.length : 0;
    if (bytes === 4 && bits >= 8 && bits <= 30) this.family = 4;
    else if (bytes === 16 && bits >= 64 && bits <= 126) this.family = 6;
    else throw new RuntimeError('InvalidArgument', `invalid pod CIDR "${cidr}": an IPv4 range of /8 to /30 or an IPv6 range of /64 to /126`);
    this.cidr = cidr.trim();
    this.#size = 1n << BigInt((this.family === 4 ? 32 : 128) - bits);
    const value = 'addr' in parsed ? addrToBigInt(parsed.addr) : 0n;
    this.#base = value - (value % this.#size);
  }

  allocate(): string {
    let offset = this.#released.pop();
    if (offset === undefined) {
      // host-local IPAM's words when a range is used up.
      if (this.#next >= this.#size - 1n) throw new RuntimeError('Unknown', `failed to allocate for range 0: no IP addresses available in range set: ${this.cidr}`);
      offset = this.#next++;
    }
    this.#used.add(offset);
    return addrString(addrFromBigInt(this.#base + offset, this.family === 4 ? 32 : 128));
  }

  release(ip: string): void {
    const parsed = parseAddr(ip);
    if ('error' in parsed || parsed.addr.bytes.length !== (this.family === 4 ? 4 : 16)) return;
    const offset = addrToBigInt(parsed.addr) - this.#base;
    // An address of a range used before the kubelet sent this one is not ours to free.
    if (offset < 0n || offset >= this.#size) return;
    if (this.#used.delete(offset)) this.#released.push(offset);
  }
}
