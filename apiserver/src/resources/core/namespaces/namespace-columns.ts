// core/v1 Namespace columns: Name, Status (Active / Terminating), Age.

import { stringAt } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from '../../../table/columns/column.ts';

export const namespaceColumns: TableColumns = {
  definitions: [nameColumn, column('Status', 'string', 'The status of the namespace'), ageColumn],
  cells: (object, now) => [nameOf(object), stringAt(object, 'status', 'phase'), ageOf(object, now)],
};
