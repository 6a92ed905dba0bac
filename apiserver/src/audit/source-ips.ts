// kube's utilnet.SourceIPs: who sent a request, as the audit event's sourceIPs say it: the
// X-Forwarded-For chain, then X-Real-Ip unless already in it, then the peer's own address unless it
// is the chain's last.

import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export function sourceIPsOf(request: IncomingMessage): readonly string[] {
  const ips: string[] = [];
  const forwardedFor = request.headers['x-forwarded-for'];
  if (typeof forwardedFor === 'string' && forwardedFor !== '') {
    for (const part of forwardedFor.split(',')) {
      const ip = canonicalIp(part.trim());
      if (ip !== undefined) ips.push(ip);
    }
  }
  const realIp = request.headers['x-real-ip'];
  if (typeof realIp === 'string' && realIp !== '') {
    const ip = canonicalIp(realIp);
    if (ip !== undefined && !ips.includes(ip)) ips.push(ip);
  }
  const remote = canonicalIp(request.socket.remoteAddress ?? '');
  if (remote !== undefined && ips.at(-1) !== remote) ips.push(remote);
  return ips;
}

/** An address as Go's net.IP prints it (an IPv4 address mapped into IPv6 as IPv4), or undefined for no address. */
function canonicalIp(text: string): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped?.[1] !== undefined) return mapped[1];
  return isIP(text) === 0 ? undefined : text;
}
