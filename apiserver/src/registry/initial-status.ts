// The status a new object starts with, for kinds with a status subresource: what the client sent
// is dropped (only the status subresource writes status), as kube-apiserver's strategies do.

import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from './resource-definition.ts';

const startingStatus: Readonly<Record<string, JsonObject>> = {
  '/Namespace': { phase: 'Active' },
  '/Pod': { phase: 'Pending' },
};

/** undefined: the kind keeps what the client sent (it has no status subresource). null: no status. */
export function initialStatus(definition: ResourceDefinition): JsonObject | null | undefined {
  if (!definition.subresources.some((s) => s.name === 'status')) return undefined;
  return startingStatus[`${definition.group}/${definition.kind}`] ?? null;
}
