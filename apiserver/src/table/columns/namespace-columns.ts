// core/v1 Namespace columns: Name, Status (Active / Terminating), Age.

import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from './column.ts';
import { stringAt } from './read-field.ts';

export const namespaceColumns: TableColumns = {
  definitions: [nameColumn, column('Status', 'string', 'The status of the namespace'), ageColumn],
  cells: (object, now) => [nameOf(object), stringAt(object, 'status', 'phase'), ageOf(object, now)],
};
