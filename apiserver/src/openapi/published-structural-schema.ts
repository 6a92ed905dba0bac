// A CustomResourceDefinition version's openAPIV3Schema as kube-apiserver publishes it: read as a
// structural schema (apiextensions' NewStructural: what it cannot hold, such as examples and
// externalDocs, is dropped), unfolded (an x-kubernetes-int-or-string node gains its anyOf of
// integer and string) and written back with go-openapi's field order. A schema that is not
// structural is not published (kube publishes an untyped object in its place).

import { isObject } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { structuralConversionError, structuralSchemaErrors } from '../resources/apiextensions/customresourcedefinitions/structural-schema-validation.ts';

type Json = Record<string, unknown>;

/** The schema to publish, or undefined when the version has none that is structural. */
export function publishedStructuralSchema(openAPIV3Schema: unknown): Json | undefined {
  if (!isObject(openAPIV3Schema)) return undefined;
  if (structuralConversionError(openAPIV3Schema) !== undefined) return undefined;
  if (structuralSchemaErrors(openAPIV3Schema, 'openAPIV3Schema').length > 0) return undefined;
  return structuralNode(openAPIV3Schema, false);
}

const intOrStringAnyOf = (): Json[] => [{ type: 'integer' }, { type: 'string' }];

/** The integer-or-string anyOf, exactly: a node that has it already is not unfolded again. */
const isIntOrStringAnyOf = (clauses: unknown): boolean => Array.isArray(clauses) && clauses.length === 2 && isTypeOnly(clauses[0], 'integer') && isTypeOnly(clauses[1], 'string');
const isTypeOnly = (clause: unknown, type: string): boolean => isObject(clause) && clause.type === type && Object.keys(clause).length === 1;

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';
const nonEmptyArray = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > 0;

/**
 * One node, in go-openapi's field order. `nested` nodes are those of allOf, anyOf, oneOf and not
 * (kube's NestedValueValidation): an additionalProperties of true is an empty schema there, and
 * they are not unfolded.
 */
function structuralNode(schema: JsonObject, nested: boolean): Json {
  const node: Json = {};
  if (nonEmptyString(schema.description)) node.description = schema.description;
  if (nonEmptyString(schema.type)) node.type = schema.type;
  if (schema.nullable === true) node.nullable = true;
  if (nonEmptyString(schema.format)) node.format = schema.format;
  if (nonEmptyString(schema.title)) node.title = schema.title;
  // A default of JSON null is no default (kube holds it as a nil interface).
  if (schema.default !== undefined && schema.default !== null) node.default = schema.default;
  // The CRD's validation has checked the values' types: numbers, true for the flags, a pattern string.
  for (const key of ['maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf']) {
    const value = schema[key];
    if (typeof value === 'number' || value === true || nonEmptyString(value)) node[key] = value;
  }
  if (nonEmptyArray(schema.enum)) node.enum = schema.enum;
  if (typeof schema.maxProperties === 'number') node.maxProperties = schema.maxProperties;
  if (typeof schema.minProperties === 'number') node.minProperties = schema.minProperties;
  if (nonEmptyArray(schema.required)) node.required = schema.required;
  if (isObject(schema.items)) node.items = structuralNode(schema.items, nested);
  const junctors = {
    allOf: clausesOf(schema.allOf),
    oneOf: clausesOf(schema.oneOf),
    anyOf: clausesOf(schema.anyOf),
  };
  if (!nested && schema['x-kubernetes-int-or-string'] === true) unfoldIntOrString(junctors);
  for (const [junctor, clauses] of Object.entries(junctors)) if (clauses.length > 0) node[junctor] = clauses;
  if (isObject(schema.not)) node.not = structuralNode(schema.not, true);
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
    node.properties = Object.fromEntries(
      Object.keys(schema.properties)
        .sort()
        .map((name) => {
          const property = (schema.properties as JsonObject)[name];
          return [name, structuralNode(isObject(property) ? property : {}, nested)];
        }),
    );
  }
  const additional = schema.additionalProperties;
  if (isObject(additional)) node.additionalProperties = structuralNode(additional, nested);
  else if (typeof additional === 'boolean' && !nested) node.additionalProperties = additional;
  else if (additional === true) node.additionalProperties = {};
  return Object.assign(node, extensionsOf(schema));
}

const clausesOf = (clauses: unknown): Json[] => (Array.isArray(clauses) ? clauses.map((clause) => structuralNode(isObject(clause) ? clause : {}, true)) : []);

/** The x-kubernetes-* extensions a structural schema keeps, by name as a Go map writes them. */
function extensionsOf(schema: JsonObject): Json {
  const extensions: Json = {};
  if (schema['x-kubernetes-embedded-resource'] === true) extensions['x-kubernetes-embedded-resource'] = true;
  if (schema['x-kubernetes-int-or-string'] === true) extensions['x-kubernetes-int-or-string'] = true;
  if (nonEmptyArray(schema['x-kubernetes-list-map-keys'])) extensions['x-kubernetes-list-map-keys'] = schema['x-kubernetes-list-map-keys'];
  if (typeof schema['x-kubernetes-list-type'] === 'string') extensions['x-kubernetes-list-type'] = schema['x-kubernetes-list-type'];
  if (typeof schema['x-kubernetes-map-type'] === 'string') extensions['x-kubernetes-map-type'] = schema['x-kubernetes-map-type'];
  if (schema['x-kubernetes-preserve-unknown-fields'] === true) extensions['x-kubernetes-preserve-unknown-fields'] = true;
  if (nonEmptyArray(schema['x-kubernetes-validations'])) extensions['x-kubernetes-validations'] = schema['x-kubernetes-validations'];
  return extensions;
}

/**
 * kube's Unfold: an int-or-string node says so with anyOf [integer, string]; when it has an anyOf
 * of its own already, the pair goes into a first allOf clause instead.
 */
function unfoldIntOrString(junctors: { allOf: Json[]; anyOf: Json[] }): void {
  if (isIntOrStringAnyOf(junctors.anyOf) || isIntOrStringAnyOf(junctors.allOf[0]?.anyOf)) return;
  if (junctors.anyOf.length === 0) junctors.anyOf = intOrStringAnyOf();
  else junctors.allOf = [{ anyOf: intOrStringAnyOf() }, ...junctors.allOf];
}
