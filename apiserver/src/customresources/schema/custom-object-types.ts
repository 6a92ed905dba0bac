// A served version's structural schema read as type declarations, the language server-side apply
// and its field tracking speak (as kube turns a CRD's schema into structured-merge-diff types):
// objects with properties are structs, objects with additionalProperties maps, arrays lists of
// their x-kubernetes-list-type (atomic when unset, as for every custom resource), and values the
// schema leaves open (x-kubernetes-preserve-unknown-fields, no type) free-form. The root and every
// embedded resource hold apiVersion, kind and the built-in ObjectMeta. Every field is optional
// (Go's pointer): a custom object's zero value is empty.

import type { FieldDeclaration, Schema, StructDeclaration, TypeLookup } from '@capstan/common/schema';
import type { Structural } from './structural-schema.ts';

/** The kind's type by its name, and the lookup that finds it and every type it reaches. */
export interface DeclaredTypes {
  readonly typeName: string;
  readonly lookup: TypeLookup;
}

const objectMetaTypeName = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const freeForm: Schema = { type: 'object' };

/** The declarations of `kind` in `apiVersion` from its schema (none: an object that keeps every field), over the built-in types. */
export function customObjectTypes(schema: Structural | undefined, apiVersion: string, kind: string, builtin: TypeLookup): DeclaredTypes {
  const structs = new Map<string, StructDeclaration>();
  const typeName = `${apiVersion}.${kind}`;
  declareStruct(schema ?? { type: 'object', preserveUnknownFields: true }, typeName, true, structs);
  return { typeName, lookup: (name) => structs.get(name) ?? builtin(name) };
}

/** Declares the struct of an object node under `name`; `resource`: it holds apiVersion, kind and metadata. */
function declareStruct(node: Structural, name: string, resource: boolean, structs: Map<string, StructDeclaration>): void {
  const fields: Record<string, FieldDeclaration> = {};
  for (const [key, property] of node.properties ?? []) fields[key] = fieldOf(property, `${name}.${key}`, structs);
  if (resource) {
    fields.apiVersion ??= { schema: { type: 'string' }, description: '', pointer: true };
    fields.kind ??= { schema: { type: 'string' }, description: '', pointer: true };
    fields.metadata = { schema: { type: 'ref', name: objectMetaTypeName }, description: '', pointer: true };
  }
  structs.set(name, {
    kind: 'struct',
    name,
    description: '',
    fields,
    ...(node.mapType === 'atomic' ? { mapType: 'atomic' } : {}),
    ...(node.preserveUnknownFields === true ? { preservesUnknownFields: true } : {}),
  });
}

function fieldOf(node: Structural, name: string, structs: Map<string, StructDeclaration>): FieldDeclaration {
  const markers: { -readonly [K in keyof FieldDeclaration]?: FieldDeclaration[K] } = {};
  if (node.type === 'array') {
    markers.listType = node.listType === 'set' || node.listType === 'map' ? node.listType : 'atomic';
    if (node.listType === 'map' && node.listMapKeys !== undefined) markers.listMapKeys = node.listMapKeys;
  }
  if (node.mapType === 'atomic') markers.mapType = 'atomic';
  return { schema: schemaOf(node, name, structs), description: '', pointer: true, ...markers };
}

function schemaOf(node: Structural, name: string, structs: Map<string, StructDeclaration>): Schema {
  if (node.intOrString === true) return { type: 'string' };
  switch (node.type) {
    case 'string':
      return typeof node.default === 'string' ? { type: 'string', default: node.default } : { type: 'string' };
    case 'boolean':
      return typeof node.default === 'boolean' ? { type: 'boolean', default: node.default } : { type: 'boolean' };
    case 'integer':
      return typeof node.default === 'number' ? { type: 'integer', format: 'int64', default: node.default } : { type: 'integer', format: 'int64' };
    case 'number':
      return typeof node.default === 'number' ? { type: 'number', format: 'double', default: node.default } : { type: 'number', format: 'double' };
    case 'array':
      // A list of lists keeps no markers for the inner one: it is atomic, as kube reads it too.
      return { type: 'list', items: node.items === undefined ? freeForm : schemaOf(node.items, `${name}[]`, structs) };
    case 'object':
      return objectSchemaOf(node, name, structs);
    default:
      // No type: only x-kubernetes-preserve-unknown-fields (or an embedded resource) allows it.
      return node.embeddedResource === true ? objectSchemaOf(node, name, structs) : freeForm;
  }
}

function objectSchemaOf(node: Structural, name: string, structs: Map<string, StructDeclaration>): Schema {
  const { additionalProperties } = node;
  if (node.properties === undefined && node.embeddedResource !== true) {
    if (typeof additionalProperties === 'object') return { type: 'map', values: schemaOf(additionalProperties, `${name}{}`, structs) };
    if (additionalProperties === true) return { type: 'map', values: freeForm };
    if (node.preserveUnknownFields === true) return freeForm;
  }
  declareStruct(node, name, node.embeddedResource === true, structs);
  return { type: 'ref', name };
}
