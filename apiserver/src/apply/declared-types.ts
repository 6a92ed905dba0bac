// The declared type of a resource's objects, as server-side apply and managedFields read them: a
// built-in kind's declaration, or the types a custom resource's structural schema makes.

import { builtinTypeLookup, declaredTypeName } from '../openapi/builtin-type-lookup.ts';
import type { DeclaredTypes } from '../customresources/schema/custom-object-types.ts';

export type { DeclaredTypes };

/** What the lookup reads of a resource: its kind, and the schema a custom resource carries. */
export interface TypedResource {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly behaviour?: { readonly schema: { types(): Promise<DeclaredTypes> } | undefined };
}

/** The resource's declared types, or undefined when its kind is neither built in nor structural. */
export async function declaredTypesOf(resource: TypedResource): Promise<DeclaredTypes | undefined> {
  const custom = resource.behaviour?.schema;
  if (custom !== undefined) return custom.types();
  const typeName = await declaredTypeName(resource);
  return typeName === undefined ? undefined : { typeName, lookup: await builtinTypeLookup() };
}
