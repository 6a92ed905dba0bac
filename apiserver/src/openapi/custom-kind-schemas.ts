// The schemas kube-apiserver publishes for a custom resource's version (apiextensions' OpenAPI
// builder): the kind, from the version's schema with apiVersion, kind and metadata (a reference to
// ObjectMeta) put in, embedded resources given the same, and its group-version-kind and selectable
// fields; and its List. In v2 form a kind that keeps unknown fields at its root is an untyped
// object, since kubectl's v2 validation would refuse every field it does not list.

import { isObject } from '../registry/defaulting/json-fields.ts';
import type { CustomKind, CustomResourceDefinition } from '../resources/resource-definition.ts';
import { openApiV2CustomSchemaOf } from './openapi-v2-custom-schema.ts';
import { definitionRefPrefix } from './openapi-v2-schema.ts';
import { publishedStructuralSchema } from './published-structural-schema.ts';
import { customSchemaName, listMetaSchemaName, objectMetaSchemaName } from './schema-name.ts';

type Json = Record<string, unknown>;

export type OpenApiForm = 'v2' | 'v3';

// The descriptions of the type meta and metadata every kind has (the first words are those that
// kubectl explain shows for them, which clients and the conformance tests look for).
const apiVersionDescription = 'APIVersion defines the group and version of the schema this object follows, such as "v1" or "example.com/v1".';
const kindDescription = 'Kind is the kind of object this is, in CamelCase, such as "Pod".';
const metadataDescription = "Standard object's metadata: its name, namespace, labels and the other metadata every object has.";
const listMetadataDescription = 'Standard list metadata: where this page of the list stands, its resourceVersion and continue token.';

const refTo = (name: string, form: OpenApiForm): Json => ({ $ref: form === 'v2' ? `${definitionRefPrefix}${name}` : `#/components/schemas/${name}` });

/** A described reference: v3 wraps it in allOf to give it a sibling, v2 need not. */
const describedRef = (name: string, form: OpenApiForm, description: string): Json =>
  form === 'v2' ? { description, ...refTo(name, form) } : { description, allOf: [refTo(name, form)] };

const typeMeta = (): Record<'apiVersion' | 'kind', Json> => ({
  apiVersion: { description: apiVersionDescription, type: 'string' },
  kind: { description: kindDescription, type: 'string' },
});

/** The properties every object has: its type meta and its ObjectMeta. */
const objectMeta = (form: OpenApiForm): Record<string, Json> => ({ ...typeMeta(), metadata: describedRef(objectMetaSchemaName, form, metadataDescription) });

/** The kind's and the List's schemas, by their definition names. */
export function customKindSchemas(definition: CustomResourceDefinition, form: OpenApiForm): Record<string, Json> {
  const { group, version, kind, custom: customKind } = definition;
  const kindName = customSchemaName(group, version, kind);
  const selectable = customKind.selectableFields.map((path) => ({ fieldPath: path.replace(/^\./, '') }));
  const extensions = (gvkKind: string): Json => ({
    'x-kubernetes-group-version-kind': [{ group, kind: gvkKind, version }],
    ...(selectable.length > 0 ? { 'x-kubernetes-selectable-fields': selectable } : {}),
  });
  const list: Json = {
    description: `${customKind.listKind} is a list of ${kind}`,
    type: 'object',
    required: ['items'],
    properties: sortedProperties({
      ...typeMeta(),
      items: {
        description: `The ${definition.resource} of this page.`,
        type: 'array',
        items: refTo(kindName, form),
      },
      metadata: describedRef(listMetaSchemaName, form, listMetadataDescription),
    }),
    ...extensions(customKind.listKind),
  };
  return {
    [kindName]: { ...kindSchema(customKind, form), ...extensions(kind) },
    [customSchemaName(group, version, customKind.listKind)]: list,
  };
}

/** kube's buildKubeNative: the version's schema with the type meta and metadata every kind has. */
function kindSchema(customKind: CustomKind, form: OpenApiForm): Json {
  const structural = publishedStructuralSchema(customKind.openAPIV3Schema);
  // Without a schema no properties at all: kubectl would take them as the only fields allowed.
  if (structural === undefined) return { type: 'object' };
  if (form === 'v2' && (structural['x-kubernetes-preserve-unknown-fields'] === true || customKind.preserveUnknownFields)) return { type: 'object' };
  const schema = form === 'v2' ? openApiV2CustomSchemaOf(structural) : structural;
  const properties = { ...((schema.properties as Record<string, Json> | undefined) ?? {}), ...objectMeta(form) };
  return withEmbeddedProperties({ ...schema, properties: sortedProperties(properties) }, form);
}

/**
 * kube's addEmbeddedProperties: every x-kubernetes-embedded-resource object gets apiVersion, kind
 * and metadata, and requires kind and apiVersion; in v2 not one that keeps unknown fields (its
 * listed fields would make kubectl refuse the others).
 */
function withEmbeddedProperties(schema: Json, form: OpenApiForm): Json {
  const node: Json = { ...schema };
  if (isObject(node.properties)) {
    node.properties = Object.fromEntries(Object.entries(node.properties).map(([name, property]) => [name, isObject(property) ? withEmbeddedProperties(property, form) : property]));
  }
  if (isObject(node.items)) node.items = withEmbeddedProperties(node.items, form);
  if (isObject(node.additionalProperties)) node.additionalProperties = withEmbeddedProperties(node.additionalProperties, form);
  if (form === 'v2' && node['x-kubernetes-preserve-unknown-fields'] === true) return node;
  if (node['x-kubernetes-embedded-resource'] !== true) return node;
  node.properties = sortedProperties({ ...(isObject(node.properties) ? node.properties : {}), ...objectMeta(form) });
  const required = Array.isArray(node.required) ? [...(node.required as string[])] : [];
  for (const name of ['kind', 'apiVersion']) if (!required.includes(name)) required.push(name);
  node.required = required;
  return node;
}

/** Properties by name, as a Go map is written. */
const sortedProperties = (properties: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
