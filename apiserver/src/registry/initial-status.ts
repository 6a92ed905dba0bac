// The status a new object starts with, for kinds with a status subresource: what the client sent
// is dropped (only the status subresource writes status), as kube-apiserver's strategies do, except
// for Nodes, which keep all their fields on create (a kubelet registers with its status).

import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { kindKeyOf, lookup, type BuiltinKindKey } from '../resources/builtin-keys.ts';

const startingStatus: Readonly<Partial<Record<BuiltinKindKey, JsonObject>>> = {
  '/Namespace': { phase: 'Active' },
  '/Pod': { phase: 'Pending' },
  '/PersistentVolume': { phase: 'Pending' },
  '/PersistentVolumeClaim': { phase: 'Pending' },
  '/Service': { loadBalancer: {} },
};

/**
 * undefined: the kind keeps what the client sent (it has no status subresource). A built-in
 * kind's status is a Go struct, which kube writes even when it is empty: {} by default.
 */
export function initialStatus(definition: ResourceDefinition, sent: unknown): JsonObject | null | undefined {
  if (!definition.subresources.some((s) => s.name === 'status')) return undefined;
  if (definition.group === '' && definition.kind === 'Node' && sent !== null && typeof sent === 'object') return undefined;
  return structuredClone(lookup(startingStatus, kindKeyOf(definition)) ?? {});
}
