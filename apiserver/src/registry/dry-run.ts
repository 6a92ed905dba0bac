// The dryRun query parameter of a write: "All" runs every stage but the write; any other value is
// kube's 422 on the operation's options kind.

import { fieldNotSupported, newInvalid } from '@capstan/common';

export type WriteOptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions';

export function dryRunOf(query: URLSearchParams, optionsKind: WriteOptionsKind): boolean {
  const values = query.getAll('dryRun').filter((value) => value !== '');
  if (values.length === 0) return false;
  if (values.every((value) => value === 'All')) return true;
  throw newInvalid({ group: 'meta.k8s.io', kind: optionsKind }, '', [fieldNotSupported('dryRun', values, ['All'])]);
}
