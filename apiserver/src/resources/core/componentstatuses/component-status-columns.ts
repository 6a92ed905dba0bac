// v1 ComponentStatus columns: Name, Status (Healthy / Unhealthy from the Healthy condition, Unknown
// without one), Message, Error.

import type { JsonObject } from '@capstan/common';
import { column, nameColumn, nameOf, type TableColumns } from '../../../table/columns/column.ts';

export const componentStatusColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Status', 'string', 'Status of the component conditions'),
    column('Message', 'string', 'Message of the component conditions'),
    column('Error', 'string', 'Error of the component conditions'),
  ],
  cells: (object) => {
    const healthy = ((object.conditions ?? []) as JsonObject[]).find((condition) => condition.type === 'Healthy');
    if (healthy === undefined) return [nameOf(object), 'Unknown', '', ''];
    return [nameOf(object), healthy.status === 'True' ? 'Healthy' : 'Unhealthy', healthy.message ?? '', healthy.error ?? ''];
  },
};
