// An ApplyConfiguration mutation of a MutatingAdmissionPolicy applied to an object, as kube's
// ApplyStructuredMergeDiff does it: the configuration is read through the schema of the object's
// kind (a field the kind does not declare is an error), may not set anything inside an atomic
// list, map or struct (those cannot be merged into, only replaced, which an apply configuration
// does not mean), and is then merged into the object as server-side apply merges: structs and
// granular maps field by field, associative lists item by item by their keys, scalars replaced.

import type { JsonObject } from '../../registry/object-meta.ts';
import { declaredTypesOf, type TypedResource } from '../../apply/declared-types.ts';
import { mergeConfiguration } from '../../apply/apply-merge.ts';
import { isAtomic, SchemaNodes, type SchemaNode } from '../../apply/schema-nodes.ts';
import { isPlainObject } from '../../patch/merge-patch.ts';

/** Why a configuration could not be applied; its message is kube's. */
export class ApplyConfigurationError extends Error {
  override name = 'ApplyConfigurationError';
}

interface KindSchema {
  readonly nodes: SchemaNodes;
  readonly root: SchemaNode;
}

/** The schema nodes of each resource declaration, made on first use. */
const schemas = new WeakMap<TypedResource, Promise<KindSchema | undefined>>();

function kindSchemaOf(resource: TypedResource): Promise<KindSchema | undefined> {
  let schema = schemas.get(resource);
  if (schema === undefined) {
    schema = declaredTypesOf(resource).then((types) => {
      if (types === undefined) return undefined;
      const nodes = new SchemaNodes(types.lookup);
      return { nodes, root: nodes.ofType(types.typeName) };
    });
    schemas.set(resource, schema);
  }
  return schema;
}

/** structured-merge-diff's path elements: `.field`, `[index]`, `[key=value,...]` for associative list items. */
function itemElement(item: unknown, index: number, node: SchemaNode): string {
  if (node.kind === 'list' && node.listType === 'map' && isPlainObject(item) && node.keys.every((key) => item[key] !== undefined)) {
    return `[${node.keys.map((key) => `${key}=${JSON.stringify(item[key])}`).join(',')}]`;
  }
  if (node.kind === 'list' && node.listType === 'set') return `[=${JSON.stringify(item)}]`;
  return `[${index}]`;
}

/** The fields of the configuration its kind does not declare, by path (kube's "field not declared in schema"). */
function undeclaredFields(value: unknown, node: SchemaNode, nodes: SchemaNodes, path: string): string[] {
  if (node.kind === 'list' && Array.isArray(value)) {
    const items = node.items();
    return value.flatMap((item, index) => undeclaredFields(item, items, nodes, `${path}${itemElement(item, index, node)}`));
  }
  if (!isPlainObject(value) || (node.kind !== 'struct' && node.kind !== 'map')) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const childNode = nodes.fieldOf(node, key);
    if (childNode === undefined) return [`${path}.${key}`];
    return undeclaredFields(child, childNode, nodes, `${path}.${key}`);
  });
}

/** The paths of the atomic lists, maps and structs the configuration sets (kube's findAtomics, with list items by index). */
function atomicPaths(value: unknown, node: SchemaNode, nodes: SchemaNodes, path: string): string[] {
  if (node.kind === 'list' && Array.isArray(value)) {
    const items = node.items();
    const here = isAtomic(node) ? [path] : [];
    return [...here, ...value.flatMap((item, index) => atomicPaths(item, items, nodes, `${path}[${index}]`))];
  }
  if ((node.kind === 'struct' || node.kind === 'map') && isPlainObject(value)) {
    const here = isAtomic(node) ? [path] : [];
    return [
      ...here,
      ...Object.entries(value).flatMap(([key, child]) => {
        const childNode = nodes.fieldOf(node, key);
        return childNode === undefined ? [] : atomicPaths(child, childNode, nodes, `${path}.${key}`);
      }),
    ];
  }
  return [];
}

/** The object with the configuration merged in; an ApplyConfigurationError when it cannot be. */
export async function applyConfiguration(object: JsonObject, configuration: JsonObject, resource: TypedResource): Promise<JsonObject> {
  const schema = await kindSchemaOf(resource);
  if (schema === undefined) throw new ApplyConfigurationError(`type converter must not be nil`);
  const { nodes, root } = schema;
  const undeclared = undeclaredFields(configuration, root, nodes, '');
  if (undeclared.length === 1) throw new ApplyConfigurationError(`failed to convert patch object to typed object: ${undeclared[0]}: field not declared in schema`);
  if (undeclared.length > 1) {
    throw new ApplyConfigurationError(`failed to convert patch object to typed object: errors:\n${undeclared.map((path) => `  ${path}: field not declared in schema`).join('\n')}`);
  }
  const atomics = atomicPaths(configuration, root, nodes, '');
  if (atomics.length > 0) throw new ApplyConfigurationError(`invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(', ')}`);
  return mergeConfiguration(object, configuration, root, nodes) as JsonObject;
}
