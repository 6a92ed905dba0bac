// coordination.k8s.io/v1 Lease columns: Name, Holder (empty while nobody holds it), Age.

import { stringAt } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from '../../../table/columns/column.ts';
import { leaseSpec } from '../../../table/columns/field-descriptions.ts';

export const leaseColumns: TableColumns = {
  definitions: [nameColumn, column('Holder', 'string', leaseSpec.holderIdentity), ageColumn],
  cells: (lease, now) => [nameOf(lease), stringAt(lease, 'spec', 'holderIdentity'), ageOf(lease, now)],
};
