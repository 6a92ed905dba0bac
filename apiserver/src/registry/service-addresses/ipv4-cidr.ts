// IPv4 CIDR ranges for Service cluster IPs: parsed, tested for membership, addressed by index.

export interface Ipv4Cidr {
  readonly text: string;
  /** The network address as a 32-bit number. */
  readonly base: number;
  readonly size: number;
}

const toNumber = (ip: string): number | undefined => {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
};

export const ipv4Text = (value: number): string => [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

/** The range of "10.0.0.0/24"; undefined when the text is no IPv4 CIDR or names a host address. */
export function parseIpv4Cidr(text: string): Ipv4Cidr | undefined {
  const [ip = '', bits = ''] = text.split('/');
  const address = toNumber(ip);
  if (address === undefined || !/^\d{1,2}$/.test(bits) || Number(bits) > 32) return undefined;
  const size = 2 ** (32 - Number(bits));
  if (address % size !== 0) return undefined;
  return { text, base: address, size };
}

/** The index of an IP in the range, or undefined when it is outside. */
export function indexIn(cidr: Ipv4Cidr, ip: string): number | undefined {
  const address = toNumber(ip);
  if (address === undefined || address < cidr.base || address >= cidr.base + cidr.size) return undefined;
  return address - cidr.base;
}
