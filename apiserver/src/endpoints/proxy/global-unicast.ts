// Go's net.IP.IsGlobalUnicast, which kube asks of a pod's IP and a node's address before it proxies
// to them: not unspecified, loopback, multicast, link-local or the IPv4 broadcast address.

import { isIPv4, isIPv6 } from 'node:net';

export function isGlobalUnicast(address: string): boolean {
  if (isIPv4(address)) return ipv4GlobalUnicast(address);
  if (!isIPv6(address)) return false;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d) is judged as its IPv4 address, as Go's To4 does.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped !== null) return ipv4GlobalUnicast(mapped[1] as string);
  const first = Number.parseInt(lower.startsWith('::') ? '0' : (lower.split(':')[0] as string), 16);
  if (lower === '::' || lower === '::1') return false;
  if (first >= 0xff00) return false; // multicast ff00::/8
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  return true;
}

function ipv4GlobalUnicast(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  if (address === '0.0.0.0' || address === '255.255.255.255') return false;
  if (a === 127) return false; // loopback
  if (a >= 224 && a <= 239) return false; // multicast
  if (a === 169 && b === 254) return false; // link-local
  return true;
}
