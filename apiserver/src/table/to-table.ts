// Renders objects as a meta.k8s.io/v1 Table: the rows kubectl prints, each carrying the object as
// PartialObjectMetadata (the default), whole (includeObject=Object) or not at all (None).

import { newBadRequest, type JsonObject } from '@capstan/common';
import type { ColumnDefinition, TableColumns } from './table-columns.ts';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function includeObjectOf(query: URLSearchParams): IncludeObject {
  const value = query.get('includeObject') ?? 'Metadata';
  if (value === '' || value === 'Metadata') return 'Metadata';
  if (value === 'None' || value === 'Object') return value;
  throw newBadRequest(`includeObject: Unsupported value: "${value}": supported values: "Metadata", "None", "Object"`);
}

export function toTable(columns: TableColumns, objects: readonly JsonObject[], include: IncludeObject, listMetadata: JsonObject, withColumnDefinitions = true): JsonObject {
  const now = Date.now();
  const ordered = columns.rowOrder ? [...objects].sort((a, b) => columns.rowOrder!(a, b)) : objects;
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: listMetadata,
    columnDefinitions: withColumnDefinitions ? columns.definitions : ([] as ColumnDefinition[]),
    rows: ordered.map((object) => ({
      cells: columns.cells(object, now),
      // Row conditions (a finished pod's Completed) are omitted when there are none, as kube does.
      ...(columns.conditions?.(object).length ? { conditions: columns.conditions(object) } : {}),
      ...(include === 'None' ? {} : { object: include === 'Object' ? object : { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata } }),
    })),
  };
}
