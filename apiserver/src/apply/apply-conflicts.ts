// kube's 409 for an apply that would change fields other managers own: one cause per field
// ("conflict with \"manager\" using apps/v1"), and a message that lists them by manager.

import { newApplyConflict, type StatusError } from '@capstan/common';
import { printPath } from './field-set.ts';
import type { ManagerEntry } from './managed-fields.ts';

export interface Conflict {
  readonly manager: ManagerEntry;
  readonly path: readonly string[];
}

/** How kube names a manager in a conflict: quoted, with its subresource, and its version for updates. */
function printManager(entry: ManagerEntry): string {
  let name = JSON.stringify(entry.manager);
  if (entry.subresource !== '') name = `${name} with subresource ${JSON.stringify(entry.subresource)}`;
  return entry.operation === 'Update' ? `${name} using ${entry.apiVersion}` : name;
}

export function applyConflictError(conflicts: readonly Conflict[]): StatusError {
  const causes = conflicts.map((conflict) => ({ reason: 'FieldManagerConflict', message: `conflict with ${printManager(conflict.manager)}`, field: printPath(conflict.path) }));
  if (conflicts.length === 1) {
    const [only] = conflicts as [Conflict];
    return newApplyConflict(causes, `Apply failed with 1 conflict: conflict with ${printManager(only.manager)}: ${printPath(only.path)}`);
  }
  const byManager = new Map<string, string[]>();
  for (const conflict of conflicts) {
    const manager = printManager(conflict.manager);
    byManager.set(manager, [...(byManager.get(manager) ?? []), printPath(conflict.path)]);
  }
  const lines = [...byManager.keys()].sort().flatMap((manager) => [`conflicts with ${manager}:`, ...(byManager.get(manager) as string[]).map((path) => `- ${path}`)]);
  return newApplyConflict(causes, `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`);
}
