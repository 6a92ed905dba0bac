// An IP address as one number, for range arithmetic (allocators, subnet carving): the bytes read
// big-endian into a bigint, and back.

import type { IPAddr } from './netip-addr.ts';

export const addrToBigInt = (addr: IPAddr): bigint => addr.bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);

/** The address of `value` in the family of `bits`, without zone. */
export function addrFromBigInt(value: bigint, bits: 32 | 128): IPAddr {
  const length = bits / 8;
  return { bytes: Array.from({ length }, (_, i) => Number((value >> BigInt(8 * (length - 1 - i))) & 0xffn)), zone: '' };
}
