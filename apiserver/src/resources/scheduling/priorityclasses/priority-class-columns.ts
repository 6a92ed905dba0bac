// scheduling.k8s.io/v1 PriorityClass columns: Name, Value, Global-Default, Age, PreemptionPolicy.

import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from '../../../table/columns/column.ts';
import { priorityClass } from '../../../table/columns/field-descriptions.ts';
import { booleanAt, numberAt, stringAt } from '@capstan/common';

export const priorityClassColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Value', 'integer', priorityClass.value),
    column('Global-Default', 'boolean', priorityClass.globalDefault),
    ageColumn,
    // Declared without priority 1 by kube, so it shows even without -o wide.
    column('PreemptionPolicy', 'string', priorityClass.preemptionPolicy),
  ],
  cells: (object, now) => [
    nameOf(object),
    numberAt(object, 'value'),
    booleanAt(object, 'globalDefault'),
    ageOf(object, now),
    // Defaulted on create; an unset field would print as kube's defaulted value.
    stringAt(object, 'preemptionPolicy') || 'PreemptLowerPriority',
  ],
};
