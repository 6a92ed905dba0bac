// The status a new object starts with, for kinds with a status subresource: what the client sent
// is dropped (only the status subresource writes status), as kube-apiserver's strategies do, except
// for the kinds that keep what was sent on create (a kubelet registers its Node with its status).

import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

/**
 * undefined: the kind keeps what the client sent (it has no status subresource). A built-in
 * kind's status is a Go struct, which kube writes even when it is empty: {} by default.
 */
export function initialStatus(definition: ResourceDefinition, sent: unknown): JsonObject | null | undefined {
  if (!definition.subresources.some((s) => s.name === 'status')) return undefined;
  const { initialStatus: starting } = definition.behaviour;
  if (starting === 'asSent') return sent !== null && typeof sent === 'object' ? undefined : {};
  if (starting === 'none') return null;
  return structuredClone(starting ?? {});
}
