// A private /24 for one run of the multi-host harness: a random one of 10.100.0.0-10.239.255.0 (clear
// of the clusters' default Service and pod ranges, 10.0.0.0/24 and 10.244.0.0/16) that overlaps no
// address or route of the root namespace (the machine's own networks, other runs' bridges).

import { randomInt } from 'node:crypto';
import { ip } from './ip-command.ts';

export interface Subnet {
  /** 10.a.b.0/24 */
  readonly cidr: string;
  /** The address of host number n (1..254) of it: 10.a.b.n. */
  address(n: number): string;
}

export function pickPrivateSubnet(): Subnet {
  const taken = takenPrefixes();
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = (10 << 24) | (randomInt(100, 240) << 16) | (randomInt(0, 256) << 8);
    if (taken.some(([network, bits]) => overlaps(base >>> 0, 24, network, bits))) continue;
    const octets = [10, (base >> 16) & 255, (base >> 8) & 255];
    return { cidr: `${octets.join('.')}.0/24`, address: (n) => `${octets.join('.')}.${n}` };
  }
  throw new Error('no free /24 in 10.0.0.0/8 for the multi-host harness');
}

/** Every IPv4 prefix the root namespace has an address in or a route to, as [network, bits]. */
function takenPrefixes(): Array<[number, number]> {
  const text = `${ip('-4', '-o', 'addr', 'show')}\n${ip('-4', 'route', 'show', 'table', 'all')}`;
  return [...text.matchAll(/(?:^|\s)(\d+\.\d+\.\d+\.\d+)(?:\/(\d+))?/g)].map((match) => [toNumber(match[1] as string), Number(match[2] ?? 32)]);
}

function toNumber(address: string): number {
  return address.split('.').reduce((value, octet) => ((value << 8) | Number(octet)) >>> 0, 0);
}

function overlaps(a: number, aBits: number, b: number, bBits: number): boolean {
  const bits = Math.min(aBits, bBits);
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (a & mask) >>> 0 === (b & mask) >>> 0;
}
