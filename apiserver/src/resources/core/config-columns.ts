// core/v1 ConfigMap (Name, Data, Age), Secret (Name, Type, Data, Age) and ServiceAccount (Name,
// Secrets, Age) columns: counts of keys and references.

import { arrayAt, recordAt, stringAt } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from '../../table/columns/column.ts';
import { configMap, secret, serviceAccount } from '../../table/columns/field-descriptions.ts';

export const configMapColumns: TableColumns = {
  definitions: [nameColumn, column('Data', 'string', configMap.data), ageColumn],
  cells: (object, now) => [nameOf(object), Object.keys(recordAt(object, 'data')).length + Object.keys(recordAt(object, 'binaryData')).length, ageOf(object, now)],
};

/** Keys of data and of write-only stringData, which kube merges into data before it stores a Secret. */
const secretKeys = (object: Record<string, unknown>): number => new Set([...Object.keys(recordAt(object, 'data')), ...Object.keys(recordAt(object, 'stringData'))]).size;

export const secretColumns: TableColumns = {
  definitions: [nameColumn, column('Type', 'string', secret.type), column('Data', 'string', secret.data), ageColumn],
  // An unset type is defaulted to Opaque on create.
  cells: (object, now) => [nameOf(object), stringAt(object, 'type') || 'Opaque', secretKeys(object), ageOf(object, now)],
};

export const serviceAccountColumns: TableColumns = {
  definitions: [nameColumn, column('Secrets', 'string', serviceAccount.secrets), ageColumn],
  cells: (object, now) => [nameOf(object), arrayAt(object, 'secrets').length, ageOf(object, now)],
};
