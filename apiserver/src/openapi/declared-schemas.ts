// The components/schemas of one group-version's OpenAPI v3 document, derived from the type
// declarations: every type the group-version's kinds reach. A kind whose types are not all
// declared yet gets the shallow schema instead (an object that keeps unknown fields), so that
// kubectl's client-side validation never meets a dangling reference.

import type { OpenApiSchemaOptions, TypeDeclaration } from '@capstan/common/schema';
import { builtinTypes, openApiSchemaOf } from '@capstan/common/schema';

type Json = Record<string, unknown>;

/** What every group-version document carries besides its own kinds: the shared metadata, option and status kinds. */
const sharedRoots = [
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
  'io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList',
  'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Patch',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Status',
  'io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent',
];

/** The names a type refers to, directly. */
function referencesOf(declaration: TypeDeclaration): string[] {
  if (declaration.kind === 'opaque') return [];
  const names: string[] = [];
  const visit = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) return;
    if ('type' in schema && schema.type === 'ref' && 'name' in schema && typeof schema.name === 'string') names.push(schema.name);
    for (const value of Object.values(schema)) visit(value);
  };
  for (const field of Object.values(declaration.fields)) visit(field.schema);
  return names;
}

/** Every type `root` reaches, itself included, by name; undefined when one of them is not declared. */
export function declaredClosure(root: string): Map<string, TypeDeclaration> | undefined {
  const reached = new Map<string, TypeDeclaration>();
  const pending = [root];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name)) continue;
    const declaration = builtinTypes.get(name);
    if (declaration === undefined) return undefined;
    reached.set(name, declaration);
    pending.push(...referencesOf(declaration));
  }
  return reached;
}

/**
 * The schemas for a document whose kinds are `kindNames` (each kind's List too): exact for every
 * kind whose closure is declared, `shallow(name)` for the others.
 */
export function documentSchemas(kindNames: readonly string[], shallow: (name: string) => Json, options: OpenApiSchemaOptions = {}): Record<string, Json> {
  const schemas: Record<string, Json> = declaredSchemas(sharedRoots, options);
  const add = (declarations: ReadonlyMap<string, TypeDeclaration>): void => {
    for (const [name, declaration] of declarations) schemas[name] ??= openApiSchemaOf(declaration, options);
  };
  for (const kind of kindNames) {
    for (const name of [kind, `${kind}List`]) {
      const closure = declaredClosure(name);
      if (closure !== undefined) add(closure);
      else if (name === kind) schemas[name] = shallow(name);
    }
  }
  return schemas;
}

/** The schemas of every type the roots reach, for each root whose closure is declared. */
export function declaredSchemas(roots: readonly string[], options: OpenApiSchemaOptions = {}): Record<string, Json> {
  const schemas: Record<string, Json> = {};
  for (const root of roots) {
    for (const [name, declaration] of declaredClosure(root) ?? []) schemas[name] ??= openApiSchemaOf(declaration, options);
  }
  return schemas;
}
