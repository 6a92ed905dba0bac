// The Table columns every kind without a printer of its own gets (Name, Created At). Each resource
// names its columns in its declaration (`behaviour.table`, from ./columns/), as kube-apiserver's
// table printers show them (priority 0 always, 1 with -o wide).

import { stringAt, type JsonObject } from '@capstan/common';
import { column, nameColumn, nameOf, type TableColumns } from './columns/column.ts';
import { objectMeta } from './columns/field-descriptions.ts';
import { timestampMillis } from './columns/timestamp-since.ts';

export type { ColumnDefinition, TableColumns, TableRowCondition } from './columns/column.ts';

/** The creation time in RFC 3339 at second precision, UTC; Go's zero time when there is none. */
function createdAt(object: JsonObject): string {
  const millis = timestampMillis(stringAt(object, 'metadata', 'creationTimestamp'));
  return millis === undefined ? '0001-01-01T00:00:00Z' : new Date(Math.floor(millis / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The columns of kinds without a printer of their own (custom resources, Role, ClusterRole, ...). */
export const defaultColumns: TableColumns = {
  definitions: [nameColumn, column('Created At', 'date', objectMeta.creationTimestamp)],
  cells: (object) => [nameOf(object), createdAt(object)],
};
