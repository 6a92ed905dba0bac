// The Node's addresses as the kubelet picks them without a cloud provider (nodestatus.NodeAddress):
// InternalIP from --node-ip, else a hostname that is an IP, else the node name's DNS addresses
// that belong to this host, else the first global address of the default route's interface;
// then Hostname (the kernel's host name lowercased, or --hostname-override).

import { lookup } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import {
  equalAddrs,
  goQuote,
  isGlobalUnicast as isGlobalUnicastIP,
  isLinkLocalUnicast,
  isLoopback,
  isMulticast,
  isUnspecified as isUnspecifiedIP,
  parseAddr,
  unmap,
  type IPAddr,
  errorMessage,
} from '@capstan/common';

export interface NodeAddress {
  readonly type: 'InternalIP' | 'Hostname';
  readonly address: string;
}

/** nodeutil.GetHostname: the override or the kernel's host name, trimmed and lowercased. */
export function nodeHostname(hostnameOverride = '', kernelHostname: () => string = hostname): string {
  const name = (hostnameOverride === '' ? kernelHostname() : hostnameOverride).trim();
  if (name === '') throw new Error('empty hostname is invalid');
  return name.toLowerCase();
}

type Family = 4 | 6;

/** The address as the kubelet's net.IP sees it: without a zone, an IPv4-mapped one as IPv4; undefined when it is none. */
function netIP(address: string): IPAddr | undefined {
  const parsed = parseAddr(address);
  return 'addr' in parsed ? unmap({ bytes: parsed.addr.bytes, zone: '' }) : undefined;
}

/** net.IP.IsGlobalUnicast: not unspecified, loopback, multicast, link-local or the IPv4 broadcast address. */
export function isGlobalUnicast(address: string): boolean {
  const ip = netIP(address);
  return ip !== undefined && isGlobalUnicastIP(ip);
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** validateNodeIP: a usable, non-special address that one of this host's interfaces holds. */
export function validateNodeIP(address: string, interfaces: Interfaces = networkInterfaces()): string | undefined {
  const ip = netIP(address);
  if (ip === undefined) return 'nodeIP must be a valid IP address';
  if (isLoopback(ip)) return "nodeIP can't be loopback address";
  if (isMulticast(ip)) return "nodeIP can't be a multicast address";
  if (isLinkLocalUnicast(ip)) return "nodeIP can't be a link-local unicast address";
  if (isUnspecifiedIP(ip)) return "nodeIP can't be an all zeros address";
  const held = Object.values(interfaces).some((infos) => infos?.some((info) => sameAddress(info.address, address)));
  return held ? undefined : `node IP: ${goQuote(address)} not found in the host's network interfaces`;
}

function sameAddress(a: string, b: string): boolean {
  const [x, y] = [netIP(a), netIP(b)];
  return x !== undefined && y !== undefined && equalAddrs(x, y);
}

/** The interfaces that carry a default route, IPv4 ones first, from /proc/net/route and /proc/net/ipv6_route. */
export function defaultRouteInterfaces(ipv4RouteTable: string, ipv6RouteTable = ''): Array<{ readonly interface: string; readonly family: Family }> {
  const routes: Array<{ interface: string; family: Family }> = [];
  for (const line of ipv4RouteTable.split('\n')) {
    const [name, destination] = line.trim().split(/\s+/);
    if (name === undefined || name === 'Iface' || destination === undefined) continue;
    if (parseInt(destination, 16) === 0) routes.push({ interface: name, family: 4 });
  }
  for (const line of ipv6RouteTable.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    if (/^0+$/.test(fields[0] as string) && parseInt(fields[1] as string, 16) === 0) routes.push({ interface: fields[9] as string, family: 6 });
  }
  return routes;
}

function familyOf(info: NetworkInterfaceInfo): Family {
  return info.family === 'IPv6' ? 6 : 4;
}

function globalAddressOn(infos: readonly NetworkInterfaceInfo[] | undefined, family: Family): string | undefined {
  return infos?.find((info) => familyOf(info) === family && isGlobalUnicast(info.address))?.address;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * utilnet.ResolveBindAddress for an unset node IP: the default route's interface (or a global
 * address on the loopback, for unnumbered setups), else the first up, non-loopback interface.
 */
export function chooseHostAddress(
  preferIPv6 = false,
  interfaces: Interfaces = networkInterfaces(),
  routeFiles = { ipv4: '/proc/net/route', ipv6: '/proc/net/ipv6_route' },
): string {
  const families: Family[] = preferIPv6 ? [6, 4] : [4, 6];
  const ipv4Routes = readText(routeFiles.ipv4);
  if (ipv4Routes === undefined) {
    for (const family of families) {
      for (const infos of Object.values(interfaces)) {
        if (infos === undefined || infos.some((info) => info.internal)) continue;
        const address = globalAddressOn(infos, family);
        if (address !== undefined) return address;
      }
    }
    throw new Error('no acceptable interface with global unicast address found on host');
  }
  const routes = defaultRouteInterfaces(ipv4Routes, readText(routeFiles.ipv6) ?? '');
  if (routes.length === 0) throw new Error(`no default routes found in "${routeFiles.ipv4}" or "${routeFiles.ipv6}"`);
  for (const family of families) {
    for (const route of routes.filter((r) => r.family === family)) {
      const address = globalAddressOn(interfaces[route.interface], family);
      if (address !== undefined) return address;
      const loopback = Object.values(interfaces).find((infos) => infos?.some((info) => info.internal));
      const onLoopback = globalAddressOn(loopback, family);
      if (onLoopback !== undefined) return onLoopback;
    }
  }
  throw new Error('unable to select an IP from default routes.');
}

export interface NodeAddressOptions {
  readonly nodeName: string;
  /** --node-ip: one address, or two of different families (dual-stack). */
  readonly nodeIPs?: readonly string[];
  readonly hostname: string;
  readonly interfaces?: Interfaces;
  readonly resolve?: (name: string) => Promise<string[]>;
  readonly routeFiles?: { readonly ipv4: string; readonly ipv6: string };
}

const isUnspecified = (address: string): boolean => {
  const ip = netIP(address);
  return ip !== undefined && isUnspecifiedIP(ip);
};

async function resolveAll(name: string): Promise<string[]> {
  try {
    return (await lookup(name, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/** The Node's status.addresses; throws the kubelet's error when no address can be found. */
export async function nodeAddresses(options: NodeAddressOptions): Promise<NodeAddress[]> {
  const interfaces = options.interfaces ?? networkInterfaces();
  const [nodeIP, secondaryNodeIP] = options.nodeIPs ?? [];
  const preferIPv4 = nodeIP === undefined || isIP(nodeIP) === 4;
  const specified = (address: string | undefined): address is string => address !== undefined && !isUnspecified(address);
  for (const [address, label] of [
    [nodeIP, 'nodeIP'],
    [secondaryNodeIP, 'secondaryNodeIP'],
  ] as const) {
    if (!specified(address)) continue;
    const invalid = validateNodeIP(address, interfaces);
    if (invalid !== undefined) throw new Error(`failed to validate ${label}: ${invalid}`);
  }
  const host: NodeAddress = { type: 'Hostname', address: options.hostname };
  if (specified(nodeIP) && specified(secondaryNodeIP)) {
    return [{ type: 'InternalIP', address: nodeIP }, { type: 'InternalIP', address: secondaryNodeIP }, host];
  }
  let internal: string | undefined;
  let lastError = '';
  if (specified(nodeIP)) internal = nodeIP;
  else if (isIP(options.hostname) !== 0) internal = options.hostname;
  else {
    for (const address of await (options.resolve ?? resolveAll)(options.nodeName)) {
      const invalid = validateNodeIP(address, interfaces);
      if (invalid !== undefined) {
        lastError = invalid;
        continue;
      }
      if ((isIP(address) === 4) === preferIPv4) {
        internal = address;
        break;
      }
      internal ??= address;
    }
    if (internal === undefined) {
      try {
        internal = chooseHostAddress(!preferIPv4, interfaces, options.routeFiles);
      } catch (error) {
        lastError = errorMessage(error);
      }
    }
  }
  if (internal === undefined) throw new Error(`can't get ip address of node ${options.nodeName}. error: ${lastError === '' ? '<nil>' : lastError}`);
  return [{ type: 'InternalIP', address: internal }, host];
}
