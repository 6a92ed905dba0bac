// metadata.managedFields read into managers and written back as kube writes them: one entry per
// manager identity (name, operation, subresource, and for updates the API version, but not the
// time), sorted Apply before Update, then by time, manager, version and subresource; FieldsV1
// sets; empty sets dropped; at most ten update entries, the oldest folded into "ancient-changes".

import { isPlainObject } from '../patch/merge-patch.ts';
import { FieldSet } from './field-set.ts';

export type Operation = 'Apply' | 'Update';

export interface ManagerEntry {
  readonly manager: string;
  readonly operation: Operation;
  readonly apiVersion: string;
  readonly subresource: string;
  readonly time: string | undefined;
  readonly fields: FieldSet;
}

/** Managers by identity. */
export type Managers = Map<string, ManagerEntry>;

export class ManagedFieldsError extends Error {
  override name = 'ManagedFieldsError';
}

export function identityOf(entry: Pick<ManagerEntry, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  return JSON.stringify([entry.manager, entry.operation, entry.operation === 'Apply' ? '' : entry.apiVersion, entry.subresource]);
}

/** The managers of a managedFields list; throws ManagedFieldsError for entries kube cannot read. */
export function decodeManagedFields(list: unknown): Managers {
  const managers: Managers = new Map();
  if (list === undefined || list === null) return managers;
  if (!Array.isArray(list)) throw new ManagedFieldsError('managedFields must be a list');
  for (const raw of list) {
    if (!isPlainObject(raw)) throw new ManagedFieldsError('a managedFields entry must be an object');
    const operation = raw.operation;
    if (operation !== 'Apply' && operation !== 'Update') throw new ManagedFieldsError('operation must be `Apply` or `Update`');
    if (raw.fieldsType !== 'FieldsV1') throw new ManagedFieldsError(`invalid fieldsType: ${String(raw.fieldsType)}`);
    const entry: ManagerEntry = {
      manager: typeof raw.manager === 'string' ? raw.manager : '',
      operation,
      apiVersion: typeof raw.apiVersion === 'string' ? raw.apiVersion : '',
      subresource: typeof raw.subresource === 'string' ? raw.subresource : '',
      time: typeof raw.time === 'string' ? raw.time : undefined,
      fields: FieldSet.fromFieldsV1(raw.fieldsV1 ?? {}),
    };
    const identity = identityOf(entry);
    if (managers.has(identity)) throw new ManagedFieldsError(`duplicate entries for manager ${identity}`);
    managers.set(identity, entry);
  }
  return managers;
}

/** A list of one empty entry: the request asks to drop every managedFields entry. */
export function isManagedFieldsReset(list: unknown): boolean {
  return Array.isArray(list) && list.length === 1 && isPlainObject(list[0]) && Object.keys(list[0]).length === 0;
}

const maxUpdateManagers = 10;

export function encodeManagedFields(managers: Managers): Record<string, unknown>[] {
  const entries = capUpdateManagers([...managers.values()].filter((entry) => !entry.fields.isEmpty));
  entries.sort(compareEntries);
  return entries.map((entry) => ({
    manager: entry.manager,
    operation: entry.operation,
    apiVersion: entry.apiVersion,
    ...(entry.time === undefined ? {} : { time: entry.time }),
    fieldsType: 'FieldsV1',
    fieldsV1: entry.fields.toFieldsV1(),
    ...(entry.subresource === '' ? {} : { subresource: entry.subresource }),
  }));
}

function compareEntries(a: ManagerEntry, b: ManagerEntry): number {
  if (a.operation !== b.operation) return a.operation < b.operation ? -1 : 1;
  const seconds = (entry: ManagerEntry) => (entry.time === undefined ? 0 : Math.floor(Date.parse(entry.time) / 1000));
  if (seconds(a) !== seconds(b)) return seconds(a) - seconds(b);
  for (const key of ['manager', 'apiVersion', 'subresource'] as const) if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
  return 0;
}

/** Past ten update entries, the oldest are merged into one "ancient-changes" entry. */
function capUpdateManagers(entries: ManagerEntry[]): ManagerEntry[] {
  const updates = entries.filter((entry) => entry.operation === 'Update');
  if (updates.length <= maxUpdateManagers) return entries;
  const byAge = [...updates].sort(compareEntries);
  const folded = byAge.slice(0, updates.length - maxUpdateManagers + 1);
  const ancient: ManagerEntry = {
    manager: 'ancient-changes',
    operation: 'Update',
    apiVersion: folded[folded.length - 1]?.apiVersion ?? '',
    subresource: '',
    time: folded[folded.length - 1]?.time,
    fields: folded.reduce((set, entry) => set.union(entry.fields), new FieldSet()),
  };
  return [...entries.filter((entry) => !folded.includes(entry)), ancient];
}
