// The node's name and IPs from the flags, as the kubelet derives them: the hostname (or
// --hostname-override) trimmed and lower-cased (nodeutil.GetHostname), and --node-ip read as
// ParseNodeIPArgument reads it: unparsable entries are ignored (and logged), and at most one IP
// per family may remain.

import { hostname } from 'node:os';
import { isIP } from 'node:net';

export class NodeIdentityError extends Error {
  override name = 'NodeIdentityError';
}

/** The node name: --hostname-override, or the kernel's hostname. */
export function nodeNameOf(hostnameOverride: string, kernelHostname: () => string = hostname): string {
  const name = (hostnameOverride === '' ? kernelHostname() : hostnameOverride).trim();
  if (name === '') throw new NodeIdentityError('empty hostname is invalid');
  return name.toLowerCase();
}

export interface NodeIPs {
  /** The node's IPs, at most one IPv4 and one IPv6, in the order given. */
  readonly ips: readonly string[];
  /** Entries that are no IP, ignored as the kubelet ignores them ("Could not parse some node IP(s), ignoring them"). */
  readonly invalid: readonly string[];
}

/** --node-ip; throws `bad --node-ip "<value>": <reason>` as the kubelet does. */
export function parseNodeIPs(value: string): NodeIPs {
  if (value === '') return { ips: [], invalid: [] };
  const ips: string[] = [];
  const invalid: string[] = [];
  for (const entry of value.split(',')) {
    const ip = sloppyIP(entry.trim());
    if (ip === undefined) invalid.push(entry.trim());
    else ips.push(ip);
  }
  const bad = (reason: string): NodeIdentityError => new NodeIdentityError(`bad --node-ip ${JSON.stringify(value)}: ${reason}`);
  if (ips.length > 2 || (ips.length === 2 && isIP(ips[0] as string) === isIP(ips[1] as string))) throw bad('must contain either a single IP or a dual-stack pair of IPs');
  if (ips.length === 2 && ips.some((ip) => ip === '0.0.0.0' || ip === '::')) throw bad("dual-stack node IP cannot include '0.0.0.0' or '::'");
  return { ips, invalid };
}

/** netutils.ParseIPSloppy: IPv4 octets may carry leading zeros, which mean decimal. */
function sloppyIP(text: string): string | undefined {
  if (isIP(text) !== 0) return text;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (octets === null) return undefined;
  const ip = octets.slice(1).map(Number).join('.');
  return isIP(ip) === 4 ? ip : undefined;
}
