// The Table columns of a custom resource, as kube's CRD table convertor builds them: Name, then
// each of the version's additionalPrinterColumns (or Age when it declares none), each cell the
// first value its JSONPath finds, typed as the column says.

import { stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { nameColumn, nameOf, type ColumnDefinition, type TableColumns } from '../table/columns/column.ts';
import { objectMeta } from '../table/columns/field-descriptions.ts';
import { timestampSince } from '../table/columns/timestamp-since.ts';
import { findPrinterColumnValues, parsePrinterColumnPath, printedValue } from './printer-column-path.ts';

/** kube's default when a version declares no printer columns. */
const ageColumn: JsonObject = { name: 'Age', type: 'date', description: objectMeta.creationTimestamp, jsonPath: '.metadata.creationTimestamp' };

/** A cell of a column of type `type` from the value its path found. */
function cellOf(type: string, value: unknown, now: number): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'string':
      return printedValue(value);
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      if (typeof value !== 'string') return null;
      return Number.isNaN(Date.parse(value)) ? '<invalid>' : timestampSince(value, now);
    default:
      return null;
  }
}

export function customResourceColumns(printerColumns: readonly JsonObject[]): TableColumns {
  const declared = printerColumns.length > 0 ? printerColumns : [ageColumn];
  const columns = declared.map((column) => {
    const path = stringOf(column.jsonPath);
    const definition: ColumnDefinition = {
      name: stringOf(column.name),
      type: stringOf(column.type),
      format: stringOf(column.format),
      description: stringOf(column.description) || `Custom resource definition column (in JSONPath format): ${path}`,
      priority: typeof column.priority === 'number' ? column.priority : 0,
    };
    return { definition, type: definition.type, steps: parsePrinterColumnPath(path) };
  });
  return {
    definitions: [nameColumn, ...columns.map((column) => column.definition)],
    cells: (object, now) => [
      nameOf(object),
      ...columns.map(({ type, steps }) => {
        const found = steps === undefined ? [] : findPrinterColumnValues(steps, object);
        return cellOf(type, found[0], now);
      }),
    ],
  };
}
