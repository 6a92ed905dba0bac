// core/v1 Endpoints (Name, Endpoints, Age) and discovery.k8s.io/v1 EndpointSlice (Name, AddressType,
// Ports, Endpoints, Age) columns: at most three addresses, then "+ N more...".

import { arrayAt, numberAt, optionalNumberAt, optionalStringAt, stringAt, type JsonObject } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from './column.ts';
import { endpointSlice, endpoints } from './field-descriptions.ts';

const shown = 3;

const withMore = (list: readonly string[], count: number): string => (count > list.length ? `${list.join(',')} + ${count - list.length} more...` : list.join(','));

/** Go's net.JoinHostPort: IPv6 addresses go in brackets. */
const hostPort = (host: string, port: number): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** "10.0.0.1:80,10.0.0.2:80 + 3 more...": each ready address with each port of its subset. */
function formatEndpoints(object: JsonObject): string {
  const subsets = arrayAt(object, 'subsets');
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  for (const subset of subsets) {
    const addresses = arrayAt(subset, 'addresses').map((a) => stringAt(a, 'ip'));
    const ports = arrayAt(subset, 'ports');
    // Headless services may have no ports: then the bare addresses are listed.
    const entries = ports.length === 0 ? [addresses] : ports.map((p) => addresses.map((ip) => hostPort(ip, numberAt(p, 'port'))));
    for (const entry of entries) {
      count += entry.length;
      list.push(...entry.slice(0, shown - list.length));
    }
  }
  return withMore(list, count);
}

/** Up to three items, "+ N more..." beyond, "<unset>" for none. */
const listOrUnset = (items: readonly string[]): string => (items.length === 0 ? '<unset>' : withMore(items.slice(0, shown), items.length));

const slicePorts = (slice: JsonObject): string =>
  listOrUnset(arrayAt(slice, 'ports').map((port) => String(optionalNumberAt(port, 'port') ?? optionalStringAt(port, 'name') ?? '*')));

const sliceEndpoints = (slice: JsonObject): string =>
  listOrUnset(arrayAt(slice, 'endpoints').flatMap((endpoint) => arrayAt(endpoint, 'addresses').map((a) => (typeof a === 'string' ? a : ''))));

export const endpointsColumns: TableColumns = {
  definitions: [nameColumn, column('Endpoints', 'string', endpoints.subsets), ageColumn],
  cells: (object, now) => [nameOf(object), formatEndpoints(object), ageOf(object, now)],
};

export const endpointSliceColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('AddressType', 'string', endpointSlice.addressType),
    column('Ports', 'string', endpointSlice.ports),
    column('Endpoints', 'string', endpointSlice.endpoints),
    ageColumn,
  ],
  cells: (slice, now) => [nameOf(slice), stringAt(slice, 'addressType'), slicePorts(slice), sliceEndpoints(slice), ageOf(slice, now)],
};
