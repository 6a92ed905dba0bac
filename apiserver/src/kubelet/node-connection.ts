// Where a node's agent listens, read from its Node object as kube's NodeConnectionInfoGetter reads
// it: the first address of the preferred types in status.addresses, and the port of
// status.daemonEndpoints.kubeletEndpoint (the default port when it reports none).

import { newUnclassifiedError } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { KubeletClientConfig } from './kubelet-client-config.ts';

export interface NodeConnection {
  readonly host: string;
  readonly port: number;
}

export function nodeConnection(node: JsonObject, config: KubeletClientConfig): NodeConnection {
  const status = objectOf(node.status);
  const addresses = objectsAt(status, 'addresses');
  const host = preferredAddress(addresses, config.preferredAddressTypes);
  const reported = objectOf(objectOf(status.daemonEndpoints).kubeletEndpoint).Port;
  const port = typeof reported === 'number' && reported > 0 ? reported : config.defaultPort;
  return { host, port };
}

function preferredAddress(addresses: readonly JsonObject[], preferredTypes: readonly string[]): string {
  for (const type of preferredTypes) {
    const match = addresses.find((address) => address.type === type);
    if (match !== undefined) return stringOf(match.address);
  }
  // Go's %v of []NodeAddress: [{InternalIP 10.0.0.1} {Hostname node-a}].
  const known = addresses.map((address) => `{${stringOf(address.type)} ${stringOf(address.address)}}`).join(' ');
  throw newUnclassifiedError(`no preferred addresses found; known addresses: [${known}]`);
}

/** host:port as Go's net.JoinHostPort writes it: IPv6 addresses in brackets. */
export function joinHostPort(connection: NodeConnection): string {
  return connection.host.includes(':') ? `[${connection.host}]:${connection.port}` : `${connection.host}:${connection.port}`;
}
