// The Containers and Images cells of workload printers: every container of a pod template, in order.

import { arrayAt, stringAt } from '@capstan/common';

export function containerCells(podSpec: unknown): [names: string, images: string] {
  const containers = arrayAt(podSpec, 'containers');
  return [containers.map((c) => stringAt(c, 'name')).join(','), containers.map((c) => stringAt(c, 'image')).join(',')];
}
