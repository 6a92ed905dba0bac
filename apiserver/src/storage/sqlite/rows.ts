// Turns the rows of the embedded store's statements into the values of the storage contract.

import type { SQLOutputValue } from 'node:sqlite';
import type { KeyValue, WatchEvent } from '../storage.ts';

type Row = Record<string, SQLOutputValue>;

export function keyValueFromRow(row: Row): KeyValue {
  return {
    key: row.key as string,
    value: row.value as Uint8Array,
    createRevision: row.create_revision as number,
    modRevision: row.mod_revision as number,
  };
}

/** A row of `changesSince`: one log entry joined with the entry it replaced. */
export function watchEventFromChangeRow(row: Row): WatchEvent {
  const revision = row.revision as number;
  const key = row.key as string;
  const prev: KeyValue | undefined =
    row.prev_value == null
      ? undefined
      : {
          key,
          value: row.prev_value as Uint8Array,
          createRevision: row.prev_create_revision as number,
          modRevision: row.prev_mod_revision as number,
        };
  if (row.value == null) {
    // A delete always has a previous version unless compaction took it; then there is nothing to report.
    return prev === undefined ? { type: 'PROGRESS', revision } : { type: 'DELETED', revision, prev };
  }
  const kv: KeyValue = { key, value: row.value as Uint8Array, createRevision: row.create_revision as number, modRevision: revision };
  return prev === undefined ? { type: 'ADDED', revision, kv } : { type: 'MODIFIED', revision, kv, prev };
}
