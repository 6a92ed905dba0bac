// core/v1 Node columns: Name, Status (Ready / NotReady / Unknown, plus SchedulingDisabled when
// cordoned), Roles (from node-role.kubernetes.io/<role> and kubernetes.io/role labels), Age, Version;
// wide: Internal-IP, External-IP, OS-Image, Kernel-Version, Container-Runtime.

import { ageColumn, ageOf, column, nameColumn, nameOf, wideColumn, type TableColumns } from '../../../table/columns/column.ts';
import { nodeStatus, nodeSystemInfo } from '../../../table/columns/field-descriptions.ts';
import { arrayAt, booleanAt, recordAt, stringAt, byCodePoint, type JsonObject } from '@capstan/common';

const labelNodeRolePrefix = 'node-role.kubernetes.io/';
const nodeLabelRole = 'kubernetes.io/role';

function nodeStatusCell(node: JsonObject): string {
  // Only the Ready condition is shown; a later duplicate of it wins, as in kube's condition map.
  const ready = arrayAt(node, 'status', 'conditions').findLast((c) => stringAt(c, 'type') === 'Ready');
  const status = [ready === undefined ? 'Unknown' : stringAt(ready, 'status') === 'True' ? 'Ready' : 'NotReady'];
  if (booleanAt(node, 'spec', 'unschedulable')) status.push('SchedulingDisabled');
  return status.join(',');
}

function roles(node: JsonObject): string {
  const found = new Set<string>();
  for (const [key, value] of Object.entries(recordAt(node, 'metadata', 'labels'))) {
    if (key.startsWith(labelNodeRolePrefix) && key.length > labelNodeRolePrefix.length) found.add(key.slice(labelNodeRolePrefix.length));
    else if (key === nodeLabelRole && typeof value === 'string' && value !== '') found.add(value);
  }
  return found.size === 0 ? '<none>' : [...found].sort(byCodePoint).join(',');
}

const addressOf = (node: JsonObject, type: string): string => {
  const address = arrayAt(node, 'status', 'addresses').find((a) => stringAt(a, 'type') === type);
  return address === undefined ? '<none>' : stringAt(address, 'address');
};

const infoOrUnknown = (node: JsonObject, field: string): string => stringAt(node, 'status', 'nodeInfo', field) || '<unknown>';

export const nodeColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Status', 'string', 'The status of the node'),
    column('Roles', 'string', 'The roles of the node'),
    ageColumn,
    column('Version', 'string', nodeSystemInfo.kubeletVersion),
    wideColumn('Internal-IP', 'string', nodeStatus.addresses),
    wideColumn('External-IP', 'string', nodeStatus.addresses),
    wideColumn('OS-Image', 'string', nodeSystemInfo.osImage),
    wideColumn('Kernel-Version', 'string', nodeSystemInfo.kernelVersion),
    wideColumn('Container-Runtime', 'string', nodeSystemInfo.containerRuntimeVersion),
  ],
  cells: (node, now) => [
    nameOf(node),
    nodeStatusCell(node),
    roles(node),
    ageOf(node, now),
    stringAt(node, 'status', 'nodeInfo', 'kubeletVersion'),
    addressOf(node, 'InternalIP'),
    addressOf(node, 'ExternalIP'),
    infoOrUnknown(node, 'osImage'),
    infoOrUnknown(node, 'kernelVersion'),
    infoOrUnknown(node, 'containerRuntimeVersion'),
  ],
};
