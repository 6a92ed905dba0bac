// The declarations of the built-in types, loaded with the first request that needs them (they are
// large): the lookup by schema name, and the declared type of a served resource.

import type { TypeLookup } from '@capstan/common/schema';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { schemaName } from './schema-name.ts';

type SchemaModule = typeof import('@capstan/common/schema');

let schemaModule: Promise<SchemaModule> | undefined;

/** The schema module, imported once (an import() of a loaded module still resolves it each time). */
export const loadSchemaModule = (): Promise<SchemaModule> => (schemaModule ??= import('@capstan/common/schema'));

let lookup: TypeLookup | undefined;

export async function builtinTypeLookup(): Promise<TypeLookup> {
  if (lookup !== undefined) return lookup;
  const { builtinTypes } = await loadSchemaModule();
  return (lookup = (name) => builtinTypes.get(name));
}

/** The schema name of a resource's kind when Capstan declares it (every built-in kind). */
export async function declaredTypeName(definition: Pick<ResourceDefinition, 'group' | 'version' | 'kind'>): Promise<string | undefined> {
  const name = schemaName(definition);
  return (await builtinTypeLookup())(name) === undefined ? undefined : name;
}
