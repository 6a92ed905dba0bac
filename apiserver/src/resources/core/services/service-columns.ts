// core/v1 Service columns: Name, Type, Cluster-IP, External-IP, Port(s), Age; wide: Selector.

import { ageColumn, ageOf, column, nameColumn, nameOf, wideColumn, type TableColumns } from '../../../table/columns/column.ts';
import { serviceSpec } from '../../../table/columns/field-descriptions.ts';
import { formatLabels, arrayAt, fieldAt, numberAt, stringAt, byCodePoint, type JsonObject } from '@capstan/common';

// Fields the API server defaults on create, read with that default when a stored object lacks them.
const serviceType = (service: JsonObject): string => stringAt(service, 'spec', 'type') || 'ClusterIP';
const strings = (values: readonly unknown[]): string[] => values.filter((v): v is string => typeof v === 'string');

/** The first cluster IP; a spec with only the legacy clusterIP field converts to the same list. */
function clusterIP(service: JsonObject): string {
  const ips = strings(arrayAt(service, 'spec', 'clusterIPs'));
  const ip = ips.length > 0 ? ips[0] : stringAt(service, 'spec', 'clusterIP');
  return ip === undefined || ip === '' ? '<none>' : ip;
}

/** Load-balancer ingress points, IP before hostname, sorted and de-duplicated (never clipped: wide). */
function loadBalancerIngress(service: JsonObject): string[] {
  const points = new Set<string>();
  for (const ingress of arrayAt(service, 'status', 'loadBalancer', 'ingress')) {
    const point = stringAt(ingress, 'ip') || stringAt(ingress, 'hostname');
    if (point !== '') points.add(point);
  }
  return [...points].sort(byCodePoint);
}

function externalIP(service: JsonObject): string {
  const externalIPs = strings(arrayAt(service, 'spec', 'externalIPs'));
  switch (serviceType(service)) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const points = [...loadBalancerIngress(service), ...externalIPs];
      return points.length > 0 ? points.join(',') : '<pending>';
    }
    case 'ExternalName':
      return stringAt(service, 'spec', 'externalName');
    default:
      return '<unknown>';
  }
}

/** "80/TCP,443:30443/TCP": port, node port when allocated, protocol. */
function ports(service: JsonObject): string {
  const text = arrayAt(service, 'spec', 'ports')
    .map((port) => {
      const protocol = stringAt(port, 'protocol') || 'TCP';
      const nodePort = numberAt(port, 'nodePort');
      return nodePort > 0 ? `${numberAt(port, 'port')}:${nodePort}/${protocol}` : `${numberAt(port, 'port')}/${protocol}`;
    })
    .join(',');
  return text === '' ? '<none>' : text;
}

export const serviceColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Type', 'string', serviceSpec.type),
    column('Cluster-IP', 'string', serviceSpec.clusterIP),
    column('External-IP', 'string', serviceSpec.externalIPs),
    column('Port(s)', 'string', serviceSpec.ports),
    ageColumn,
    wideColumn('Selector', 'string', serviceSpec.selector),
  ],
  cells: (service, now) => [
    nameOf(service),
    serviceType(service),
    clusterIP(service),
    externalIP(service),
    ports(service),
    ageOf(service, now),
    formatLabels(fieldAt(service, 'spec', 'selector')),
  ],
};
