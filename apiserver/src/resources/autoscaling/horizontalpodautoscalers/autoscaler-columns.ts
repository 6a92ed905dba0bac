// autoscaling HorizontalPodAutoscaler columns: Name, Reference (Kind/name of the target), Targets
// (each metric's current value against its target, two at most), MinPods, MaxPods, Replicas, Age.

import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from '../../../table/columns/column.ts';
import { arrayAt, fieldAt, optionalNumberAt, recordAt, stringAt, type JsonObject } from '@capstan/common';

const shownMetrics = 2;

/** A metric's current value and target as kube's formatHPAMetrics writes them ("cpu: 40%/60%"). */
function resourceTarget(spec: unknown, status: unknown): string {
  const name = stringAt(spec, 'resource', 'name');
  const averageValue = fieldAt(spec, 'resource', 'target', 'averageValue');
  if (averageValue !== undefined) {
    const current = fieldAt(status, 'resource', 'current', 'averageValue');
    return `${name}: ${current === undefined ? '<unknown>' : String(current)}/${String(averageValue)}`;
  }
  const currentUtilization = optionalNumberAt(status, 'resource', 'current', 'averageUtilization');
  const targetUtilization = optionalNumberAt(spec, 'resource', 'target', 'averageUtilization');
  return `${name}: ${currentUtilization === undefined ? '<unknown>' : `${currentUtilization}%`}/${targetUtilization === undefined ? '<auto>' : `${targetUtilization}%`}`;
}

/** The other metric kinds: their name, current and target value, as far as they are set. */
function otherTarget(spec: unknown, status: unknown): string {
  const type = stringAt(spec, 'type');
  const source = type === '' ? '' : type.charAt(0).toLowerCase() + type.slice(1);
  const name = stringAt(spec, source, 'metric', 'name');
  const target = fieldAt(spec, source, 'target', 'averageValue') ?? fieldAt(spec, source, 'target', 'value') ?? '<auto>';
  const current = fieldAt(status, source, 'current', 'averageValue') ?? fieldAt(status, source, 'current', 'value');
  return `${name}: ${current === undefined ? '<unknown>' : String(current)}/${String(target)}`;
}

function targets(autoscaler: JsonObject): string {
  let specs = arrayAt(autoscaler, 'spec', 'metrics');
  let statuses = arrayAt(autoscaler, 'status', 'currentMetrics');
  // An autoscaling/v1 object names its one cpu target directly.
  const cpuTarget = optionalNumberAt(autoscaler, 'spec', 'targetCPUUtilizationPercentage');
  if (cpuTarget !== undefined) {
    specs = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpuTarget } } }];
    const cpuNow = optionalNumberAt(autoscaler, 'status', 'currentCPUUtilizationPercentage');
    statuses = cpuNow === undefined ? [] : [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: cpuNow } } }];
  }
  if (specs.length === 0) return '<none>';
  const shown = specs.slice(0, shownMetrics).map((spec, i) => (stringAt(spec, 'type') === 'Resource' ? resourceTarget(spec, statuses[i]) : otherTarget(spec, statuses[i])));
  const more = specs.length - shownMetrics;
  return more > 0 ? `${shown.join(', ')} + ${more} more...` : shown.join(', ');
}

export const horizontalPodAutoscalerColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Reference', 'string', 'The workload the autoscaler scales.'),
    column('Targets', 'string', "Each metric's current value against its target."),
    column('MinPods', 'string', 'The fewest replicas the autoscaler scales down to.'),
    column('MaxPods', 'integer', 'The most replicas the autoscaler scales up to.'),
    column('Replicas', 'integer', 'How many replicas the target has now.'),
    ageColumn,
  ],
  cells: (autoscaler, now) => {
    const target = recordAt(autoscaler, 'spec', 'scaleTargetRef');
    const minPods = optionalNumberAt(autoscaler, 'spec', 'minReplicas');
    return [
      nameOf(autoscaler),
      `${stringAt(target, 'kind')}/${stringAt(target, 'name')}`,
      targets(autoscaler),
      minPods === undefined ? '<unset>' : String(minPods),
      optionalNumberAt(autoscaler, 'spec', 'maxReplicas') ?? 0,
      optionalNumberAt(autoscaler, 'status', 'currentReplicas') ?? 0,
      ageOf(autoscaler, now),
    ];
  },
};
