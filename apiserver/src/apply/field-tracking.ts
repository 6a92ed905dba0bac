// The field manager of a request: for the resource and subresource it writes, when Capstan
// declares the kind (the declarations load with the first write) or a custom resource's schema
// does, and the manager's name: the request's fieldManager, or else the User-Agent's product, as
// kube takes it.

import type { IncomingMessage } from 'node:http';
import { groupVersionString } from '@capstan/common';
import { declaredTypesOf, type TypedResource } from './declared-types.ts';
import { FieldManager } from './field-manager.ts';
import { SchemaNodes } from './schema-nodes.ts';

const fieldManagerMaxLength = 128;

/**
 * One field manager per resource declaration and subresource, made on first use. By declaration:
 * a custom resource's is made anew when its CRD changes, and its managers with it.
 */
const managers = new WeakMap<ManagedResource, Map<string, FieldManager | undefined>>();

/** What a field manager needs of a resource (a ResourceDefinition has it): its kind and version, its schema if custom, and whether it has a status subresource. */
export interface ManagedResource extends TypedResource {
  readonly resource: string;
  readonly subresources: readonly { readonly name: string }[];
}

export async function fieldManagerFor(definition: ManagedResource, subresource = ''): Promise<FieldManager | undefined> {
  let bySubresource = managers.get(definition);
  if (bySubresource === undefined) managers.set(definition, (bySubresource = new Map()));
  if (bySubresource.has(subresource)) return bySubresource.get(subresource);
  const manager = await newFieldManager(definition, subresource);
  bySubresource.set(subresource, manager);
  return manager;
}

async function newFieldManager(definition: ManagedResource, subresource: string): Promise<FieldManager | undefined> {
  const types = await declaredTypesOf(definition);
  if (types === undefined) return undefined;
  return new FieldManager({
    nodes: new SchemaNodes(types.lookup),
    typeName: types.typeName,
    apiVersion: groupVersionString(definition.group, definition.version),
    subresource,
    hasStatus: definition.subresources.some((s) => s.name === 'status'),
    now: () => new Date(),
  });
}

/** kube's managerOrUserAgent: the fieldManager asked for, or the User-Agent up to its first '/', printable, at most 128 bytes. */
export function managerOf(query: URLSearchParams, request: IncomingMessage): string {
  const asked = query.get('fieldManager') ?? '';
  if (asked !== '') return asked;
  const product = (request.headers['user-agent'] ?? '').split('/')[0] ?? '';
  let manager = '';
  for (const ch of product) {
    if (/[\p{C}]/u.test(ch)) continue;
    if (Buffer.byteLength(manager + ch) > fieldManagerMaxLength) break;
    manager += ch;
  }
  return manager;
}
