// core/v1 Pod columns: Name, Ready, Status, Restarts, Age; wide: IP, Node, Nominated Node, Readiness
// Gates. Finished pods carry a Completed row condition, which kubectl uses to hide them.

import { ageColumn, ageOf, column, nameColumn, nameOf, wideColumn, type TableColumns, type TableRowCondition } from '../../../table/columns/column.ts';
import { podSpec, podStatus } from '../../../table/columns/field-descriptions.ts';
import { podSummary } from '../../../table/columns/pod-status.ts';
import { arrayAt, fieldAt, stringAt, type JsonObject } from '@capstan/common';

const orNone = (value: string): string => (value === '' ? '<none>' : value);

/** The first pod IP; a status with only the legacy podIP field converts to the same list. */
function podIP(pod: JsonObject): string {
  const ips = arrayAt(pod, 'status', 'podIPs');
  return ips.length > 0 ? stringAt(ips[0], 'ip') : stringAt(pod, 'status', 'podIP');
}

/** "true/total" readiness gates, a gate counting when its condition (the first of that type) is True. */
function readinessGates(pod: JsonObject): string {
  const gates = arrayAt(pod, 'spec', 'readinessGates');
  if (gates.length === 0) return '<none>';
  const conditions = arrayAt(pod, 'status', 'conditions');
  const passing = gates.filter((gate) => {
    const condition = conditions.find((c) => stringAt(c, 'type') === stringAt(gate, 'conditionType'));
    return condition !== undefined && stringAt(condition, 'status') === 'True';
  }).length;
  return `${passing}/${gates.length}`;
}

const completed = (reason: string, message: string): readonly TableRowCondition[] => [{ type: 'Completed', status: 'True', reason, message }];
const succeededConditions = completed('Succeeded', 'The pod has completed successfully.');
const failedConditions = completed('Failed', 'The pod failed.');

export const podColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
    column('Status', 'string', 'The aggregate status of the containers in this pod.'),
    column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    ageColumn,
    wideColumn('IP', 'string', podStatus.podIP),
    wideColumn('Node', 'string', podSpec.nodeName),
    wideColumn('Nominated Node', 'string', podStatus.nominatedNodeName),
    wideColumn('Readiness Gates', 'string', podSpec.readinessGates),
  ],
  cells: (pod, now) => {
    const summary = podSummary(pod, now);
    return [
      nameOf(pod),
      summary.ready,
      summary.status,
      summary.restarts,
      ageOf(pod, now),
      orNone(podIP(pod)),
      orNone(stringAt(pod, 'spec', 'nodeName')),
      orNone(stringAt(pod, 'status', 'nominatedNodeName')),
      readinessGates(pod),
    ];
  },
  conditions: (pod) => {
    const phase = fieldAt(pod, 'status', 'phase');
    return phase === 'Succeeded' ? succeededConditions : phase === 'Failed' ? failedConditions : [];
  },
};
