// The keys of the tables that give built-in resources their behaviour (strategies, defaulters,
// validators, table columns, ...). The tables are typed by the built-in keys (builtin-resources.ts),
// so a misspelt or unknown key is a type error; they are read with any resource's key, and a
// custom resource finds nothing.

import { groupVersionString } from '@capstan/common';
import type { BuiltinKindKey, BuiltinResourceKey, BuiltinVersionedResourceKey } from './builtin-resources.ts';
import type { ResourceDefinition } from './resource-definition.ts';

export type { BuiltinKindKey, BuiltinResourceKey, BuiltinVersionedResourceKey };

/** "/Pod", "apps/Deployment". */
export const kindKeyOf = (definition: Pick<ResourceDefinition, 'group' | 'kind'>): string => `${definition.group}/${definition.kind}`;

/** "/pods", "apps/deployments". */
export const resourceKeyOf = (definition: Pick<ResourceDefinition, 'group' | 'resource'>): string => `${definition.group}/${definition.resource}`;

/** "v1/pods", "batch/v1/jobs". */
export const versionedResourceKeyOf = (definition: Pick<ResourceDefinition, 'group' | 'version' | 'resource'>): string =>
  `${groupVersionString(definition.group, definition.version)}/${definition.resource}`;

/** The entry of a table keyed by built-in keys, for any key. */
export function lookup<K extends string, V>(table: Readonly<Partial<Record<K, V>>> | ReadonlyMap<K, V>, key: string): V | undefined {
  if (table instanceof Map) return (table as ReadonlyMap<string, V>).get(key);
  return Object.hasOwn(table, key) ? (table as Readonly<Record<string, V>>)[key] : undefined;
}

/** Whether a set of built-in keys holds a key. */
export const holds = <K extends string>(set: ReadonlySet<K>, key: string): boolean => (set as ReadonlySet<string>).has(key);
