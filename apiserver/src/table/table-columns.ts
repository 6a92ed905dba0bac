// The columns kube-apiserver's table printers show per kind (priority 0 always, 1 with -o wide);
// kinds without a printer get the default Name / Created At.

import type { JsonObject } from '../registry/object-meta.ts';
import { humanDuration } from './human-duration.ts';

export interface ColumnDefinition {
  readonly name: string;
  readonly type: string;
  readonly format: string;
  readonly description: string;
  readonly priority: number;
}

export interface TableColumns {
  readonly definitions: readonly ColumnDefinition[];
  cells(object: JsonObject, now: number): unknown[];
}

const nameColumn: ColumnDefinition = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically.',
  priority: 0,
};
const ageColumn: ColumnDefinition = {
  name: 'Age',
  type: 'string',
  format: '',
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created.',
  priority: 0,
};
const column = (name: string, type: string, description: string, priority = 0): ColumnDefinition => ({ name, type, format: '', description, priority });

const metadata = (object: JsonObject): { name?: string; creationTimestamp?: string } => (object.metadata ?? {}) as { name?: string; creationTimestamp?: string };
const age = (object: JsonObject, now: number): string => {
  const created = metadata(object).creationTimestamp;
  return created === undefined ? '<unknown>' : humanDuration(now - Date.parse(created));
};
const countKeys = (...maps: unknown[]): number => maps.reduce<number>((n, m) => n + (m !== null && typeof m === 'object' ? Object.keys(m).length : 0), 0);

const defaultColumns: TableColumns = {
  definitions: [
    nameColumn,
    { name: 'Created At', type: 'date', format: '', description: 'CreationTimestamp is a timestamp representing the server time when this object was created.', priority: 0 },
  ],
  cells: (object) => [metadata(object).name ?? '', metadata(object).creationTimestamp ?? ''],
};

const byKind: Readonly<Record<string, TableColumns>> = {
  '/ConfigMap': {
    definitions: [nameColumn, column('Data', 'integer', 'Data contains the configuration data.'), ageColumn],
    cells: (object, now) => [metadata(object).name ?? '', countKeys(object.data, object.binaryData), age(object, now)],
  },
  '/Secret': {
    definitions: [nameColumn, column('Type', 'string', 'Used to facilitate programmatic handling of secret data.'), column('Data', 'integer', 'Data contains the secret data.'), ageColumn],
    cells: (object, now) => [metadata(object).name ?? '', (object.type as string | undefined) ?? 'Opaque', countKeys(object.data, object.stringData), age(object, now)],
  },
  '/Namespace': {
    definitions: [nameColumn, column('Status', 'string', 'The status of the namespace'), ageColumn],
    cells: (object, now) => [metadata(object).name ?? '', ((object.status ?? {}) as { phase?: string }).phase ?? '', age(object, now)],
  },
};

export function tableColumnsFor(group: string, kind: string): TableColumns {
  return byKind[`${group}/${kind}`] ?? defaultColumns;
}
