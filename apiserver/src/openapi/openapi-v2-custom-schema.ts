// A custom kind's published schema cut down to what /openapi/v2 and kubectl's v2 readers can take
// (apiextensions' ToStructuralOpenAPIV2, then the default pruning of the v2 handler): no allOf,
// anyOf, oneOf or not; a nullable node loses its type and its shape; a node that keeps unknown
// fields loses its properties and items (and its object type); an array left without items loses
// its type; a nullable property is not required; and no defaults.

import { isObject } from '../registry/defaulting/json-fields.ts';

type Json = Record<string, unknown>;

export function openApiV2CustomSchemaOf(schema: Json): Json {
  const node: Json = { ...schema };
  for (const key of ['allOf', 'anyOf', 'oneOf', 'not', 'default']) delete node[key];
  if (node.nullable === true) {
    // Untyped, so that null is a value kubectl accepts; an untyped node with a shape breaks kubectl.
    delete node.type;
    delete node.nullable;
    delete node.items;
    delete node.properties;
  }
  const preserves = node['x-kubernetes-preserve-unknown-fields'] === true;
  if (preserves) {
    delete node.items;
    delete node.properties;
  }
  if (node.type === 'array' && node.items === undefined) delete node.type;
  if (preserves && node.type === 'object') delete node.type;
  // What is nullable cannot be required: kubectl would refuse a null.
  if (isObject(node.properties) && Array.isArray(node.required)) {
    const properties = node.properties;
    const required = node.required.filter((name) => !(isObject(properties[name]) && properties[name].nullable === true));
    if (required.length > 0) node.required = required;
    else delete node.required;
  }
  if (isObject(node.additionalProperties) && node.additionalProperties.nullable === true) delete node.required;

  if (isObject(node.items)) node.items = openApiV2CustomSchemaOf(node.items);
  if (isObject(node.properties)) {
    node.properties = Object.fromEntries(Object.entries(node.properties).map(([name, property]) => [name, isObject(property) ? openApiV2CustomSchemaOf(property) : property]));
  }
  if (isObject(node.additionalProperties)) node.additionalProperties = openApiV2CustomSchemaOf(node.additionalProperties);
  return node;
}
