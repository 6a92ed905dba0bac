// Pod IPs of a simulated node, handed out in order from one of its pod CIDRs (those the kubelet
// passes in UpdateRuntimeConfig, 10.88.0.0/16 as containerd's default CNI network until then),
// IPv4 or IPv6, skipping the network address and the gateway (the first host), reusing released
// ones.

import { isIPv4, isIPv6 } from 'node:net';
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
    if (isIPv4(address) && bits >= 8 && bits <= 30) this.family = 4;
    else if (isIPv6(address) && !address.includes('%') && bits >= 64 && bits <= 126) this.family = 6;
    else throw new RuntimeError('InvalidArgument', `invalid pod CIDR "${cidr}": an IPv4 range of /8 to /30 or an IPv6 range of /64 to /126`);
    this.cidr = cidr.trim();
    this.#size = 1n << BigInt((this.family === 4 ? 32 : 128) - bits);
    const value = parseIp(address);
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
    return formatIp(this.family, this.#base + offset);
  }

  release(ip: string): void {
    if ((this.family === 4) !== isIPv4(ip)) return;
    const offset = parseIp(ip) - this.#base;
    // An address of a range used before the kubelet sent this one is not ours to free.
    if (offset < 0n || offset >= this.#size) return;
    if (this.#used.delete(offset)) this.#released.push(offset);
  }
}

function parseIp(ip: string): bigint {
  if (isIPv4(ip)) return ip.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
  // The URL parser reads any IPv6 text (an IPv4 tail included) into its canonical form.
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function formatIp(family: 4 | 6, value: bigint): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  const full = Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - i * 16)) & 0xffffn).toString(16)).join(':');
  // Written as the URL parser writes it: RFC 5952's compressed form.
  return new URL(`http://[${full}]/`).hostname.slice(1, -1);
}
