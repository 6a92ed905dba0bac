// networking.k8s.io/v1 Ingress columns: Name, Class, Hosts, Address, Ports, Age.

import { arrayAt, optionalStringAt, stringAt, byCodePoint, type JsonObject } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from '../../../table/columns/column.ts';

const shownHosts = 3;

/**
 * The first three hosts named by rules ("*" when none is), then "+ N more..." where, as in kube, N
 * counts every rule beyond the third, named or not.
 */
function hosts(ingress: JsonObject): string {
  const rules = arrayAt(ingress, 'spec', 'rules');
  const list: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (list.length === shownHosts) more = true;
    const host = stringAt(rule, 'host');
    if (!more && host !== '') list.push(host);
  }
  if (list.length === 0) return '*';
  return more ? `${list.join(',')} + ${rules.length - shownHosts} more...` : list.join(',');
}

/** Load-balancer ingress points, IP before hostname, sorted and de-duplicated (never clipped: wide). */
function address(ingress: JsonObject): string {
  const points = new Set<string>();
  for (const point of arrayAt(ingress, 'status', 'loadBalancer', 'ingress')) {
    const value = stringAt(point, 'ip') || stringAt(point, 'hostname');
    if (value !== '') points.add(value);
  }
  return [...points].sort(byCodePoint).join(',');
}

export const ingressColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'),
    column('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
    column('Address', 'string', 'Address is a list containing ingress points for the load-balancer'),
    column('Ports', 'string', 'Ports of TLS configurations that open'),
    ageColumn,
  ],
  cells: (ingress, now) => [
    nameOf(ingress),
    optionalStringAt(ingress, 'spec', 'ingressClassName') ?? '<none>',
    hosts(ingress),
    address(ingress),
    arrayAt(ingress, 'spec', 'tls').length > 0 ? '80, 443' : '80',
    ageOf(ingress, now),
  ],
};
