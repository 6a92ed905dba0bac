// The CEL type of the values an OpenAPI v3 (structural) schema describes, as Kubernetes declares
// them to expressions of custom resource rules and admission policies: objects with properties are
// object types whose reachable properties are fields, additionalProperties are map(string, T),
// arrays lists, integer int, number double, strings by format (byte: bytes, date and date-time:
// timestamp, duration: duration), int-or-string dyn. A schema that cannot be typed (no type, or a
// list or map of such) is not exposed at all: its property is left out of its object.
// x-kubernetes-preserve-unknown-fields is ignored: an object exposes its declared properties only.

import { escapePropertyName } from './property-names.ts';
import { jsonSizes, maxBytesOfMaxLength, maxListItemsPerRequest, maxMapEntriesPerRequest, maxStringBytesPerRequest, utf8Length, zeroIfNegative } from './serialized-sizes.ts';
import type { CelType, DeclField, ListType, SchemaSizes } from './cel-types.ts';

/** The parts of an OpenAPI v3 schema (a CRD's JSONSchemaProps) that decide the CEL type. */
export interface OpenApiV3Schema {
  readonly type?: string;
  readonly format?: string;
  readonly properties?: { readonly [name: string]: OpenApiV3Schema };
  readonly additionalProperties?: OpenApiV3Schema | boolean;
  readonly items?: OpenApiV3Schema;
  readonly required?: readonly string[];
  readonly maxLength?: number;
  readonly maxItems?: number;
  readonly maxProperties?: number;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly nullable?: boolean;
  readonly 'x-kubernetes-int-or-string'?: boolean;
  readonly 'x-kubernetes-embedded-resource'?: boolean;
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean;
  readonly 'x-kubernetes-list-type'?: string;
  readonly 'x-kubernetes-list-map-keys'?: readonly string[];
}

/**
 * The CEL type of a schema's values, or undefined when the schema is not exposed to expressions.
 * `isResourceRoot` is true for the root of a custom resource: like the root of an embedded
 * resource, it always has apiVersion, kind, metadata.name and metadata.generateName.
 */
export function schemaCelType(schema: OpenApiV3Schema | undefined, isResourceRoot = false): CelType | undefined {
  if (!isSchema(schema)) return undefined;
  if (schema['x-kubernetes-int-or-string'] === true) {
    const maxElements = isNumber(schema.maxLength) ? maxBytesOfMaxLength(schema.maxLength) : maxStringBytesPerRequest;
    return withSchemaFacts({ kind: 'dyn' }, schema, maxElements, jsonSizes.minDyn);
  }
  const typed = isResourceRoot ? withTypeAndObjectMeta(schema) : schema;
  switch (typed.type) {
    case 'array':
      return listType(typed);
    case 'object':
      return isSchema(typed.additionalProperties) ? mapType(typed, typed.additionalProperties) : objectType(typed);
    case 'string':
      return stringType(typed);
    case 'boolean':
      return withSchemaFacts({ kind: 'bool' }, typed, 0, jsonSizes.minBool);
    case 'number':
      return withSchemaFacts({ kind: 'double' }, typed, 0, jsonSizes.minNumber);
    case 'integer':
      return withSchemaFacts({ kind: 'int' }, typed, 0, jsonSizes.minNumber);
    default:
      return undefined;
  }
}

function listType(schema: OpenApiV3Schema): CelType | undefined {
  if (!isSchema(schema.items)) return undefined;
  const elem = schemaCelType(schema.items, schema.items['x-kubernetes-embedded-resource'] === true);
  if (elem === undefined) return undefined;
  const maxItems = isNumber(schema.maxItems) ? zeroIfNegative(schema.maxItems) : maxListItemsPerRequest(minSerializedSize(elem));
  const list = withSchemaFacts({ kind: 'list', elem }, schema, maxItems, jsonSizes.emptyCollection);
  const declared = schema['x-kubernetes-list-type'];
  const kind: ListType | undefined = declared === 'atomic' || declared === 'set' || declared === 'map' ? declared : undefined;
  if (kind === undefined) return list;
  const keys = schema['x-kubernetes-list-map-keys'];
  return { ...list, listType: kind, ...(kind === 'map' && Array.isArray(keys) ? { listMapKeys: [...keys] } : {}) };
}

function mapType(schema: OpenApiV3Schema, values: OpenApiV3Schema): CelType | undefined {
  const value = schemaCelType(values, values['x-kubernetes-embedded-resource'] === true);
  if (value === undefined) return undefined;
  const maxProperties = isNumber(schema.maxProperties) ? zeroIfNegative(schema.maxProperties) : maxMapEntriesPerRequest(minSerializedSize(value));
  return withSchemaFacts({ kind: 'map', key: mapKeyType, value }, schema, maxProperties, jsonSizes.emptyCollection);
}

// Kubernetes types map keys as a plain string without a size of its own.
const mapKeyType: CelType = { kind: 'string', sizes: { maxElements: 0, minSerializedSize: jsonSizes.minString } };

function objectType(schema: OpenApiV3Schema): CelType {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields = new Map<string, DeclField>();
  let minSize = jsonSizes.emptyCollection;
  for (const [propertyName, property] of Object.entries(schema.properties ?? {})) {
    if (!isSchema(property)) continue;
    const type = schemaCelType(property, property['x-kubernetes-embedded-resource'] === true);
    if (type === undefined) continue;
    const name = escapePropertyName(propertyName);
    if (name !== undefined) {
      fields.set(name, {
        name,
        propertyName,
        type,
        required: required.has(propertyName),
        ...(Array.isArray(property.enum) ? { enum: property.enum } : {}),
        ...(hasDefault(property) ? { default: property.default } : {}),
      });
    }
    // A required property the server does not default is in every value: "name": plus its value
    // (an unreachable property still takes its room).
    if (required.has(propertyName) && !hasDefault(property)) minSize += utf8Length(propertyName) + minSerializedSize(type) + 4;
  }
  return withSchemaFacts({ kind: 'object', name: 'object', fields }, schema, 0, minSize);
}

function stringType(schema: OpenApiV3Schema): CelType {
  const maxLength = isNumber(schema.maxLength) ? schema.maxLength : undefined;
  switch (schema.format) {
    case 'byte':
      // maxLength of base64 text bounds the decoded bytes directly.
      return withSchemaFacts({ kind: 'bytes' }, schema, maxLength === undefined ? maxStringBytesPerRequest : zeroIfNegative(maxLength), jsonSizes.minString);
    case 'duration':
      return withSchemaFacts({ kind: 'duration' }, schema, jsonSizes.maxDuration, jsonSizes.minDuration);
    case 'date':
      return withSchemaFacts({ kind: 'timestamp' }, schema, jsonSizes.date, jsonSizes.date);
    case 'date-time':
      return withSchemaFacts({ kind: 'timestamp' }, schema, jsonSizes.maxDateTime, jsonSizes.minDateTime);
  }
  let maxElements: number;
  if (maxLength !== undefined) maxElements = maxBytesOfMaxLength(maxLength);
  else if (Array.isArray(schema.enum) && schema.enum.length > 0) maxElements = longestEnumString(schema.enum);
  else maxElements = maxStringBytesPerRequest;
  return withSchemaFacts({ kind: 'string' }, schema, maxElements, jsonSizes.minString);
}

/** The longest string among enum values, in bytes (0 when none is a string). */
const longestEnumString = (values: readonly unknown[]): number =>
  values.reduce<number>((longest, value) => (typeof value === 'string' ? Math.max(longest, utf8Length(value)) : longest), 0);

/**
 * The schema of a resource root as its rules see it: unless it already declares string kind and
 * apiVersion and a metadata object with string name and generateName, those are declared, and
 * metadata is then exactly {name, generateName}.
 */
export function withTypeAndObjectMeta(schema: OpenApiV3Schema): OpenApiV3Schema {
  const properties = schema.properties;
  const metadata = properties?.metadata?.properties;
  if (
    properties?.kind?.type === 'string' &&
    properties.apiVersion?.type === 'string' &&
    properties.metadata?.type === 'object' &&
    metadata?.name?.type === 'string' &&
    metadata.generateName?.type === 'string'
  ) {
    return schema;
  }
  const string: OpenApiV3Schema = { type: 'string' };
  return {
    ...schema,
    properties: {
      ...properties,
      kind: string,
      apiVersion: string,
      metadata: { type: 'object', properties: { name: string, generateName: string } },
    },
  };
}

/** The smallest JSON size of a value of a schema type (1, as for anything untyped, when unknown). */
export const minSerializedSize = (type: CelType): number => ('sizes' in type && type.sizes !== undefined ? type.sizes.minSerializedSize : jsonSizes.minDyn);

/** The most elements a value of a schema type holds, for the cost estimator (undefined when unknown). */
export const maxElements = (type: CelType): number | undefined => ('sizes' in type ? type.sizes?.maxElements : undefined);

function withSchemaFacts<T extends CelType>(type: T, schema: OpenApiV3Schema, maxElements: number, minSerializedSize: number): T {
  const sizes: SchemaSizes = { maxElements, minSerializedSize };
  return { ...type, sizes, ...(schema.nullable === true ? { nullable: true } : {}) };
}

// A default of null is no default: the server has nothing to fill in.
const hasDefault = (schema: OpenApiV3Schema): boolean => schema.default !== undefined && schema.default !== null;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Whether a value can be read as a schema: an object, not null nor an array. */
export function isSchema(value: unknown): value is OpenApiV3Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
